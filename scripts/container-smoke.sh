#!/usr/bin/env bash
# Builds the image and runs it the way the README says, on a machine with Docker (not run in CI here:
# the CI machines have no Docker daemon). Exits non-zero on any failure.
#
#   bash scripts/container-smoke.sh                        # the build machine's architecture
#   PLATFORM=linux/arm64 bash scripts/container-smoke.sh    # another one (buildx with QEMU/binfmt)
#
# It builds the image, starts it with a fresh volume, waits for the image's HEALTHCHECK (/healthz) to
# report healthy, uses the printed token against the API, creates a user and a token with the CLI
# inside the running container, checks the key file's mode in the volume, takes a backup, restarts
# the container on the same volume (the data and key survive), and removes everything it made.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tag="lookout:smoke-$$"
name="lookout-smoke-$$"
volume="lookout-smoke-$$"
port="${PORT:-3300}"
platform_args=()
[ -n "${PLATFORM:-}" ] && platform_args=(--platform "$PLATFORM")

cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$volume" >/dev/null 2>&1 || true
  docker image rm "$tag" >/dev/null 2>&1 || true
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }

step "build $tag ${PLATFORM:-}"
docker build "${platform_args[@]}" -t "$tag" "$root"

start() {
  docker run -d --name "$name" "${platform_args[@]}" -p "127.0.0.1:$port:3000" -v "$volume:/data" "$tag" >/dev/null
}
wait_healthy() {
  for _ in $(seq 1 90); do
    state="$(docker inspect -f '{{.State.Health.Status}}' "$name" 2>/dev/null || echo missing)"
    [ "$state" = healthy ] && return 0
    [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || { docker logs "$name"; echo "container exited"; exit 1; }
    sleep 2
  done
  docker logs "$name"; echo "not healthy after 180 s (last state: $state)"; exit 1
}

step "run with volume $volume"
start
wait_healthy
echo "healthy"

step "the printed token answers"
token="$(docker logs "$name" 2>&1 | grep -o 'lkt_[A-Za-z0-9]\{40\}' | head -n 1)"
[ -n "$token" ] || { docker logs "$name"; echo "no token printed"; exit 1; }
curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/teams/current" | tee /dev/stderr | grep -q '"tokenRole":"Owner"'
echo

step "the CLI inside the container"
[ "$(docker exec "$name" id -u)" != 0 ] || { echo "runs as root"; exit 1; }
team="$(docker exec "$name" lookout team create --name Smoke --json | grep -o '"id":"[^"]*"' | cut -d'"' -f4)"
echo 'a long enough password' | docker exec -i "$name" lookout user create --email smoke@lookout.local --password-stdin --json
docker exec "$name" lookout member add --team "$team" --email smoke@lookout.local --role Admin --json
cli_token="$(docker exec "$name" lookout token create --team "$team" --email smoke@lookout.local --name smoke --json | grep -o 'lkt_[A-Za-z0-9]\{40\}')"
curl -fsS -H "Authorization: Bearer $cli_token" "http://127.0.0.1:$port/api/v1/teams/current" | grep -q '"name":"Smoke"'
echo "token from the CLI answers"

step "the volume: key file 0600, a backup"
[ "$(docker exec "$name" stat -c '%a %U' /data/secret.key)" = "600 node" ] || { docker exec "$name" ls -la /data; echo "bad key file mode"; exit 1; }
docker exec "$name" lookout backup /data/smoke-backup.db
[ "$(docker exec "$name" stat -c '%a' /data/smoke-backup.db)" = 600 ]

step "restart on the same volume"
docker rm -f "$name" >/dev/null
start
wait_healthy
docker logs "$name" 2>&1 | grep -q 'API token:' && { echo "bootstrapped again on a used volume"; exit 1; }
curl -fsS -H "Authorization: Bearer $cli_token" "http://127.0.0.1:$port/api/v1/teams/current" | grep -q '"name":"Smoke"'
echo "data and key survived"

step "worker by argument"
out="$(docker run --rm "${platform_args[@]}" "$tag" worker --region us-east 2>&1 || true)"
echo "$out" | grep -q 'set REDIS_URL' || { echo "$out"; echo "lookout worker did not run"; exit 1; }
echo "lookout worker runs (and asks for Redis, as it should without REDIS_URL)"

printf '\ncontainer smoke: OK (%s)\n' "$(docker inspect -f '{{.Architecture}}' "$tag")"
