#!/usr/bin/env bash
# An outside check of `parlance serve` against its own OpenAPI document: starts the server
# built in .build/debug on a free port on 127.0.0.1 with the sample catalog, runs schemathesis
# (from PyPI; installed when missing) over every documented operation, stops the server.
#
#   swift build --product parlance --traits Server && Scripts/schemathesis-serve.sh [--max-examples N]
#
# Left out, with the reason:
# - /v1/batch: its body is JSON Lines, which schemathesis cannot generate (its answers are
#   checked by ParlanceServerTests instead);
# - the check positive_data_acceptance: `POST /v1/{op}` documents one body schema for every op,
#   so a body that is valid for that schema can still lack the fields the op in the path needs
#   (a correct 400 `missing-field`, which that check would count as a failure).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v schemathesis >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check schemathesis
fi

binary="${PARLANCE_BINARY:-$(swift build --show-bin-path)/parlance}"
[[ -x "$binary" ]] || { echo "no parlance binary at $binary (swift build --product parlance --traits Server first)" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
"$binary" serve --catalog Tests/SampleCatalog --port "$port" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null && break
    sleep 0.2
done
schemathesis run "http://127.0.0.1:$port/openapi.json" --checks all \
    --exclude-checks positive_data_acceptance --exclude-path /v1/batch "${@:---max-examples=50}"
