#!/usr/bin/env bash
# Rehearses the restore of docs/operations.md ("Backups and restore") on a throwaway cluster of the local
# Postgres (its own folder and port, never the shared server): WAL archived as compose.yaml archives it,
# a base backup taken as the nightly one is, rows written before and after a moment T, then the backup
# restored to T with the same recovery settings. Passes when exactly the rows written before T are back.
set -euo pipefail

BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PORT=${RESTORE_CHECK_PORT:-55439}
WORK=$(mktemp -d /tmp/forwardly-restore-XXXXXX)
# Postgres refuses to run as root: as root, run its programs as the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres: "$WORK"
stop() { as_pg "$BIN/pg_ctl" -D "$1" stop -m "${2:-fast}" >/dev/null 2>&1 || true; }
trap 'stop "$WORK/data" immediate; stop "$WORK/restored" immediate; rm -rf "$WORK"' EXIT
sql() { as_pg "$BIN/psql" -X -q -At -h "$WORK" -p "$PORT" -U forwardly -d postgres -v ON_ERROR_STOP=1 -c "$1"; }

as_pg mkdir "$WORK/wal" "$WORK/base"
as_pg "$BIN/initdb" -D "$WORK/data" -U forwardly --auth=trust >/dev/null
as_pg tee -a "$WORK/data/postgresql.conf" >/dev/null <<EOF
port = $PORT
listen_addresses = ''
unix_socket_directories = '$WORK'
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $WORK/wal/%f && cp %p $WORK/wal/%f'
EOF
as_pg "$BIN/pg_ctl" -D "$WORK/data" -l "$WORK/data.log" -w start >/dev/null

sql "create table calls_probe (n int primary key)"
sql "insert into calls_probe select generate_series(1, 100)"
as_pg "$BIN/pg_basebackup" -h "$WORK" -p "$PORT" -U forwardly -D "$WORK/base/nightly" -Ft -z -Xnone \
  --checkpoint=fast
sql "insert into calls_probe select generate_series(101, 200)"
sleep 1
T=$(sql "select now()")
sleep 1
sql "insert into calls_probe select generate_series(201, 300)"
# The segment holding T is archived once it is full or switched (archive_timeout in production).
sql "select pg_switch_wal()" >/dev/null
for _ in $(seq 50); do
  [ "$(sql "select last_archived_wal >= pg_walfile_name(pg_current_wal_lsn() - 1) from pg_stat_archiver")" = t ] && break
  sleep 0.2
done
stop "$WORK/data"

# The restore, as the runbook does it.
as_pg mkdir -m 700 "$WORK/restored"
as_pg tar -xzf "$WORK/base/nightly/base.tar.gz" -C "$WORK/restored"
as_pg tee -a "$WORK/restored/postgresql.auto.conf" >/dev/null <<EOF
restore_command = 'cp $WORK/wal/%f %p'
recovery_target_time = '$T'
recovery_target_action = 'promote'
EOF
as_pg touch "$WORK/restored/recovery.signal"
as_pg "$BIN/pg_ctl" -D "$WORK/restored" -l "$WORK/restored.log" -w start >/dev/null
for _ in $(seq 50); do
  [ "$(sql "select pg_is_in_recovery()")" = f ] && break
  sleep 0.2
done

rows=$(sql "select count(*) || ' rows, ' || min(n) || '..' || max(n) from calls_probe")
if [ "$rows" = "200 rows, 1..200" ]; then
  echo "restore to $T: $rows (the 100 rows written after T are not there, as asked)"
else
  echo "restore to $T FAILED: $rows, expected 200 rows, 1..200" >&2
  cat "$WORK/restored.log" >&2
  exit 1
fi
