#!/usr/bin/env bash
# Runs the compiled server behind PgBouncer in transaction mode (docs/operations-migrations.md,
# "Connections") on a throwaway database of the local Postgres: it migrates through PgBouncer as it
# starts, starts its scheduled jobs (pg-boss), and serves the traffic of scripts/rolling-upgrade-traffic.ts
# (sign-ups, checkouts, numbers, inbound calls, dashboard reads) for 20 s. Fails on any 5xx or failed
# connection. PgBouncer is Debian's (1.18 on Debian 12: no prepared statements in transaction mode).
set -euo pipefail
cd "$(dirname "$0")/.."
PG_PORT=${PGBOUNCER_CHECK_PG_PORT:-5432}
BOUNCER_PORT=${PGBOUNCER_CHECK_PORT:-56439}
DB=forwardly_pgbouncer_$$_$RANDOM
WORK=$(mktemp -d /tmp/forwardly-pgbouncer-XXXXXX)
# Inside the checkout, so the compiled server finds its packages in node_modules.
BUILD=build/pgbouncer-check-$$
server_pid=''
cleanup() {
  if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [ -f "$WORK/pgbouncer.pid" ]; then kill "$(cat "$WORK/pgbouncer.pid")" 2>/dev/null || true; fi
  dropdb --if-exists --force -h 127.0.0.1 -p "$PG_PORT" -U postgres "$DB" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$WORK" "$BUILD"
}
trap cleanup EXIT

PGBOUNCER=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
[ -x "$PGBOUNCER" ] || { echo "pgbouncer is not installed (apt-get install pgbouncer; .ci/run does)" >&2; exit 1; }
"$PGBOUNCER" --version | head -1

cat >"$WORK/pgbouncer.ini" <<CONF
[databases]
$DB = host=127.0.0.1 port=$PG_PORT dbname=$DB
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $BOUNCER_PORT
unix_socket_dir =
auth_type = trust
auth_file = $WORK/users.txt
pool_mode = transaction
default_pool_size = 10
max_client_conn = 100
logfile = $WORK/pgbouncer.log
pidfile = $WORK/pgbouncer.pid
CONF
echo '"postgres" ""' >"$WORK/users.txt"
# PgBouncer refuses to run as root: as root, it runs as the postgres user.
if [ "$(id -u)" = 0 ]; then
  chown -R postgres: "$WORK"
  runuser -u postgres -- "$PGBOUNCER" -d "$WORK/pgbouncer.ini"
else
  "$PGBOUNCER" -d "$WORK/pgbouncer.ini"
fi

createdb -h 127.0.0.1 -p "$PG_PORT" -U postgres "$DB"
# Set on the database, as the runbook says: PgBouncer refuses it as a start-up parameter.
psql -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$DB" -c \
  "alter database \"$DB\" set plan_cache_mode = force_generic_plan"
node_modules/.bin/tsx scripts/build-server.ts "$BUILD"

PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
(NODE_ENV=production ALLOW_SANDBOX=true HOST=127.0.0.1 PORT=$PORT DATA_DIR="$WORK/data" \
  DATABASE_URL="postgres://postgres@127.0.0.1:$BOUNCER_PORT/$DB" DATABASE_PGBOUNCER=true \
  JWT_SECRET=$(head -c 48 /dev/urandom | base64 | tr -d '/+=\n') AUTH_RATE_LIMIT=1000000 \
  exec sh "$BUILD/serve.sh" "$BUILD/main.js") >"$WORK/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 600); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/health/ready" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { tail -40 "$WORK/server.log" >&2; exit 1; }
  sleep 0.1
done
echo "server up behind PgBouncer on :$PORT; 20 s of traffic"

code=0
(sleep 20; echo stop) | node_modules/.bin/tsx scripts/rolling-upgrade-traffic.ts \
  "pgbouncer=http://127.0.0.1:$PORT" || code=$?
kill -TERM "$server_pid"
wait "$server_pid" || code=$?
server_pid=''
if grep -qE '"level":(50|60)' "$WORK/server.log"; then
  echo "the server logged errors behind PgBouncer:" >&2
  grep -hE '"level":(50|60)' "$WORK/server.log" | cut -c1-600 | tail -5 >&2
  code=1
fi
[ "$code" = 0 ] && echo "PgBouncer (transaction mode): no 5xx, no failed connection, no error logged"
exit "$code"
