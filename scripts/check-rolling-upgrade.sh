#!/usr/bin/env bash
# Rehearses the rolling upgrade of docs/operations.md ("Upgrading") across the newest migration, on a
# throwaway database of the local Postgres: the previous version (the commit before the one that added
# the newest migration file) migrates the database and serves; traffic runs (scripts/rolling-upgrade-
# traffic.ts); this version's `npm run migrate` runs while the old node serves; a new node starts beside
# it; both serve; the old one is stopped with SIGTERM. Fails on any 5xx or failed connection on either node.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
START=$SECONDS

PG=${ROLLING_CHECK_PG:-postgres://postgres@127.0.0.1:5432}
DB=forwardly_rolling_$$_$RANDOM
WORK=$(mktemp -d /tmp/forwardly-rolling-XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  dropdb --if-exists --force --maintenance-db="$PG/postgres" "$DB" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
say() { echo "[$((SECONDS - START))s] $*"; }

# The previous version: the parent of the commit that added the newest migration.
newest=$(git ls-files server/src/db/migrations | grep -E '/[0-9]{4}_[^/]*\.sql$' | sort | tail -1)
added=$(git log -1 --diff-filter=A --format=%H -- "$newest")
previous=$(git rev-parse "$added^")
say "newest migration $(basename "$newest"), added by ${added:0:10}; previous version ${previous:0:10}"

mkdir "$WORK/old" "$WORK/new"
git archive "$previous" | tar -x -C "$WORK/old"
# Both resolve their packages to this checkout's node_modules.
ln -s "$ROOT/node_modules" "$WORK/old/node_modules"
ln -s "$ROOT/node_modules" "$WORK/new/node_modules"
# The old node runs as that version ran in production: compiled if it had a build, else from its sources.
if [ -f "$WORK/old/server/serve.sh" ]; then
  (cd "$WORK/old" && node_modules/.bin/tsx scripts/build-server.ts)
  old_cmd=(sh build/server/serve.sh build/server/main.js)
elif [ -f "$WORK/old/scripts/build-server.ts" ]; then
  (cd "$WORK/old" && node_modules/.bin/tsx scripts/build-server.ts)
  old_cmd=(node --enable-source-maps build/server/main.js)
else
  old_cmd=(node --import tsx server/src/main.ts)
fi
node_modules/.bin/tsx scripts/build-server.ts "$WORK/new/build/server"
say "both versions built"

createdb --maintenance-db="$PG/postgres" "$DB"
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
OLD_PORT=$(free_port)
NEW_PORT=$(free_port)
while [ "$NEW_PORT" = "$OLD_PORT" ]; do NEW_PORT=$(free_port); done
# Production as a demo runs it (sandbox providers), one JWT secret for both, Redis if there is one.
export NODE_ENV=production ALLOW_SANDBOX=true HOST=127.0.0.1 DATABASE_URL="$PG/$DB" \
  JWT_SECRET=$(head -c 48 /dev/urandom | base64 | tr -d '/+=\n') AUTH_RATE_LIMIT=1000000 \
  SHUTDOWN_DELAY_MS=1000 REDIS_PREFIX="rolling-$$"
if redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then export REDIS_URL=redis://127.0.0.1:6379; fi

# Waits for a child to exit, at most $2 seconds (then kills it); its exit code in $exit_code (137: killed).
wait_exit() {
  for _ in $(seq $(($2 * 10))); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$1" 2>/dev/null || true
  exit_code=0
  wait "$1" || exit_code=$?
}

wait_ready() { # name port pid
  for _ in $(seq 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$2/api/health" 2>/dev/null && return 0
    kill -0 "$3" 2>/dev/null || break
    sleep 0.1
  done
  echo "the $1 node did not start:" >&2
  tail -40 "$WORK/$1.log" >&2
  exit 1
}

# The old version migrates the empty database as it starts, as it did.
(cd "$WORK/old" && PORT=$OLD_PORT DATA_DIR="$WORK/old-data" exec "${old_cmd[@]}") >"$WORK/old.log" 2>&1 &
old_pid=$!
pids+=("$old_pid")
wait_ready old "$OLD_PORT" "$old_pid"
say "old node up on :$OLD_PORT (${old_cmd[*]})"

mkfifo "$WORK/traffic-in"
node_modules/.bin/tsx scripts/rolling-upgrade-traffic.ts "old=http://127.0.0.1:$OLD_PORT" \
  "new=http://127.0.0.1:$NEW_PORT" <"$WORK/traffic-in" >"$WORK/traffic.log" 2>&1 &
traffic_pid=$!
pids+=("$traffic_pid")
exec 3>"$WORK/traffic-in"
sleep 5

say "migrating with the new version while the old node serves"
node --enable-source-maps "$WORK/new/build/server/migrate.js"
sleep 5

(PORT=$NEW_PORT DATA_DIR="$WORK/new-data" MIGRATE_ON_START=false \
  exec sh "$WORK/new/build/server/serve.sh" "$WORK/new/build/server/main.js") >"$WORK/new.log" 2>&1 &
new_pid=$!
pids+=("$new_pid")
wait_ready new "$NEW_PORT" "$new_pid"
say "new node up on :$NEW_PORT; traffic on both"
sleep 8

# A version that drains turns unready on SIGTERM and the traffic leaves it; one that cannot is taken
# out of rotation first, as the load balancer would be told to.
if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$OLD_PORT/api/health/ready")" != 200 ]; then
  echo "retire old" >&3
  for _ in $(seq 300); do grep -q '^retired old' "$WORK/traffic.log" && break; sleep 0.1; done
  say "old node out of rotation (it has no readiness to drain with)"
fi
say "SIGTERM to the old node"
kill -TERM "$old_pid"
wait_exit "$old_pid" 30
old_code=$exit_code
say "old node exited $old_code"
sleep 3

echo stop >&3
exec 3>&-
wait_exit "$traffic_pid" 30
traffic_code=$exit_code
kill -TERM "$new_pid"
wait_exit "$new_pid" 30
cat "$WORK/traffic.log"
say "done"
if [ "$traffic_code" != 0 ] || [ "$old_code" != 0 ]; then
  echo "rolling upgrade FAILED (traffic $traffic_code, old node exit $old_code); the nodes' logs:" >&2
  grep -hE '"level":(50|60)' "$WORK/old.log" "$WORK/new.log" | cut -c1-600 | tail -5 >&2 || true
  exit 1
fi
echo "rolling upgrade: no 5xx and no failed connection on either node"
