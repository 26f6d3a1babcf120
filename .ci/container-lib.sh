# The checks of .ci/container.sh, sourced after examples/shell/lib.sh (call, control, api, json_get).
# Containers are named `<role>-$RUN_ID` and labelled fleet-ci=$RUN_ID, so cleanup finds them all.
# Real-time waits here are bounded guards against a hang, never a simulated delay.

now_ms() { date +%s%3N; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.2f s", ms / 1000 }'; }
fail() { echo "CI container: FALLO: $*" >&2; exit 1; }

# check DESCRIPTION COMMAND...: runs the command in this shell (functions included).
check() {
  local what=$1
  shift
  if "$@" >/dev/null 2>&1; then echo "ok: $what"; else fail "$what"; fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif sudo -n true 2>/dev/null; then sudo -n "$@"; else fail "root or passwordless sudo is needed for: $*"; fi
}

cleanup() {
  set +e
  [ -n "${HEALTH_PID:-}" ] && kill "$HEALTH_PID" 2>/dev/null
  [ -n "${SERVICE_PID:-}" ] && kill "$SERVICE_PID" 2>/dev/null
  local ids
  ids=$(podman ps -aq --filter "label=fleet-ci=$RUN_ID" 2>/dev/null; podman ps -aq --filter label=org.testcontainers=true --filter "ancestor=$IMAGE" 2>/dev/null)
  [ -n "$ids" ] && podman rm -f -v -t 0 $ids >/dev/null 2>&1
  [ -n "${COMPOSE_PROJECT:-}" ] && compose down -v >/dev/null 2>&1 && podman network rm "${COMPOSE_PROJECT}_default" >/dev/null 2>&1
  podman volume rm -f "$VOLUME" "$ANY_UID_VOLUME" >/dev/null 2>&1
  rm -rf "$SCRATCH"
}

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# Polls GET /v1/health from outside until 200 (30 s at most); fails early when the container exits,
# looked at once a second only (a podman call costs far more CPU than the poll it would slow down).
wait_ready() {
  local name=$1 url=$2
  for i in $(seq 1 600); do
    curl -fsS -m 1 -o /dev/null "$url/v1/health" 2>/dev/null && return 0
    if [ $((i % 20)) -eq 0 ] && [ "$(podman inspect "$name" --format '{{.State.Running}}' 2>/dev/null)" != true ]; then break; fi
    sleep 0.05
  done
  podman logs "$name" >&2 2>&1 || true
  fail "$name: GET /v1/health did not answer 200 within 30 s"
}

# start_container ROLE [PODMAN_RUN_OPTIONS...]: a container on $VOLUME with the token, on a free
# host port; sets URL, FLEET_URL (for lib.sh) and LAST_READY_MS (from `podman run` to the first 200
# from outside).
start_container() {
  local role=$1 name="$1-$RUN_ID" started port
  shift
  started=$(now_ms)
  podman run -d --name "$name" --label "fleet-ci=$RUN_ID" -p 127.0.0.1::3000 -e FLEET_CONTROL_TOKEN \
    -v "${DATA_VOLUME:-$VOLUME}:/data" "$@" "$IMAGE" >/dev/null 2>>"$SCRATCH/podman.log"
  port=$(podman port "$name" 3000 | head -n 1 | sed 's/.*://')
  URL="http://127.0.0.1:$port"
  export FLEET_URL=$URL
  wait_ready "$name" "$URL"
  LAST_READY_MS=$(( $(now_ms) - started ))
  echo "ok: $role: GET /v1/health 200 from outside, $(seconds "$LAST_READY_MS") after podman run"
}

# stop_container ROLE [SIGNAL]: `podman stop` (SIGTERM, SIGKILL after 10 s), or that signal (INT: a
# Ctrl-C on `docker run -it`), must end it within 5 s, by serve's own exit.
stop_container() {
  local name="$1-$RUN_ID" signal=${2:-TERM} started code
  started=$(now_ms)
  if [ "$signal" = TERM ]; then
    podman stop -t 10 "$name" >/dev/null 2>>"$SCRATCH/podman.log"
  else
    podman kill -s "$signal" "$name" >/dev/null 2>>"$SCRATCH/podman.log"
    timeout 10 podman wait "$name" >/dev/null || podman stop -t 0 "$name" >/dev/null 2>&1
  fi
  LAST_STOP_MS=$(( $(now_ms) - started ))
  code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
  check "$1: SIG$signal stopped it in $(seconds "$LAST_STOP_MS") (≤ 5 s)" test "$LAST_STOP_MS" -le 5000
  check "$1: serve exited 0, not killed (exit code $code)" test "$code" = 0
  podman rm -v "$name" >/dev/null 2>>"$SCRATCH/podman.log"
}

image_config() { podman image inspect "$IMAGE" --format "$1"; }

check_image_config() {
  check "runs as user node, group root (an arbitrary uid's group)" test "$(image_config '{{.Config.User}}')" = node:0
  check "labels its version as package.json's" test "$(image_config '{{index .Config.Labels "org.opencontainers.image.version"}}')" = "$(node -p "require('./package.json').version")"
  check "exposes 3000/tcp" grep -q '3000/tcp' <<<"$(image_config '{{json .Config.ExposedPorts}}')"
  check "declares the volume /data" grep -q '"/data"' <<<"$(image_config '{{json .Config.Volumes}}')"
  check "has a HEALTHCHECK on /v1/health" grep -q '/v1/health' <<<"$(image_config '{{json .Config.Healthcheck}}')"
  local env
  env=$(image_config '{{json .Config.Env}}')
  for pair in FLEET_HOST=0.0.0.0 FLEET_DATA_DIR=/data PORT=3000; do check "sets $pair" grep -q "\"$pair\"" <<<"$env"; done
}

# check_refuses WHAT TEXT PODMAN_RUN_OPTIONS...: serve exits 1 at once with one line containing TEXT.
check_refuses() {
  local what=$1 text=$2 name="refused-$RUN_ID" output
  shift 2
  podman run -d --name "$name" --label "fleet-ci=$RUN_ID" "$@" "$IMAGE" >/dev/null 2>>"$SCRATCH/podman.log"
  timeout 30 podman wait "$name" >/dev/null || fail "$what: serve did not exit within 30 s"
  output=$(podman logs "$name" 2>&1)
  check "$what: exit code 1" test "$(podman inspect "$name" --format '{{.State.ExitCode}}')" = 1
  check "$what: one line naming $text, no stack trace ($output)" test "$(wc -l <<<"$output")" -eq 1 -a -n "$(grep -F "$text" <<<"$output")"
  podman rm -v "$name" >/dev/null 2>>"$SCRATCH/podman.log"
}

check_first_output() {
  local logs
  logs=$(podman logs "$1-$RUN_ID" 2>&1)
  DEMO_KEY=$(grep -o 'fk_test_[A-Za-z0-9_]*' <<<"$logs" | head -n 1)
  check "$1: the demo key is printed on a new volume" test -n "$DEMO_KEY"
  check "$1: listening on http://127.0.0.1:3000 (every interface: 0.0.0.0)" grep -qF 'listening on http://127.0.0.1:3000 (every interface: 0.0.0.0)' <<<"$logs"
}

# health_lines NAME: the request lines of GET /v1/health in the container's log so far.
health_lines() { podman logs "$1-$RUN_ID" 2>&1 | grep -c '"path":"/v1/health"' || true; }

check_health() {
  check "$1: GET /v1/health is {status: ok, version: 1.0.0}" test "$(call 200 GET "$URL/v1/health")" = '{"status":"ok","version":"1.0.0"}'
  local before
  before=$(health_lines "$1")
  check "$1: the image's HEALTHCHECK passes (podman healthcheck run)" podman healthcheck run "$1-$RUN_ID"
  podman healthcheck run "$1-$RUN_ID" && podman healthcheck run "$1-$RUN_ID"
  # Three probes: logged, they would add three lines; a line of the call above written late adds one.
  check "$1: the HEALTHCHECK's probes write no request line" test $(( $(health_lines "$1") - before )) -lt 3
}

check_not_root() {
  local name="$1-$RUN_ID"
  check "$1: podman exec runs as a uid other than 0" test "$(podman exec "$name" id -u)" != 0
  check "$1: PID 1 is serve" grep -q serve <<<"$(podman exec "$name" cat /proc/1/cmdline | tr '\0' ' ')"
  check "$1: PID 1's uid is not 0" test "$(podman exec "$name" awk '/^Uid:/ { print $2 }' /proc/1/status)" != 0
  check "$1: nothing under /app may be written by serve's group (root) or others" test -z "$(podman exec "$name" find /app -perm /022 ! -type l -print -quit)"
}

error_code() { json_get .error.code <<<"$1"; }

check_control_api() {
  check "control API without the token: 401 UNAUTHORIZED" test "$(error_code "$(call 401 GET "$URL/_testbed/tenants")")" = UNAUTHORIZED
  check "control API with a wrong token: 401 UNAUTHORIZED" test "$(error_code "$(call 401 GET "$URL/_testbed/tenants" -H 'Authorization: Bearer wrong-token-0123456789')")" = UNAUTHORIZED
  check "control API with a partner key: 401" call 401 GET "$URL/_testbed/tenants" -H "Authorization: Bearer ${DEMO_KEY:-fk_test_x}"
  check "control API with the token: 200" control GET /tenants
}

# me KEY: GET /v1/me with that key, which must answer 200.
me() { KEY=$1 api 200 GET /v1/me; }

check_demo_key_answers() {
  check "$1: the demo key answers GET /v1/me" me "$DEMO_KEY"
}

# The contract's smoke (../shared/smoke.mjs) against the container: the API from outside, the CLI
# where the data dir is (`podman exec … fleet-sim`, as `docker exec` does).
container_smoke() {
  local name="$1-$RUN_ID" tenant key answer before after moved
  check "smoke: GET /v1/me without a key is 401 UNAUTHORIZED" test "$(error_code "$(call 401 GET "$URL/v1/me")")" = UNAUTHORIZED
  tenant=$(podman exec "$name" fleet-sim tenants create --name 'Flota Smoke' --json | json_get .id)
  key=$(podman exec "$name" fleet-sim keys create --tenant "$tenant" --json | json_get .key)
  answer=$(me "$key")
  check "smoke: the CLI's new key names its tenant" test "$(json_get .tenantId <<<"$answer")" = "$tenant"
  check "smoke: with six scopes, environment test" test "$(node -p 'const m = JSON.parse(process.argv[1]); `${m.scopes.length}/${m.environment}`' "$answer")" = 6/test
  before=$(podman exec "$name" fleet-sim clock now --json | json_get .now)
  after=$(podman exec "$name" fleet-sim clock advance 6h --json | json_get .now)
  moved=$(node -p "Date.parse('$after') - Date.parse('$before')")
  check "smoke: clock advance 6h moves simulated time by about six hours ($moved ms)" test "$moved" -ge 21600000 -a "$moved" -lt 21660000
}

# The second container on the first one's volume: the same data, and no second demo key.
check_second_run() {
  local logs
  logs=$(podman logs "second-$RUN_ID" 2>&1)
  check "second: no demo key printed on a volume that has one" test -z "$(grep -o 'fk_test_' <<<"$logs")"
  check "second: the tenant made in the first container is listed" grep -q "$KEPT_TENANT" <<<"$(control GET /tenants)"
  check "second: its key still answers GET /v1/me" me "$KEPT_KEY"
  check "second: the demo key too" me "$DEMO_KEY"
}
