#!/usr/bin/env bash
# The onboarding flow of examples/vitest with curl (and jq, python3 or node to read JSON: lib.sh), for
# teams that do not write Node (Python, Go, Java: each step is one HTTP call to copy). Against a
# running testbed:
#
#   npx fleet-sim serve &                      # or a CI service container
#   FLEET_URL=http://127.0.0.1:3000 bash examples/shell/onboarding.sh
#
# It makes its own world (a tenant with a key and its own clock), so it runs beside anything else,
# checks what it reads at each step, and deletes the world at the end. Exit 0: every check passed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# 1. A world: a new tenant with one test key (all six scopes) and a clock of its own.
tenant=$(control POST /tenants '{"name": "Flota del ejemplo en shell"}')
TENANT_ID=$(json_get .id <<<"$tenant")
KEY=$(json_get .keys[0].key <<<"$tenant")
trap 'control DELETE "/tenants/$TENANT_ID" >/dev/null || true' EXIT
echo "mundo $TENANT_ID"

# Plates, VINs and WhatsApp numbers are unique across the API: the world's next ones, which no other
# world of this testbed holds.
PLATE=$(control POST "/tenants/$TENANT_ID/unique/plate" | json_get .value)
VIN=$(control POST "/tenants/$TENANT_ID/unique/vin" | json_get .value)
WHATSAPP=$(control POST "/tenants/$TENANT_ID/unique/whatsapp" | json_get .value)

# 2. A vehicle on both platforms: platform_b registers it at once, platform_a starts a review.
vehicle=$(api 201 POST /v1/vehicles "{\"plate\": \"$PLATE\", \"vin\": \"$VIN\", \"brand\": \"Nissan\", \"model\": \"Versa\",
  \"year\": 2023, \"color\": \"blanco\", \"city\": \"Guadalajara\", \"platforms\": [\"platform_a\", \"platform_b\"]}")
VEHICLE_ID=$(json_get .id <<<"$vehicle")
expect_eq "platform_a al registrar" "$(api 201 POST "/v1/vehicles/$VEHICLE_ID/registrations" '{"platform": "platform_a"}' | json_get .status)" pending
expect_eq "platform_b al registrar" "$(api 201 POST "/v1/vehicles/$VEHICLE_ID/registrations" '{"platform": "platform_b"}' | json_get .status)" registered

# 3. The circulation card (a 1×1 PNG here): platform_a's review starts now.
card=$(mktemp --suffix=.png)
base64 -d >"$card" <<<'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
upload=$(call 201 POST "$FLEET_URL/v1/vehicles/$VEHICLE_ID/documents" -H "Authorization: Bearer $KEY" \
  -F type=circulation_card_front -F "file=@$card;type=image/png")
rm -f "$card"
expect_eq "tarjeta" "$(json_get .status <<<"$upload")" submitted
expect_eq "vehículo en revisión" "$(api 200 GET "/v1/vehicles/$VEHICLE_ID" | json_get .status)" pending_platform_a

# 4. Wait for the review by moving this world's clock: a review ends within 24 simulated hours.
control POST /clock/advance "{\"duration\": \"1d\", \"tenant\": \"$TENANT_ID\"}" >/dev/null
expect_eq "revisión de platform_a" "$(api 200 GET "/v1/vehicles/$VEHICLE_ID/registrations/platform_a" | json_get .status)" approved

# 5. A driver, invited to platform_a, accepts in the app (the control API plays the driver).
driver=$(api 201 POST /v1/drivers "{\"name\": \"Ana López\", \"whatsapp\": \"$WHATSAPP\", \"city\": \"Guadalajara\"}")
DRIVER_ID=$(json_get .id <<<"$driver")
expect_eq "invitación" "$(api 201 POST "/v1/drivers/$DRIVER_ID/invitations" '{"platform": "platform_a"}' | json_get .status)" invited
expect_eq "respuesta en la app" "$(control POST "/platform-a/drivers/$DRIVER_ID/accept" | json_get .status)" bound
control POST /clock/advance "{\"duration\": \"1d\", \"tenant\": \"$TENANT_ID\"}" >/dev/null
expect_eq "revisión del conductor" "$(api 200 GET "/v1/drivers/$DRIVER_ID/invitations/platform_a" | json_get .reviewStatus)" approved

# 6. The driver takes the vehicle: both platforms hold the binding.
assignment=$(api 201 POST /v1/assignments "{\"vehicleId\": \"$VEHICLE_ID\", \"driverId\": \"$DRIVER_ID\"}")
expect_eq "asignación" "$(json_get .platformSync <<<"$assignment")" synced

# 7. A week goes by; its rides and earnings are in the API when the advance returns.
FROM=$(control GET "/clock?tenant=$TENANT_ID" | json_get .now | cut -c1-10)
control POST /clock/advance "{\"duration\": \"8d\", \"tenant\": \"$TENANT_ID\"}" >/dev/null
TO=$(date -u -d "$FROM + 6 days" +%F)
for platform in platform_a platform_b; do
  summary=$(api 200 GET "/v1/earnings/summary?platform=$platform&from=$FROM&to=$TO")
  trips=$(json_get .totals.trips <<<"$summary")
  [ "$trips" -gt 0 ] || { echo "FALLO: $platform no tiene viajes del $FROM al $TO" >&2; exit 1; }
  echo "ok: $platform del $FROM al $TO: $trips viajes, $(json_get .totals.netMxn <<<"$summary") MXN netos"
done

echo "onboarding completo"
