#!/usr/bin/env python3
"""Writes a mixed batch-protocol input for measuring `parlance batch` throughput.

    python3 Scripts/generate-batch-mix.py /tmp/batch-mix.jsonl [LINES]
    swift build -c release --product parlance
    time .build/release/parlance batch < /tmp/batch-mix.jsonl > /dev/null

Eight operations in turn (plural, number with a currency skeleton, date, relative, list,
direction, display-name, negotiate) over ten locales; every line is valid and answers a result.
"""

import json
import sys

LOCALES = ["en", "de", "fr", "ru", "ar", "ja", "pl", "es", "pt-BR", "zh-Hant"]


def line(i):
    locale = LOCALES[i % len(LOCALES)]
    kind = i % 8
    if kind == 0:
        op = {"op": "plural", "locale": locale, "number": str(i % 1000)}
    elif kind == 1:
        op = {"op": "number", "locale": locale, "number": f"{i}.{i % 100:02d}", "skeleton": "currency/EUR"}
    elif kind == 2:
        op = {"op": "date", "locale": locale, "time": 1_700_000_000_000 + i * 60_000, "skeleton": "yMMMdjm"}
    elif kind == 3:
        op = {"op": "relative", "locale": locale, "value": (i % 61) - 30, "unit": "day"}
    elif kind == 4:
        op = {"op": "list", "locale": locale, "items": ["a", "b", "c"]}
    elif kind == 5:
        op = {"op": "direction", "text": "שלום world"}
    elif kind == 6:
        op = {"op": "display-name", "locale": locale, "of": "zh-Hant-TW"}
    else:
        op = {"op": "negotiate", "available": ["en", "fr", "de"], "requested": "fr-CH, de;q=0.5"}
    op["id"] = i
    return json.dumps(op, ensure_ascii=False)


def main():
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    with open(path, "w", encoding="utf-8") as out:
        for i in range(count):
            out.write(line(i) + "\n")


if __name__ == "__main__":
    main()
