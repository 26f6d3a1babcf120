#!/usr/bin/env bash
# CI of the container image (contract §6, docs/container.md): builds the root Dockerfile with podman
# and checks, from outside the container, what a user of `docker run` relies on; then tries the
# recipes of examples/container/ (compose, Testcontainers through podman's Docker-compatible socket,
# the GitHub Actions workflow's test job).
# Standalone: `bash .ci/container.sh` from anywhere in the checkout (root, or passwordless sudo, to
# install podman). Exit 0: every check passed. Prints the build, ready and stop times and the size.
set -euo pipefail
cd "$(dirname "$0")/.."
. examples/shell/lib.sh
. .ci/container-lib.sh
. .ci/container-examples.sh

RUN_ID="fleet-ci-$$"
IMAGE="localhost/fleet-testbed:ci"
VOLUME="$RUN_ID-data"
ANY_UID_VOLUME="$RUN_ID-any-uid"
FLEET_CONTROL_TOKEN=$(node -p 'require("node:crypto").randomBytes(24).toString("hex")')
export FLEET_CONTROL_TOKEN
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/fleet-container-ci-XXXXXX")
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Where no registry is reachable, a local stand-in for node:24-bookworm-slim (it installs podman too);
# elsewhere podman pulls the real base image.
if [ -f ../shared/container/stand-in-base.sh ]; then
  as_root bash ../shared/container/stand-in-base.sh 24 bookworm
fi
command -v podman >/dev/null || fail "podman is not installed"

echo "== build"
started=$(now_ms)
# Docker's image format: the OCI one has no HEALTHCHECK.
podman build --format docker -t "$IMAGE" . >"$SCRATCH/build.log" 2>&1 || { tail -40 "$SCRATCH/build.log" >&2; fail "the image did not build"; }
BUILD_MS=$(( $(now_ms) - started ))
SIZE_BYTES=$(podman image inspect "$IMAGE" --format '{{.Size}}')
SIZE_MB=$(( SIZE_BYTES / 1000000 ))
check "image size ${SIZE_MB} MB ≤ 250 MB" test "$SIZE_BYTES" -le 250000000
check_image_config

echo "== refusals"
check_refuses "a token shorter than 16 characters" FLEET_CONTROL_TOKEN -e FLEET_CONTROL_TOKEN=short
check_refuses "FLEET_HOST=0.0.0.0 without FLEET_CONTROL_TOKEN" FLEET_CONTROL_TOKEN -e FLEET_CONTROL_TOKEN=
# A bind mount the image's user cannot write: mode 755, owned by the container's root (the host user
# running podman).
mkdir -m 755 "$SCRATCH/root-owned"
check_refuses "a data dir that node cannot write" FLEET_DATA_DIR=/data -e FLEET_CONTROL_TOKEN -v "$SCRATCH/root-owned:/data"

echo "== first container, new volume"
start_container first
READY_MS=$LAST_READY_MS
check_first_output first
check_health first
check_not_root first
check_control_api
check_demo_key_answers first
container_smoke first
echo "-- examples/shell/onboarding.sh against $URL"
FLEET_URL="$URL" bash examples/shell/onboarding.sh >"$SCRATCH/onboarding.log" 2>&1 || { cat "$SCRATCH/onboarding.log" >&2; fail "the shell example failed against the container"; }
echo "ok: examples/shell/onboarding.sh passes against the container"
kept=$(control POST /tenants '{"name": "Flota que sobrevive al contenedor"}')
KEPT_TENANT=$(json_get .id <<<"$kept")
KEPT_KEY=$(json_get .keys[0].key <<<"$kept")
stop_container first
STOP_MS=$LAST_STOP_MS

echo "== second container, same volume, read-only root filesystem"
start_container second --read-only
check_second_run
stop_container second INT

echo "== read-only root with no writable /tmp (Docker's --read-only without --tmpfs)"
start_container no-tmp --read-only --read-only-tmpfs=false
check "no-tmp: serve says at start that nothing temporary can be written" grep -q 'Aviso: no hay un directorio temporal escribible' <(podman logs "no-tmp-$RUN_ID" 2>&1)
# SQLite's sorts that outgrew its cache spilled to /tmp: past ~100 vehicles platform_b failed, for every world after.
NO_TMP_WORLD=$(control POST /tenants '{"name": "Flota sin tmp", "fixture": {"vehicles": 200, "registeredOn": ["platform_b"]}}' | json_get .id) || true
check "no-tmp: a 200-vehicle fixture on platform_b is made (201), SQLite's temporaries in memory" test -n "$NO_TMP_WORLD"
check "no-tmp: and another world's after it (201)" control POST /tenants '{"name": "Flota después", "fixture": {"vehicles": 10, "registeredOn": ["platform_b"]}}'
check "no-tmp: a world snapshot of the 200-vehicle world is saved (201: its copy in memory)" \
  call 201 POST "$FLEET_URL/_testbed/tenants/$NO_TMP_WORLD/snapshots" -H "Authorization: Bearer $FLEET_CONTROL_TOKEN" -H 'content-type: application/json' -d '{"name": "sin-tmp"}'
stop_container no-tmp

echo "== an arbitrary uid in group 0 on the volume the default user made (a deployment moved to OpenShift)"
start_container moved-uid --user 345678:0
check "moved-uid: it writes what the default user made (a world created)" control POST /tenants '{"name": "Flota del pod movido"}'
stop_container moved-uid

echo "== an arbitrary uid in group 0 (OpenShift's restricted policy), a new volume"
DATA_VOLUME=$ANY_UID_VOLUME start_container any-uid --user 123456:0
check_first_output any-uid
check_demo_key_answers any-uid
check "any-uid: serve runs as uid 123456" test "$(podman exec "any-uid-$RUN_ID" awk '/^Uid:/ { print $2 }' /proc/1/status)" = 123456
stop_container any-uid

echo "== another arbitrary uid in group 0 on that volume (the next pod of the same deployment)"
DATA_VOLUME=$ANY_UID_VOLUME start_container other-uid --user 234567:0
check_demo_key_answers other-uid
check "other-uid: serve runs as uid 234567" test "$(podman exec "other-uid-$RUN_ID" awk '/^Uid:/ { print $2 }' /proc/1/status)" = 234567
check "other-uid: it writes what uid 123456 made (a world created)" control POST /tenants '{"name": "Flota del segundo pod"}'
check "other-uid: a reset opens the baseline uid 123456 made (200)" control POST /reset
stop_container other-uid

echo "== the default user again on that volume (a deployment moved back from OpenShift)"
DATA_VOLUME=$ANY_UID_VOLUME start_container back-default
check "back-default: a reset opens the baseline the uids of group 0 made (200, not 503)" control POST /reset
check "back-default: it writes there (a world created)" control POST /tenants '{"name": "Flota de vuelta"}'
stop_container back-default

echo "== examples/container/compose.yaml"
run_compose_example

echo "== examples/container/testcontainers (podman's Docker-compatible socket)"
run_testcontainers_example

echo "== examples/container/github-actions.yml (its test job, without a runner)"
run_actions_example

echo "== container CI passed: build $(seconds "$BUILD_MS"), image ${SIZE_MB} MB, ready $(seconds "$READY_MS") after run, stop $(seconds "$STOP_MS")"
