#!/usr/bin/env python3
"""Concurrent keep-alive load on `parlance serve`, in mixed languages, checking every answer.

Opens CONNECTIONS keep-alive connections to the server at once; each sends REQUESTS requests
one after another, alternating languages, on the same connection. Every answer is checked
against the text its own language must give, so a request answered in another request's
language (cross-talk) is counted, not hidden. Prints requests/s, latency percentiles, errors,
mismatches and the server's RSS before and after (from /proc, given --pid).

    swift build -c release --product parlance --traits Server
    .build/release/parlance serve --catalog Tests/SampleCatalog --port 8089 &
    python3 Scripts/load-serve.py --port 8089 --connections 10000 --requests 5 --pid $!

Expected texts: the sample catalog's own files (Tests/SampleCatalog/{en,fr}.lproj) for
`place_bet`, and CLDR's number symbols for 1234.5 (en: "," grouping, "." decimal; pl: ","
decimal and minimumGroupingDigits 2, so no separator in a 4-digit number; ru: U+00A0 grouping,
"," decimal). The languages are negotiated against the catalog's (ar cy en fr ga pl ru), as the
service does for a request without `locale`. Exit status 1 on any error or mismatch.
"""
import argparse
import asyncio
import json
import resource
import sys
import time

CASES = [
    ("/v1/localize", "en", {"key": "place_bet"}, "Place Bet"),
    ("/v1/localize", "fr-CA", {"key": "place_bet"}, "Placer le Pari"),
    ("/v1/number", "pl-PL", {"number": "1234.5"}, "1234,5"),
    ("/v1/number", "en-US", {"number": "1234.5"}, "1,234.5"),
    ("/v1/number", "ru", {"number": "1234.5"}, "1\u00a0234,5"),
]


def rss_kib(pid):
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


async def read_response(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    body = await reader.readexactly(length) if length else b""
    return status, body


async def client(index, args, stats, start_event):
    await start_event.wait()
    try:
        reader, writer = await asyncio.open_connection(args.host, args.port)
    except OSError as error:
        stats["connect_errors"] += 1
        stats["last_error"] = repr(error)
        return
    try:
        for step in range(args.requests):
            path, language, body, expected = CASES[(index + step) % len(CASES)]
            payload = json.dumps(body).encode()
            request = (
                f"POST {path} HTTP/1.1\r\nHost: {args.host}\r\nContent-Type: application/json\r\n"
                f"Accept-Language: {language}\r\nContent-Length: {len(payload)}\r\n\r\n"
            ).encode() + payload
            sent = time.perf_counter()
            writer.write(request)
            await writer.drain()
            status, answer = await read_response(reader)
            stats["latencies"].append(time.perf_counter() - sent)
            if status != 200:
                stats["errors"] += 1
                stats["last_error"] = f"{status} {answer[:200]!r}"
                continue
            result = json.loads(answer).get("result")
            if result != expected:
                stats["mismatches"] += 1
                stats["last_mismatch"] = f"{language} {path}: {result!r} != {expected!r}"
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        stats["errors"] += 1
        stats["last_error"] = repr(error)
    finally:
        writer.close()


async def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--connections", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=5, help="requests per connection (keep-alive)")
    parser.add_argument("--pid", type=int, help="the server's pid, to read its RSS")
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, args.connections + 256)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    stats = {"latencies": [], "errors": 0, "mismatches": 0, "connect_errors": 0}
    before = rss_kib(args.pid)
    start_event = asyncio.Event()
    tasks = [asyncio.create_task(client(i, args, stats, start_event)) for i in range(args.connections)]
    started = time.perf_counter()
    start_event.set()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - started
    after = rss_kib(args.pid)

    latencies = sorted(stats["latencies"])
    count = len(latencies)

    def percentile(p):
        return latencies[min(count - 1, int(p * count))] * 1000 if count else float("nan")

    print(f"connections {args.connections}, requests {count} answered of {args.connections * args.requests}")
    print(f"{count / elapsed:,.0f} requests/s over {elapsed:.1f} s")
    print(f"latency p50 {percentile(0.50):.1f} ms, p99 {percentile(0.99):.1f} ms, max {latencies[-1] * 1000 if count else 0:.1f} ms")
    print(f"errors {stats['errors']}, connect errors {stats['connect_errors']}, language mismatches {stats['mismatches']}")
    if before is not None:
        print(f"server RSS before {before / 1024:.1f} MiB, after {(after or 0) / 1024:.1f} MiB")
    for key in ("last_error", "last_mismatch"):
        if key in stats:
            print(f"{key}: {stats[key]}")
    failed = stats["errors"] or stats["mismatches"] or stats["connect_errors"] or count != args.connections * args.requests
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    asyncio.run(main())
