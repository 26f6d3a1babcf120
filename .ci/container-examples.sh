# The recipes of examples/container/ run against the image CI built, sourced by .ci/container.sh
# after container-lib.sh. Each starts what it needs and leaves it to cleanup() if it fails half-way.

compose() {
  FLEET_TESTBED_IMAGE="$IMAGE" FLEET_PORT="$COMPOSE_PORT" podman-compose -p "$COMPOSE_PROJECT" -f examples/container/compose.yaml "$@"
}

# compose.yaml as a team would run it: up, health from outside, the control API behind the token, down.
run_compose_example() {
  if ! command -v podman-compose >/dev/null; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman-compose >/dev/null
  fi
  COMPOSE_PROJECT="$RUN_ID-compose"
  COMPOSE_PORT=$(free_port)
  compose up -d >"$SCRATCH/compose.log" 2>&1 || { cat "$SCRATCH/compose.log" >&2; fail "compose up failed"; }
  local name
  name=$(podman ps -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT")
  URL="http://127.0.0.1:$COMPOSE_PORT"
  export FLEET_URL=$URL
  wait_ready "$name" "$URL"
  check "compose: GET /v1/health 200 on FLEET_PORT" call 200 GET "$URL/v1/health"
  check "compose: the image's HEALTHCHECK passes" podman healthcheck run "$name"
  check "compose: control API without the token: 401" call 401 GET "$URL/_testbed/tenants"
  check "compose: control API with FLEET_CONTROL_TOKEN: 200" control GET /tenants
  check "compose: data in the named volume" grep -q "${COMPOSE_PROJECT}_fleet-data" <<<"$(podman inspect "$name" --format '{{json .Mounts}}')"
  # From a shell without the token, as a teardown step of its own runs it.
  (unset FLEET_CONTROL_TOKEN; compose down -v) >>"$SCRATCH/compose.log" 2>&1 || { cat "$SCRATCH/compose.log" >&2; fail "compose down failed"; }
  # podman-compose 1.0 leaves the project's network behind.
  podman network rm "${COMPOSE_PROJECT}_default" >/dev/null 2>&1 || true
  COMPOSE_PROJECT=""
}

# podman's Docker-compatible API on a socket of this run, as DOCKER_HOST for Testcontainers.
start_docker_api() {
  DOCKER_SOCKET="$SCRATCH/podman.sock"
  podman system service --time=0 "unix://$DOCKER_SOCKET" >"$SCRATCH/service.log" 2>&1 &
  SERVICE_PID=$!
  for _ in $(seq 1 100); do [ -S "$DOCKER_SOCKET" ] && return 0; sleep 0.1; done
  cat "$SCRATCH/service.log" >&2
  fail "podman system service did not open $DOCKER_SOCKET within 10 s"
}

# dockerd runs a container's HEALTHCHECK on its own; podman asks systemd for a timer, and a machine
# without systemd never runs it, so health stays `starting`. Here this loop plays the scheduler for
# the containers Testcontainers starts from the image (their wait strategy reads the health status);
# where systemd runs the checks too, the extra runs change nothing.
start_health_scheduler() {
  (
    while true; do
      for id in $(podman ps -q --filter label=org.testcontainers=true --filter "ancestor=$IMAGE" 2>/dev/null); do
        podman healthcheck run "$id" >/dev/null 2>&1 || true
      done
      sleep 0.5
    done
  ) &
  HEALTH_PID=$!
}

run_testcontainers_example() {
  local dir=examples/container/testcontainers
  (cd "$dir" && npm ci --no-audit --no-fund 2>&1) | tee "$SCRATCH/testcontainers-install.log"
  if grep -Eiq 'install.scripts' "$SCRATCH/testcontainers-install.log"; then fail "npm ci in $dir reported install scripts that its allowScripts does not cover"; fi
  start_docker_api
  start_health_scheduler
  # Ryuk (Testcontainers' reaper) is an image from Docker Hub; cleanup() removes what a failed run leaves.
  (cd "$dir" && DOCKER_HOST="unix://$DOCKER_SOCKET" TESTCONTAINERS_RYUK_DISABLED=true FLEET_TESTBED_IMAGE="$IMAGE" timeout 300 npm test) ||
    fail "the Testcontainers example failed"
  check "testcontainers: the example left no container behind" test -z "$(podman ps -aq --filter label=org.testcontainers=true --filter "ancestor=$IMAGE")"
}

# github-actions.yml's test job as a runner would run it (.ci/container-actions.mjs); its steps use jq,
# as GitHub's runners have it.
run_actions_example() {
  command -v jq >/dev/null || fail "jq is needed to try examples/container/github-actions.yml"
  node .ci/container-actions.mjs "$IMAGE" "$RUN_ID" "$SCRATCH"
}
