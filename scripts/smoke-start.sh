#!/usr/bin/env bash
# Starts Lookout the way the README says (npm start) on an empty database in a scratch
# directory, then uses the printed token against the API. Exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
port="${PORT:-3000}"
log="$work/start.log"
# npm does not pass signals on to the server it starts: stop the whole process group.
cleanup() { [ -n "${pid:-}" ] && kill -- -"$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

(cd "$root" && DATABASE_URL="file:$work/lookout.db" PORT="$port" exec setsid npm start >"$log" 2>&1) &
pid=$!
# The first `npm start` compiles the server and the dashboard first: allow it three minutes.
for _ in $(seq 1 360); do
  grep -q 'API token:' "$log" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; echo "npm start exited early"; exit 1; }
  sleep 0.5
done
token="$(grep -o 'lkt_[A-Za-z0-9]\{40\}' "$log" | head -n 1)"
[ -n "$token" ] || { cat "$log"; echo "no token printed"; exit 1; }
body="$(curl -fsS -H "Authorization: Bearer $token" "http://localhost:$port/api/v1/teams/current")"
echo "GET /api/v1/teams/current -> $body"
echo "$body" | grep -q '"tokenRole":"Owner"'
echo "npm start: OK"
