#!/usr/bin/env bash
# The pattern docs/testing.md recommends, with curl (and jq, python3 or node to read JSON: lib.sh):
# set a world up once with a fixture, save it as a world snapshot, and restore it before each test;
# each test then adds faults of its world's own, reads its world's request journal and moves its
# world's clock. Against a running testbed:
#
#   FLEET_RATE_LIMIT=0 npx fleet-sim serve &   # or a CI service container
#   FLEET_URL=http://127.0.0.1:3000 bash examples/shell/suite.sh
#
# Every call names its world, so several jobs can run this side by side on one serve. Exit 0: every
# check passed; the world is deleted at the end. (From a shell, a journal filter with a template,
# `path=/v1/vehicles/{id}`, needs `curl -g`: curl reads `{id}` as a glob. This file filters by
# operation instead.)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Setup, once: 3 vehicles on both platforms, 3 drivers bound on platform_a, each assigned, a week of rides.
fixture='{"vehicles": 3, "drivers": 3, "registeredOn": ["platform_a", "platform_b"], "boundOn": ["platform_a"], "assigned": true, "rideDays": 7}'
tenant=$(control POST /tenants "{\"name\": \"Flota de la suite en shell\", \"fixture\": $fixture}")
TENANT_ID=$(json_get .id <<<"$tenant")
KEY=$(json_get .keys[0].key <<<"$tenant")
WORLD="/tenants/$TENANT_ID"
trap 'control DELETE "$WORLD" >/dev/null || true' EXIT
echo "mundo $TENANT_ID"
control_expect 201 POST "$WORLD/snapshots" '{"name": "inicio"}' >/dev/null
SAVED_AT=$(control GET "/clock?tenant=$TENANT_ID" | json_get .now)

# Before each test: the world as saved, and no fault rule or journal entry of the test before (a
# world's rules and journal are not in its snapshots): the restore clears them in the same call.
before_each() {
  control POST "$WORLD/snapshots/inicio/restore" '{"clearFaults": true, "clearRequests": true}' >/dev/null
}

# A vehicle with this world's next unique plate and VIN (no other world of the testbed holds them).
new_vehicle_body() {
  local plate vin
  plate=$(control POST "$WORLD/unique/plate" | json_get .value)
  vin=$(control POST "$WORLD/unique/vin" | json_get .value)
  echo "{\"plate\": \"$plate\", \"vin\": \"$vin\", \"brand\": \"Kia\", \"model\": \"Rio\", \"year\": 2022, \"color\": \"Rojo\", \"city\": \"Guadalajara\"}"
}

echo "== una creación que el límite de tasa rechaza dos veces, y el reintento"
before_each
control_expect 201 POST "$WORLD/faults" '{"effect": "rate_limited", "operation": "createVehicle", "times": 2, "retryAfter": 1}' >/dev/null
body=$(new_vehicle_body)
expect_eq "primer intento" "$(call 429 POST "$FLEET_URL/v1/vehicles" -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d "$body" | json_get .error.code)" RATE_LIMITED
call 429 POST "$FLEET_URL/v1/vehicles" -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d "$body" >/dev/null
api 201 POST /v1/vehicles "$body" >/dev/null
sent=$(control GET "$WORLD/requests?operation=createVehicle")
expect_eq "lo que el código envió, del más nuevo al más viejo" \
  "$(json_get .data[0].status <<<"$sent") $(json_get .data[1].status <<<"$sent") $(json_get .data[2].status <<<"$sent") $(json_get .data[3] <<<"$sent")" "201 429 429 null"

echo "== platform_b caída solo para este mundo"
before_each
control POST "$WORLD/faults" '{"platform": "platform_b", "mode": "error"}' >/dev/null
VEHICLE_ID=$(api 201 POST /v1/vehicles "$(new_vehicle_body)" | json_get .id)
expect_eq "registro en platform_b" "$(api 503 POST "/v1/vehicles/$VEHICLE_ID/registrations" '{"platform": "platform_b"}' | json_get .error.code)" PLATFORM_UNAVAILABLE
failed=$(control GET "$WORLD/requests?status=5xx")
expect_eq "la solicitud fallida en el diario" "$(json_get .data[0].operation <<<"$failed") $(json_get .data[1] <<<"$failed")" "registerVehicle null"
# A week of this world's time: the next test starts from the snapshot's time all the same.
control POST /clock/advance "{\"duration\": \"7d\", \"tenant\": \"$TENANT_ID\"}" >/dev/null

echo "== el mundo restaurado, y un día de su reloj"
before_each
vehicles=$(api 200 GET '/v1/vehicles?limit=100')
expect_eq "vehículos del fixture (el de la prueba anterior ya no está)" "$(json_get .data[2].status <<<"$vehicles") $(json_get .data[3] <<<"$vehicles")" "activo null"
# The world's clock runs on from the snapshot's time (a serve started with FLEET_CLOCK_START holds it still).
# Seconds since 1970 of an ISO instant: GNU date (Linux), or coreutils' gdate on macOS.
secs() { date -u -d "$1" +%s 2>/dev/null || gdate -u -d "$1" +%s; }
restored=$(secs "$(control GET "/clock?tenant=$TENANT_ID" | json_get .now)")
expect_eq "la hora del mundo, de vuelta a la de la instantánea" "$(( restored - $(secs "$SAVED_AT") < 3600 ))" 1
advanced=$(secs "$(control POST /clock/advance "{\"duration\": \"1d\", \"tenant\": \"$TENANT_ID\"}" | json_get .now)")
expect_eq "un día después" "$(( advanced - restored >= 86400 && advanced - restored < 86400 + 3600 ))" 1

echo "suite completa"
