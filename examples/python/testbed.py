"""The fleet testbed from Python, with the standard library only: start a serve (or reach a running
one), make worlds with fixtures, rewind them, draw unique values, add fault rules, read the journal.

What fleet-testbed/testing does for Node, in a page: copy this file into your tests. POSIX only
(Linux, macOS): serve runs in a process group of its own, stopped as a whole.
"""
import atexit
import json
import os
import re
import secrets
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request


START_TIMEOUT_S = 60


class Answer:
    """An HTTP answer: its status, headers and JSON body (None when empty)."""

    def __init__(self, status, headers, raw):
        self.status, self.headers = status, headers
        self.body = json.loads(raw) if raw else None

    def __repr__(self):
        return f"<{self.status} {json.dumps(self.body, ensure_ascii=False)[:300]}>"


class ControlError(Exception):
    """A control call that did not succeed: its status and the testbed's Spanish message."""

    def __init__(self, answer):
        error = (answer.body or {}).get("error", {})
        super().__init__(f"{answer.status} {error.get('code')}: {error.get('message')}")
        self.answer = answer


# No proxy: HTTP_PROXY in a CI's environment would send calls meant for the local serve to it.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http(method, url, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    headers = dict(headers or {}, **({"Content-Type": "application/json"} if data is not None else {}))
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with OPENER.open(request, timeout=60) as response:
            return Answer(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


def drain(fd):
    try:
        while os.read(fd, 65536):
            pass
    except OSError:  # closed by stop() before the end of serve's output was read
        pass


def local_fleet_sim():
    """`fleet-sim` of the nearest node_modules/.bin from here up, run as is: serve's parent is then this
    process. Else `npx --no-install`: never a download of whatever package of that name the registry has."""
    here = os.path.abspath(os.getcwd())
    while True:
        candidate = os.path.join(here, "node_modules", ".bin", "fleet-sim")
        if os.access(candidate, os.X_OK):
            return shlex.quote(candidate)
        if os.path.dirname(here) == here:
            return "npx --no-install fleet-sim"
        here = os.path.dirname(here)


def exit_on_sigterm():
    """SIGTERM ends Python without its exit handlers; as an exit (143) it runs them. Not over a handler of yours."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))


def serve_root(url):
    """FLEET_URL without its trailing slash; refused when it ends in one of the serve's own paths.

    Every call adds its path after it: `…/v1` sent them to `…/v1/_testbed/…`, answered 401 "Falta la
    clave de API", which points away from the URL (the CLI and connectTestbed refuse it too).
    """
    if re.search(r"[?#]", url):
        raise ValueError(f"FLEET_URL no lleva ? ni #: solo el origen y, si hace falta, una ruta (recibido: {url})")
    root = url.rstrip("/")
    surface = re.search(r"/(v1|_testbed|dashboard|docs)$", urllib.parse.urlsplit(root).path, re.IGNORECASE)
    if surface:
        raise ValueError(f"FLEET_URL es la raíz del serve, sin {surface.group(0)}: p. ej. {root[:-len(surface.group(0))]}")
    return root


class Testbed:
    """A serve: `Testbed.from_env()` reaches FLEET_URL, or starts one (FLEET_SIM, default local_fleet_sim()).

    FLEET_CONTROL_TOKEN, when set, is sent on every control call (and a serve started here gets it).
    """

    __test__ = False  # pytest: a helper, not a test class (its name starts with Test)

    def __init__(self, url, process=None, data_dir=None):
        self.url, self.process, self.data_dir = url, process, data_dir
        self._drain = None  # the thread reading serve's output, once it listens
        token = os.environ.get("FLEET_CONTROL_TOKEN")
        self.control_headers = {"Authorization": f"Bearer {token}"} if token else {}

    @classmethod
    def from_env(cls):
        url = os.environ.get("FLEET_URL")
        return cls(serve_root(url)) if url else cls.start(os.environ.get("FLEET_SIM") or local_fleet_sim())

    @classmethod
    def start(cls, command):
        """`serve` on a free port (PORT=0) and a new data dir; resolves once it prints where it listens."""
        data_dir = tempfile.mkdtemp(prefix="fleet-testbed-")
        # Rate limit off unless you set one, as fleet-testbed/testing does: parallel tests share the
        # serve, and a 429 of the limiter (not of a fault rule you added) would fail them at random.
        # serve stops, and removes its data dir, once this process is gone, even killed with SIGKILL
        # (no atexit then): it watches this pid, not its parent, which a wrapper (npx) may be.
        env = dict(os.environ, PORT="0", FLEET_DATA_DIR=data_dir, FLEET_THROWAWAY_DATA_DIR=data_dir,
                   FLEET_EXIT_WITH_PARENT=str(os.getpid()))
        env.setdefault("FLEET_RATE_LIMIT", "0")
        try:
            # A session of its own: stop() signals serve and its simulators together.
            process = subprocess.Popen(shlex.split(command) + ["serve"], env=env, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, start_new_session=True)
        except OSError:
            shutil.rmtree(data_dir, ignore_errors=True)
            raise
        testbed = cls(None, process, data_dir)
        try:
            testbed.url = testbed._listening()
        except BaseException:  # Ctrl-C, a serve that stopped or never listened: nothing is left behind
            testbed.stop()
            raise
        # Stopped however the run ends: at exit (Ctrl-C skips tearDownModule), and on SIGTERM (a CI's
        # timeout) as on an exit; serve is in a session of its own, so no signal to ours reaches it.
        atexit.register(testbed.stop)
        exit_on_sigterm()
        return testbed

    def _listening(self):
        # Read in this thread alone, a while at a time, so that Ctrl-C reaches it, and a serve that never
        # listens is stopped at the deadline.
        deadline = time.monotonic() + START_TIMEOUT_S
        fd, seen = self.process.stdout.fileno(), b""
        while time.monotonic() < deadline:
            if not select.select([fd], [], [], 0.2)[0]:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError("serve se detuvo antes de escuchar:\n" + seen.decode(errors="replace"))
            seen += chunk
            listening = re.search(rb"listening on (http://\S+)", seen)
            if listening:
                # Keep reading what serve prints (a line a request), or it blocks once the pipe is full.
                self._drain = threading.Thread(target=drain, args=(fd,), daemon=True)
                self._drain.start()
                return listening.group(1).decode()
        raise RuntimeError(f"serve no escuchó en {START_TIMEOUT_S} s:\n" + seen.decode(errors="replace"))

    def _signal(self, sig):
        try:
            os.killpg(self.process.pid, sig)
        except ProcessLookupError:  # already gone
            pass

    def stop(self):
        """SIGTERM to serve's group (it stops its simulators within seconds), SIGKILL if it does not; its data dir goes."""
        if self.process and self.process.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self.process.wait()
        if self.process and self.process.stdout and not self.process.stdout.closed:
            # The reader ends at serve's last byte; closed under it, its fd number could be reused
            # by the next serve's pipe, whose `listening on` line it would then swallow.
            if self._drain:
                self._drain.join(5)
            if not (self._drain and self._drain.is_alive()):
                self.process.stdout.close()
        if self.data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def control(self, method, path, body=None):
        answer = http(method, f"{self.url}/_testbed{path}", body, self.control_headers)
        if answer.status >= 300:
            raise ControlError(answer)
        return answer.body

    def create_world(self, name, fixture=None):
        """A tenant with one key holding every scope; `fixture` populates it (docs/testing.md). Its id comes
        from its name (and the worlds of that name before it): give each test module's world a name of its own."""
        return World(self, self.control("POST", "/tenants", {"name": name, **({"fixture": fixture} if fixture else {})}))

    def coverage(self):
        """The transitions of spec §3 every world made, deleted ones included: a suite's, read after its run."""
        return self.control("GET", "/coverage")


class World:
    """One tenant: its own data, key, clock, snapshots, fault rules and journal."""

    def __init__(self, testbed, created):
        self.testbed, self.id, self.key = testbed, created["id"], created["keys"][0]["key"]
        self.fixture = created.get("fixture", {})

    def api(self, method, path, body=None):
        """A partner API call with the world's key; never raises on a status (your code's job)."""
        return http(method, f"{self.testbed.url}{path}", body, {"Authorization": f"Bearer {self.key}"})

    def control(self, method, path="", body=None):
        """A control call under /_testbed/tenants/{id}; testbed.control reaches the others."""
        return self.testbed.control(method, f"/tenants/{self.id}{path}", body)

    def unique(self, kind, starting_with=None, ending_with=None):
        """A plate, VIN or WhatsApp number ('plate', 'vin', 'whatsapp') no other world of the serve has; a magic
        one when asked (README, "Magic values"): starting_with='RB' for a plate, ending_with='0002' for a number."""
        magic = {k: v for k, v in (("startingWith", starting_with), ("endingWith", ending_with)) if v is not None}
        return self.control("POST", f"/unique/{kind}", magic or None)["value"]

    def upload_card(self, vehicle_id, data, content_type="image/png", filename="card.png"):
        """Sends a vehicle's circulation card (the file's bytes) as your code would: multipart/form-data."""
        boundary = f"fleet-testbed-{secrets.token_hex(16)}"  # never inside the file's bytes
        body = (f'--{boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncirculation_card_front\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                f"Content-Type: {content_type}\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(f"{self.testbed.url}/v1/vehicles/{vehicle_id}/documents", data=body, method="POST", headers={
            "Authorization": f"Bearer {self.key}", "Content-Type": f"multipart/form-data; boundary={boundary}"})
        try:
            with OPENER.open(request, timeout=60) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read())

    def review(self, vehicle_id, verdict, card=None):
        """platform_a's reviewers decide the vehicle's pending review now ('approved' or 'rejected')."""
        return self.testbed.control("POST", f"/platform-a/vehicles/{vehicle_id}/review", {"verdict": verdict, **({"card": card} if card else {})})

    def coverage(self):
        """The transitions of spec §3 this world made, its restores notwithstanding: {covered, total, transitions}."""
        return self.testbed.control("GET", f"/coverage?tenant={urllib.parse.quote(self.id, safe='')}")

    def advance(self, duration):
        """Moves this world's clock alone ('45m', '6h', '3d'); what fell due has happened on return. Answers the new now."""
        return self.testbed.control("POST", "/clock/advance", {"duration": duration, "tenant": self.id})["now"]

    def now(self):
        """This world's simulated now (ISO 8601)."""
        return self.testbed.control("GET", f"/clock?tenant={self.id}")["now"]

    def sync(self):
        """Reads this world from the platforms now, as its advance does; answers what it could not read (`notSynced`, empty when all was)."""
        return self.testbed.control("POST", f"/sync?tenant={urllib.parse.quote(self.id, safe='')}")["notSynced"]

    def platform_fault(self, platform, mode, ms=None):
        """platform_a or platform_b fails ('error') or answers slowly ('slow', after ms) for this world alone, until 'none'."""
        return self.control("POST", "/faults", {"platform": platform, "mode": mode, **({"ms": ms} if ms is not None else {})})

    def snapshot(self, name):
        return self.control("POST", "/snapshots", {"name": name})

    def restore(self, name, clear_faults=False, clear_requests=False):
        """The world as saved. A snapshot holds neither its fault rules nor its journal: clear_faults clears
        the rules (and platform faults) once the world is put back, before the days since the save are read,
        clear_requests the journal before the world's held requests go on; a refused restore clears nothing."""
        body = {k: True for k, on in (("clearFaults", clear_faults), ("clearRequests", clear_requests)) if on}
        return self.control("POST", f"/snapshots/{urllib.parse.quote(name, safe='')}/restore", body or None)

    def snapshots(self):
        """The world's snapshots, the last saved first: [{name, createdAt, sizeBytes}]."""
        return self.control("GET", "/snapshots")["data"]

    def delete_snapshot(self, name):
        self.control("DELETE", f"/snapshots/{urllib.parse.quote(name, safe='')}")

    def add_fault(self, **rule):
        """A fault rule on this world's requests; answers its id (`flt_1`…)."""
        return self.control("POST", "/faults", rule)["id"]

    def fault_hits(self, fault_id):
        return self.control("GET", f"/faults/{urllib.parse.quote(fault_id, safe='')}")["hits"]

    def clear_faults(self):
        self.control("DELETE", "/faults")

    def requests(self, **filters):
        """Every journal entry that matches, newest first (page after page): what your code sent, and what it got."""
        entries, query = [], dict(filters)
        while True:
            page = self.control("GET", f"/requests?{urllib.parse.urlencode(query)}")
            entries += page["data"]
            if not page["hasMore"] or "limit" in filters:
                return entries
            query["startingAfter"] = page["data"][-1]["id"]

    def clear_requests(self):
        self.control("DELETE", "/requests")

    def delete(self):
        """Deletes the world; one already gone (a test deleted it, a reset) is not an error, as in teardown."""
        try:
            self.control("DELETE")
        except ControlError as error:
            if error.answer.status != 404:
                raise
