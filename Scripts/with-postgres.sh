#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL server on 127.0.0.1:
#
#     Scripts/with-postgres.sh swift test --filter PostgresProposalStoreTests
#
# Creates a cluster in a fresh mktemp directory (initdb, trust authentication, superuser
# `parlance`), starts it with pg_ctl on a free port (TCP on 127.0.0.1 only, its socket in the
# same directory), creates the database `parlance_test`, exports
#     PARLANCE_TEST_DATABASE_URL=postgres://parlance@127.0.0.1:PORT/parlance_test
# runs the command, then stops the cluster and removes the directory (also on failure or
# Ctrl-C). Exits with the command's exit code.
#
# The PostgreSQL binaries: initdb/pg_ctl on PATH, else Debian's /usr/lib/postgresql/*/bin
# (`apt-get install postgresql`). initdb refuses to run as root: as root, the cluster runs as
# the `postgres` user (Debian's package creates it) through runuser.
set -euo pipefail

if [[ $# -eq 0 ]]; then
    echo "usage: $0 COMMAND [ARG…]" >&2
    exit 2
fi

find_bin() {
    local name="$1" candidate
    if candidate=$(command -v "$name" 2>/dev/null); then
        echo "$candidate"
        return
    fi
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$candidate/$name" ]]; then
            echo "$candidate/$name"
            return
        fi
    done
    echo "with-postgres: $name not found (on PATH or in /usr/lib/postgresql/*/bin); install PostgreSQL (apt-get install postgresql)" >&2
    exit 127
}
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)
# createdb: next to initdb on Debian, else on PATH.
CREATEDB=$(dirname "$INITDB")/createdb
[[ -x "$CREATEDB" ]] || CREATEDB=$(find_bin createdb)

# As root, run the server as `postgres` (initdb and postgres refuse root).
AS=()
if [[ $(id -u) -eq 0 ]]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "with-postgres: running as root and there is no postgres user to run the server as" >&2
        exit 1
    fi
    AS=(runuser -u postgres --)
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/parlance-pg.XXXXXX")
chmod 700 "$DIR"
[[ ${#AS[@]} -gt 0 ]] && chown postgres: "$DIR"
DATA="$DIR/data"

cleanup() {
    local code=$?
    if [[ -f "$DATA/postmaster.pid" ]]; then
        "${AS[@]}" "$PG_CTL" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$DIR"
    exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A free TCP port on 127.0.0.1 (the kernel picks it; the small race until postgres binds is
# covered by retrying with another port).
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
        || echo $((20000 + RANDOM % 20000))
}

"${AS[@]}" "$INITDB" -D "$DATA" -U parlance --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 || {
    cat "$DIR/initdb.log" >&2
    exit 1
}

started=no
for attempt in 1 2 3 4 5; do
    PORT=$(free_port)
    if "${AS[@]}" "$PG_CTL" -D "$DATA" -l "$DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=on" start >/dev/null 2>&1; then
        started=yes
        break
    fi
done
if [[ $started != yes ]]; then
    echo "with-postgres: the server did not start; its log:" >&2
    cat "$DIR/server.log" >&2 || true
    exit 1
fi

"${AS[@]}" "$CREATEDB" -h 127.0.0.1 -p "$PORT" -U parlance parlance_test

export PARLANCE_TEST_DATABASE_URL="postgres://parlance@127.0.0.1:$PORT/parlance_test"
echo "with-postgres: PostgreSQL $("${AS[@]}" "$PG_CTL" --version | awk '{print $3}') on 127.0.0.1:$PORT ($DIR); PARLANCE_TEST_DATABASE_URL=$PARLANCE_TEST_DATABASE_URL" >&2

set +e
"$@"
code=$?
set -e
exit "$code"
