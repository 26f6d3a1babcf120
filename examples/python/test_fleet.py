"""The recommended pattern from Python (docs/testing.md): one world per test class, set up once with a
fixture, saved, and restored before each test; unique values for new records; a fault rule to test
the client's retries; the journal to see what it sent. Other classes' worlds run beside it untouched.

    python3 -m unittest -v test_fleet                                     # starts a serve (node_modules/.bin/fleet-sim)
    FLEET_URL=http://127.0.0.1:3000 python3 -m unittest -v test_fleet     # on a running serve
"""
import unittest
from contextlib import contextmanager
from datetime import datetime

from fleet_client import create_vehicle
from testbed import ControlError, Testbed

TESTBED = None


def setUpModule():
    global TESTBED
    TESTBED = Testbed.from_env()


def tearDownModule():
    TESTBED.stop()


@contextmanager
def two_worlds(first_name, second_name):
    """Two worlds side by side for one test, deleted after it however it ends."""
    first, second = TESTBED.create_world(first_name), TESTBED.create_world(second_name)
    try:
        yield first, second
    finally:
        first.delete()
        second.delete()


def _seconds(iso):
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def register_on_platform_b(world):
    """A new vehicle of the world, then its registration on platform_b: a call the API makes to the platform at once."""
    vehicle = world.api("POST", "/v1/vehicles", new_vehicle(world)).body
    return world.api("POST", f"/v1/vehicles/{vehicle['id']}/registrations", {"platform": "platform_b"})


def new_vehicle(world):
    return {"plate": world.unique("plate"), "vin": world.unique("vin"), "brand": "Nissan", "model": "Versa",
            "year": 2023, "color": "blanco", "city": "Guadalajara"}


class WorldPerClass(unittest.TestCase):
    """The recommended pattern: the class's world made once (NAME, its own: the world's ids come from
    it; FIXTURE), saved, and restored before each test; deleted after the class."""
    NAME, FIXTURE = None, None

    @classmethod
    def setUpClass(cls):
        cls.world = TESTBED.create_world(cls.NAME, fixture=cls.FIXTURE)
        cls.world.snapshot("inicio")

    @classmethod
    def tearDownClass(cls):
        cls.world.delete()

    def setUp(self):
        # The world as it was saved; its fault rules and journal are not part of a snapshot,
        # so the restore clears them in the same call.
        self.world.restore("inicio", clear_faults=True, clear_requests=True)


