#!/usr/bin/env bash
# `parlance serve` against a Node `http` peer (Scripts/bench-peers/serve.mjs, the same requests
# and JSON bodies answered with Intl on one event loop), both on 127.0.0.1 on this machine in
# one run, under the same wrk load.
#
#   swift build -c release --product parlance --traits Server && Scripts/serve-vs-node.sh [options]
#
# Options:
#   --duration S        seconds of each measured wrk run (default 8)
#   --warmup S          seconds of the warm-up run per endpoint and server, at 64 connections,
#                       before any measurement (default 2)
#   --connections "N …" the connection counts (default "1 64 1000")
#   --threads N         wrk threads (default 1; never more than the connections)
#   --idle S            seconds of idle after the last, largest run before RSS is read again
#                       (default 60)
#   --access-log        run Parlance with its access log on (off by default)
#   --log-level LEVEL   Parlance's --log-level (e.g. warning); without it, Parlance's default
#   --timeout S         wrk's per-request timeout (default 10; a timed-out request fails the run)
# PARLANCE_BINARY chooses the binary (default .build/release/parlance).
#
# For each connection count (smallest first) and endpoint (POST /v1/plural, /v1/number,
# /v1/localize, GET /v1/catalog/{locale}), wrk runs against each server in turn (the order
# alternates between rows, so neither always runs first) with Scripts/bench-peers/check.lua,
# which sends eight requests in rotation (three locales for the catalog) and compares every
# answer's body with the one it must have. Prints requests/s and p99 latency for both with the
# ratio Parlance/Node, then each server's RSS (VmRSS from /proc/PID/status) at start, before
# the runs at the largest connection count, after them, and after the idle. Exits 1 when any
# run had a body mismatch, a non-2xx answer, a socket error or a timeout (the table is
# printed first), 2 on a usage or set-up error.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=8 warmup=2 connections="1 64 1000" threads=1 idle=60 log_level="" timeout=10 access_log=""
endpoints="plural number localize catalog"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) duration=$2 ;;
        --warmup) warmup=$2 ;;
        --connections) connections=$2 ;;
        --threads) threads=$2 ;;
        --idle) idle=$2 ;;
        --log-level) log_level=$2 ;;
        --access-log) access_log=1; shift; continue ;;
        --timeout) timeout=$2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    [[ $# -ge 2 ]] || { echo "$1 needs a value" >&2; exit 2; }
    shift 2
done

binary=${PARLANCE_BINARY:-.build/release/parlance}
[[ -x "$binary" ]] || { echo "no parlance binary at $binary (swift build -c release --product parlance --traits Server, or set PARLANCE_BINARY)" >&2; exit 2; }
for tool in wrk node curl python3; do
    command -v "$tool" >/dev/null || { echo "$tool is needed (wrk: apt-get install wrk)" >&2; exit 2; }
done

# Each process holds one descriptor per connection: wrk for its clients, each server for its
# accepted sockets. Raise the soft limit to cover the largest count with room to spare.
largest=$(tr ' ' '\n' <<<"$connections" | sort -n | tail -1)
needed=$((largest + 512))
if [[ $(ulimit -n) != unlimited && $(ulimit -n) -lt $needed ]]; then
    ulimit -n "$needed" 2>/dev/null || { echo "cannot raise ulimit -n to $needed (hard limit $(ulimit -Hn))" >&2; exit 2; }
fi

work=$(mktemp -d)
parlance_pid="" node_pid=""
cleanup() {
    for pid in $parlance_pid $node_pid; do kill "$pid" 2>/dev/null || true; done
    for pid in $parlance_pid $node_pid; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
parlance_port=$(free_port) node_port=$(free_port)

# Both servers with their default settings. Parlance's log (with --access-log, a line per
# request) goes to a file, as a deployed service's would; the proposal store goes to the
# scratch folder instead of .parlance/ in the repository.
parlance_args=(serve --catalog Tests/SampleCatalog --host 127.0.0.1 --port "$parlance_port" --database "sqlite:$work/proposals.sqlite")
[[ -n "$log_level" ]] && parlance_args+=(--log-level "$log_level")
[[ -n "$access_log" ]] && parlance_args+=(--access-log)
"$binary" "${parlance_args[@]}" >"$work/parlance.log" 2>&1 &
parlance_pid=$!
node Scripts/bench-peers/serve.mjs --catalog Tests/SampleCatalog --port "$node_port" >"$work/node.log" 2>&1 &
node_pid=$!

wait_ready() { # name pid port
    for _ in $(seq 1 150); do
        curl -sf -o /dev/null "http://127.0.0.1:$3/v1/catalog/en" && return 0
        kill -0 "$2" 2>/dev/null || break
        sleep 0.2
    done
    echo "$1 did not start; its output:" >&2
    cat "$work/$1.log" >&2
    exit 2
}
wait_ready parlance "$parlance_pid" "$parlance_port"
wait_ready node "$node_pid" "$node_port"

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
declare -A rss
rss[parlance.start]=$(rss_mb "$parlance_pid") rss[node.start]=$(rss_mb "$node_pid")

failures=()
# run NAME PORT ENDPOINT CONNECTIONS SECONDS: one checked wrk run; sets the global `result` to
# its RESULT line and records a failure when any answer was wrong or missing.
run() {
    local name=$1 port=$2 endpoint=$3 count=$4 seconds=$5 out
    local t=$((threads < count ? threads : count))
    out=$(ENDPOINT=$endpoint wrk -t"$t" -c"$count" -d"${seconds}s" --timeout "${timeout}s" \
        -s Scripts/bench-peers/check.lua "http://127.0.0.1:$port" 2>&1) || true
    result=$(grep '^RESULT' <<<"$out" || true)
    local checked mismatches non2xx errors timeouts
    checked=$(field checked) mismatches=$(field mismatches) non2xx=$(field non2xx)
    errors=$(field socket_errors) timeouts=$(field timeouts)
    if [[ -z "$result" || $checked -eq 0 || $mismatches -ne 0 || $non2xx -ne 0 || $errors -ne 0 || $timeouts -ne 0 ]]; then
        failures+=("$name $endpoint -c$count: ${result:-no RESULT line}")
        grep -E '^MISMATCH' <<<"$out" | sed "s/^/  $name: /" >&2 || true
        [[ -n "$result" ]] || sed "s/^/  $name wrk: /" <<<"$out" >&2
    fi
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$result" | grep . || echo 0; }

started=$(date -u +%FT%TZ) load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "warm-up: ${warmup} s per endpoint and server at 64 connections" >&2
for endpoint in $endpoints; do
    run parlance "$parlance_port" "$endpoint" 64 "$warmup"
    run node "$node_port" "$endpoint" 64 "$warmup"
done

rows=() row=0
for count in $(tr ' ' '\n' <<<"$connections" | sort -n); do
    if [[ $count -eq $largest ]]; then
        rss[parlance.before]=$(rss_mb "$parlance_pid") rss[node.before]=$(rss_mb "$node_pid")
    fi
    for endpoint in $endpoints; do
        echo "measuring $endpoint at $count connections, ${duration} s each" >&2
        order=(parlance node)
        ((row++ % 2 == 1)) && order=(node parlance)
        for name in "${order[@]}"; do
            port=$parlance_port
            [[ $name == node ]] && port=$node_port
            run "$name" "$port" "$endpoint" "$count" "$duration"
            declare "rps_$name=$(field rps)" "p99_$name=$(field p99_ms)" "checked_$name=$(field checked)"
        done
        rows+=("$(awk -v e="$endpoint" -v c="$count" -v pr="$rps_parlance" -v nr="$rps_node" \
            -v pp="$p99_parlance" -v np="$p99_node" -v pc="$checked_parlance" -v nc="$checked_node" 'BEGIN {
            printf "%-9s %6d %12.0f %12.0f %7.2f %11.2f %11.2f %8.2f %10d %10d", e, c, pr, nr, (nr > 0 ? pr / nr : 0),
                pp, np, (np > 0 ? pp / np : 0), pc, nc }')")
    done
done
rss[parlance.after]=$(rss_mb "$parlance_pid") rss[node.after]=$(rss_mb "$node_pid")
echo "idle: ${idle} s" >&2
sleep "$idle"
rss[parlance.idle]=$(rss_mb "$parlance_pid") rss[node.idle]=$(rss_mb "$node_pid")

# The report: what ran where, then the figures of this one run together.
echo "serve-vs-node: $started to $(date -u +%FT%TZ) on $(nproc) cores; load average $load_before at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
echo "parlance: $binary, log level ${log_level:-default (info)}, log $(du -h "$work/parlance.log" | cut -f1)"
echo "node $(node --version) (ICU $(node -p process.versions.icu), CLDR $(node -p process.versions.cldr));" \
    "$(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
echo "wrk: -t$threads, ${duration} s per run after a ${warmup} s warm-up per endpoint and server; every body checked"
echo
printf "%-9s %6s %12s %12s %7s %11s %11s %8s %10s %10s\n" endpoint conns "parlance r/s" "node r/s" ratio \
    "parl p99 ms" "node p99 ms" "p99 P/N" "parl bodies" "node bodies"
printf "%s\n" "${rows[@]}"
echo
printf "%-9s %9s %18s %16s %17s\n" "RSS MB" start "before -c$largest" "after -c$largest" "after ${idle} s idle"
for name in parlance node; do
    printf "%-9s %9s %18s %16s %17s\n" "$name" "${rss[$name.start]}" "${rss[$name.before]:-}" "${rss[$name.after]}" "${rss[$name.idle]}"
done
if [[ ${#failures[@]} -gt 0 ]]; then
    echo
    echo "FAILED: ${#failures[@]} run(s) had wrong or missing answers:"
    printf "  %s\n" "${failures[@]}"
    exit 1
fi
echo
echo "all answers checked: no body mismatch, no non-2xx answer, no socket error or timeout"
