#!/usr/bin/env bash
# A cluster on this machine: two API nodes (ports 3001 and 3002; either one schedules, the other
# stands by) and one checker per region, over the local PostgreSQL and Redis. It makes a demo
# database `lookout_demo` (dropped and made again each time) and uses Redis database 9.
#
#   bash scripts/cluster-demo.sh            # runs until Ctrl-C, then stops every process
#   DEMO_SECONDS=90 bash scripts/cluster-demo.sh   # creates a monitor, shows its runs, stops
#
# Environment: PG_URL (postgres://postgres@127.0.0.1:5432), REDIS_BASE (redis://127.0.0.1:6379).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
pg="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
redis_url="${REDIS_BASE:-redis://127.0.0.1:6379}/9"
logs="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  echo "logs: $logs"
}
trap cleanup EXIT INT TERM

[ -f "$root/dist/main.js" ] || (cd "$root" && npm run build >/dev/null)
PGOPTIONS='--client-min-messages=warning' psql "$pg/postgres" -qAt -c 'drop database if exists lookout_demo with (force)' -c 'create database lookout_demo'
redis-cli -u "$redis_url" flushdb >/dev/null

export DATABASE_URL="$pg/lookout_demo"
export REDIS_URL="$redis_url"
export LOOKOUT_SECRET_KEY="$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")"
export LOOKOUT_TARGET_POLICY=all
lookout() { node "$root/dist/main.js" "$@"; }

lookout migrate
wait_for() { # file, text
  for _ in $(seq 1 120); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.5; done
  cat "$1"; echo "timed out waiting for \"$2\" in $1"; exit 1
}

# The first node bootstraps the empty database; the second starts once it has.
PORT=3001 PUBLIC_URL=http://localhost:3001 LOOKOUT_REGIONS=none lookout serve >"$logs/api-1.log" 2>&1 & pids+=($!)
wait_for "$logs/api-1.log" 'Lookout is listening'
PORT=3002 PUBLIC_URL=http://localhost:3001 LOOKOUT_REGIONS=none LOOKOUT_BOOTSTRAP=false lookout serve >"$logs/api-2.log" 2>&1 & pids+=($!)
for region in us-east eu-west asia; do
  lookout worker --region "$region" >"$logs/worker-$region.log" 2>&1 & pids+=($!)
done
wait_for "$logs/api-2.log" 'Lookout is listening'
for region in us-east eu-west asia; do wait_for "$logs/worker-$region.log" 'Lookout worker is checking'; done

token="$(grep -o 'lkt_[A-Za-z0-9]\{40\}' "$logs/api-1.log" | head -n 1)"
grep -h -A1 'API token' "$logs/api-1.log" || true
echo
echo "API nodes:  http://localhost:3001  http://localhost:3002   (token $token)"
echo "workers:    us-east, eu-west, asia"
echo "scheduler:  $(grep -l 'took the lease' "$logs"/api-*.log | xargs -n1 basename)"

if [ -n "${DEMO_SECONDS:-}" ]; then
  # A target on this machine, checked from every region, created on one node and read on the other.
  node -e "require('http').createServer((q, s) => s.end('ok')).listen(3009, '127.0.0.1')" & pids+=($!)
  id="$(curl -fsS -X POST -H "Authorization: Bearer $token" -H 'content-type: application/json' \
    -d '{"type":"http","name":"Demo","intervalSeconds":60,"timeoutSeconds":5,"regions":["us-east","eu-west","asia"],"url":"http://127.0.0.1:3009/","method":"GET","expectedStatus":200}' \
    http://localhost:3002/api/v1/monitors | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')"
  echo "monitor $id created on :3002; watching its runs on :3001 for $DEMO_SECONDS s"
  sleep "$DEMO_SECONDS"
  curl -fsS -H "Authorization: Bearer $token" "http://localhost:3001/api/v1/monitors/$id/runs" |
    node -e 'for (const r of JSON.parse(require("fs").readFileSync(0)).data) console.log(r.startedAt, r.region, r.ok ? "ok" : r.error.code, `${r.durationMs} ms`)'
  curl -fsS -H "Authorization: Bearer $token" "http://localhost:3001/api/v1/monitors/$id" | node -pe 'const m = JSON.parse(require("fs").readFileSync(0)); `status: ${m.status}`'
else
  echo "Ctrl-C stops the cluster."
  wait
fi