class AFleetOfThree(WorldPerClass):
    NAME, FIXTURE = "Python: flota de tres", {"vehicles": 3, "registeredOn": ["platform_b"]}

    def vehicles(self):
        return self.world.api("GET", "/v1/vehicles?limit=100").body["data"]

    def test_the_fixture_vehicles_are_listed_registered_on_platform_b(self):
        ids = {vehicle["id"] for vehicle in self.vehicles()}

        self.assertEqual(ids, set(self.world.fixture["vehicleIds"]))
        registration = self.world.api("GET", f"/v1/vehicles/{self.world.fixture['vehicleIds'][0]}/registrations/platform_b")
        self.assertEqual(registration.body["status"], "registered")
        # A journal filter by the document's template: every vehicle's registration read, this one.
        read = self.world.requests(path="/v1/vehicles/{id}/registrations/{platform}")
        self.assertEqual([entry["path"] for entry in read], [f"/v1/vehicles/{self.world.fixture['vehicleIds'][0]}/registrations/platform_b"])

    def test_a_vehicle_made_by_a_test_is_gone_before_the_next(self):
        made = create_vehicle(self.world.api, new_vehicle(self.world))

        self.assertIn(made["id"], {vehicle["id"] for vehicle in self.vehicles()})
        self.world.restore("inicio")
        self.assertEqual(len(self.vehicles()), 3)

    def test_two_429s_then_the_client_waits_retry_after_each_time_and_the_third_try_creates(self):
        fault = self.world.add_fault(effect="rate_limited", operation="createVehicle", times=2, retryAfter=1)
        waits = []

        made = create_vehicle(self.world.api, new_vehicle(self.world), sleep=waits.append)

        self.assertEqual(waits, [1, 1])
        self.assertEqual(self.world.fault_hits(fault), 2)
        tries = self.world.requests(operation="createVehicle")
        self.assertEqual([entry["status"] for entry in reversed(tries)], [429, 429, 201])
        self.assertEqual(tries[0]["response"]["body"]["id"], made["id"])

    def test_a_lost_answer_the_retry_finds_the_vehicle_instead_of_making_two(self):
        self.world.add_fault(effect="unavailable", operation="createVehicle", when="after", times=1, retryAfter=2)
        waits = []

        made = create_vehicle(self.world.api, new_vehicle(self.world), sleep=waits.append)

        self.assertEqual(waits, [2])
        self.assertEqual(len(self.vehicles()), 4)
        self.assertIn(made["id"], {vehicle["id"] for vehicle in self.vehicles()})

    def test_the_journal_gives_every_match_past_its_first_page_and_no_429_comes_from_the_limiter(self):
        answers = [self.world.api("GET", "/v1/me").status for _ in range(60)]

        self.assertEqual(set(answers), {200})
        self.assertEqual(len(self.world.requests(operation="getMe")), 60)
        self.assertEqual(len(self.world.requests(operation="getMe", limit=5)), 5)

    def test_bad_input_is_a_spanish_400_that_changes_nothing(self):
        answer = self.world.api("POST", "/v1/vehicles", {**new_vehicle(self.world), "year": 1999})

        self.assertEqual(answer.status, 400)
        self.assertEqual(answer.body["error"]["code"], "VALIDATION")
        self.assertEqual(len(self.vehicles()), 3)


# A 1×1 PNG: platform_a reviews the card's type, not its picture.
CARD = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                     "1f15c4890000000d4944415478da636460f85f0f0002870180"
                     "eb47ba920000000049454e44ae426082")


class MagicValuesAndReviews(WorldPerClass):
    NAME = "Python: valores mágicos"

    def test_a_unique_plate_starting_rb_is_refused_by_platform_b(self):
        vehicle = self.world.api("POST", "/v1/vehicles", {**new_vehicle(self.world), "plate": self.world.unique("plate", starting_with="RB")}).body

        answer = self.world.api("POST", f"/v1/vehicles/{vehicle['id']}/registrations", {"platform": "platform_b"})

        self.assertTrue(vehicle["plate"].startswith("RB"))
        self.assertEqual((answer.status, answer.body["error"]["code"]), (422, "PLATFORM_REJECTED"))

    def test_a_driver_whose_number_ends_0002_declines_an_hour_after_the_invitation(self):
        whatsapp = self.world.unique("whatsapp", ending_with="0002")
        driver = self.world.api("POST", "/v1/drivers", {"name": "Ana López", "whatsapp": whatsapp, "city": "Guadalajara"}).body
        self.world.api("POST", f"/v1/drivers/{driver['id']}/invitations", {"platform": "platform_a"})

        self.world.advance("61m")

        invitation = self.world.api("GET", f"/v1/drivers/{driver['id']}/invitations/platform_a").body
        self.assertEqual((whatsapp[-4:], invitation["status"]), ("0002", "rejected"))

    def test_a_card_sent_and_approved_by_the_reviewers_approves_the_vehicle_and_coverage_counts_it(self):
        vehicle = self.world.api("POST", "/v1/vehicles", new_vehicle(self.world)).body
        self.world.api("POST", f"/v1/vehicles/{vehicle['id']}/registrations", {"platform": "platform_a"})

        sent = self.world.upload_card(vehicle["id"], CARD)
        self.world.review(vehicle["id"], "approved")
        self.world.sync()

        self.assertEqual(sent.status, 201)
        registration = self.world.api("GET", f"/v1/vehicles/{vehicle['id']}/registrations/platform_a").body
        self.assertEqual(registration["status"], "approved")
        counted = {(t["machine"], t["from"], t["to"]): t["count"] for t in self.world.coverage()["transitions"]}
        self.assertGreaterEqual(counted[("registration.platform_a", "pending", "approved")], 1)


