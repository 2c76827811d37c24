"""Python Babel as a peer column of `parlance bench`.

Usage: python3 Scripts/bench-peers/babel_peer.py SPEC.json   (pip install babel)

SPEC is written by `parlance bench` (see intl.mjs). Babel is pure Python over its own CLDR
data, about a hundred times slower per call than ICU, so it runs `iterations // 20`
operations per round (ns/op stays comparable). Dates use the pattern ICU chose for the
skeleton (Babel's format_skeleton has no combined date-time skeletons), so the timed work
is the same pattern formatting Parlance does per call. Prints one JSON object like intl.mjs.
"""

import datetime
import decimal
import json
import statistics
import sys
import time

import babel
from babel import Locale
from babel.dates import format_datetime, format_timedelta
from babel.lists import format_list
from babel.numbers import format_compact_decimal, format_currency, format_decimal, format_percent


def body(op):
    inputs = op["inputs"]
    mask = len(inputs) - 1
    locale = Locale.parse(op["locale"].replace("-", "_"))
    kind = op["kind"]
    if kind in ("pluralInteger", "pluralDecimal"):
        values = [decimal.Decimal(str(v)) for v in inputs]
        return lambda i: locale.plural_form(values[i & mask])
    if kind == "number":
        return lambda i: format_decimal(inputs[i & mask], locale=locale)
    if kind == "currency":
        currency = op["currency"]
        return lambda i: format_currency(inputs[i & mask], currency, locale=locale)
    if kind == "percent":
        return lambda i: format_percent(inputs[i & mask], locale=locale)
    if kind == "compact":
        return lambda i: format_compact_decimal(inputs[i & mask], format_type="short", locale=locale)
    if kind in ("date", "dateMediumShort"):
        utc = datetime.timezone.utc
        dates = [datetime.datetime.fromtimestamp(ms / 1000, utc) for ms in inputs]
        pattern = op["pattern"]
        return lambda i: format_datetime(dates[i & mask], pattern, tzinfo=utc, locale=locale)
    if kind == "relativeDays":
        deltas = [datetime.timedelta(days=v) for v in inputs]
        return lambda i: format_timedelta(
            deltas[i & mask], granularity="day", threshold=1e9, add_direction=True, locale=locale
        )
    if kind == "list":
        return lambda i: format_list(inputs, locale=locale)
    return None


def measure(run, iterations, rounds):
    total = 0
    for i in range(max(1, iterations // 4)):
        total += len(run(i))
    samples = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for i in range(iterations):
            total += len(run(i))
        samples.append((time.perf_counter_ns() - start) / iterations)
    return statistics.median(samples)


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        spec = json.load(handle)
    iterations = max(100, spec["iterations"] // 20)
    rounds = spec["rounds"]
    results, samples = {}, {}
    for op in spec["ops"]:
        run = body(op)
        if run is None:
            continue
        results[op["name"]] = measure(run, iterations, rounds)
        samples[op["name"]] = str(run(1))
    print(
        json.dumps(
            {
                "peer": "Babel",
                "version": babel.__version__,
                "cldr": babel.core.get_global("cldr").get("version", "?") if hasattr(babel.core, "get_global") else "?",
                "results": results,
                "samples": samples,
            }
        )
    )


if __name__ == "__main__":
    main()
