"""The code under test: a fleet integration's client that retries as the partner API asks."""
import time

# The statuses the API asks to try again after: 429 RATE_LIMITED and 503 PLATFORM_UNAVAILABLE.
RETRIED = {429, 503}


def create_vehicle(api, vehicle, sleep=time.sleep, tries=5):
    """POST /v1/vehicles, waiting Retry-After seconds after a 429 or 503; answers the vehicle made.

    A 503 can come after the vehicle was written (its answer lost): a retry then meets 409 for its
    own plate, and the vehicle is found by that plate instead.
    """
    for _ in range(tries):
        answer = api("POST", "/v1/vehicles", vehicle)
        if answer.status == 201:
            return answer.body
        if answer.status == 409:
            found = api("GET", f"/v1/vehicles?plate={vehicle['plate']}").body["data"]
            if found:
                return found[0]
        if answer.status not in RETRIED:
            raise RuntimeError(f"POST /v1/vehicles: {answer}")
        sleep(int(answer.headers.get("Retry-After", "1")))
    raise RuntimeError(f"POST /v1/vehicles: sin éxito tras {tries} intentos")