class AnotherWorldBesideIt(unittest.TestCase):
    def test_it_sees_none_of_the_first_worlds_data_faults_or_journal(self):
        with two_worlds("Python: con fallos", "Python: tranquila") as (first, other):
            first.add_fault(effect="internal")

            answer = other.api("POST", "/v1/vehicles", new_vehicle(other))

            self.assertEqual(answer.status, 201)
            self.assertEqual(first.api("GET", "/v1/vehicles").status, 500)
            self.assertEqual(len(other.requests()), 1)
            self.assertEqual([entry["status"] for entry in first.requests()], [500])

    def test_an_advance_moves_this_worlds_clock_alone(self):
        with two_worlds("Python: un día después", "Python: quieta") as (moved, still):
            before, still_before = moved.now(), still.now()

            after = moved.advance("1d")

            self.assertGreaterEqual(_seconds(after) - _seconds(before), 86400)
            self.assertGreaterEqual(_seconds(moved.now()), _seconds(after))
            self.assertLess(_seconds(still.now()) - _seconds(still_before), 3600)

    def test_a_platform_fault_of_one_world_is_a_503_there_alone(self):
        with two_worlds("Python: plataforma caída", "Python: plataforma en pie") as (failing, other):
            failing.platform_fault("platform_b", "error")

            refused = register_on_platform_b(failing)
            registered = register_on_platform_b(other)

            self.assertEqual((refused.status, refused.body["error"]["code"]), (503, "PLATFORM_UNAVAILABLE"))
            self.assertEqual(refused.headers.get("x-testbed-platform-fault"), "platform_b; scope=world")
            self.assertEqual((registered.status, registered.body["status"]), (201, "registered"))

    def test_a_sync_while_a_platform_fails_names_what_it_could_not_read_and_a_later_one_reads_it(self):
        world = TESTBED.create_world("Python: sincronía", fixture={"vehicles": 1, "registeredOn": ["platform_b"]})
        try:
            world.platform_fault("platform_b", "error")

            unread = world.sync()
            world.platform_fault("platform_b", "none")

            self.assertTrue(unread)
            self.assertEqual({entry["tenant"] for entry in unread}, {world.id})
            self.assertEqual(world.sync(), [])
        finally:
            world.delete()

    def test_a_worlds_snapshots_are_listed_the_last_saved_first_and_one_deleted_is_gone(self):
        world = TESTBED.create_world("Python: instantáneas")
        try:
            world.snapshot("primera")
            world.snapshot("segunda")

            self.assertEqual([saved["name"] for saved in world.snapshots()], ["segunda", "primera"])
            world.delete_snapshot("segunda")
            self.assertEqual([saved["name"] for saved in world.snapshots()], ["primera"])
        finally:
            world.delete()

    def test_a_world_deleted_twice_is_gone_without_error(self):
        world = TESTBED.create_world("Python: borrada dos veces")

        world.delete()
        world.delete()

        self.assertEqual(world.api("GET", "/v1/vehicles").status, 401)
        with self.assertRaises(ControlError) as raised:
            world.control("GET", "/snapshots")
        self.assertIn(f"El tenant {world.id} no existe", str(raised.exception))

    def test_a_control_call_that_fails_raises_with_the_testbeds_message(self):
        with self.assertRaises(ControlError) as raised:
            TESTBED.control("POST", "/tenants", {"name": "Python", "fixure": {"vehicles": 1}})

        self.assertEqual(raised.exception.answer.status, 400)
        self.assertIn("campo desconocido: fixure", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
