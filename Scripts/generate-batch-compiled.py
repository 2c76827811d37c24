#!/usr/bin/env python3
"""Writes batch-protocol lines over the operations whose answers come from Swift paths compiled
from ICU's data (messages, plural ranges, relative times, parts, sorting, word segmentation), for
comparing two builds' answers byte for byte:

    python3 Scripts/generate-batch-compiled.py /tmp/batch-compiled.jsonl
    OLD/parlance batch < /tmp/batch-compiled.jsonl > /tmp/old.out
    NEW/parlance batch < /tmp/batch-compiled.jsonl > /tmp/new.out && cmp /tmp/old.out /tmp/new.out

Deterministic: 48 locales (every plural-rule shape, scripts, digits) × the values below.
"""

import json
import sys

LOCALES = [
    "en", "de", "fr", "fr-CA", "es", "it", "pt", "pt-PT", "ru", "uk", "pl", "cs", "sk", "lt", "lv", "sl", "hr", "sr-Latn", "ro",
    "ga", "gd", "cy", "br", "mt", "he", "ar", "ar-EG", "fa", "hi", "bn", "mr", "ta", "th", "ja", "zh", "zh-Hant", "ko", "vi",
    "id", "tr", "ka", "hy", "is", "da", "sv", "fi", "en-IN", "en_US_POSIX",
]
MESSAGES = [
    "{n, plural, =0 {none} one {# item} other {# items}}",
    "{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}",
    "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    "{g, select, female {{n, plural, one {she has # file} other {she has # files}}} other {{n, number} files}}",
    "'{'literal'}' {n, number, integer} it''s",
]
NUMBERS = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1000, 1234567, 0.5, 1.5, 2.25, 1.0005, -1, -2.5, 12345.678]
RANGES = [("1", "2"), ("0", "1"), ("1", "1"), ("2", "5"), ("1.5", "2"), ("0.5", "1"), ("5", "3"), ("11", "22"), ("100", "1000")]
SORT = ["Öberg", "Oberg", "Åsa", "Asa", "zebra", "Zebra", "ångström", "ä", "a", "z", "Ätt", "étude", "Étude", "résumé", "resume", "10", "9"]
TEXTS = ["The quick brown fox—unimpressed—sleeps at 3:45 p.m.", "สวัสดีครับยินดีต้อนรับ", "日本語のテキストです。", "Ünïcödé wörds, ok?"]


def lines():
    for locale in LOCALES:
        for n in NUMBERS:
            for pattern in MESSAGES:
                yield {"op": "message", "locale": locale, "pattern": pattern, "args": {"n": n, "who": "Ann", "g": "female" if n == 1 else "x"}}
            for unit in ["day", "hour", "month", "year"]:
                for numeric in ["always", "auto"]:
                    yield {"op": "relative", "locale": locale, "value": n, "unit": unit, "numeric": numeric}
            yield {"op": "format-parts", "kind": "number", "locale": locale, "number": str(n), "skeleton": "currency/EUR"}
            yield {"op": "format-parts", "kind": "number", "locale": locale, "number": str(n)}
        for start, end in RANGES:
            yield {"op": "plural-range", "locale": locale, "start": start, "end": end}
        for hour in range(0, 48, 7):
            yield {"op": "format-parts", "kind": "date", "locale": locale, "time": 1_700_000_000_000 + hour * 3_600_000, "skeleton": "yMMMdjm"}
        yield {"op": "collate", "locale": locale, "items": SORT}
        for text in TEXTS:
            yield {"op": "segment", "locale": locale, "text": text, "granularity": "word"}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/batch-compiled.jsonl"
    count = 0
    with open(path, "w", encoding="utf-8") as out:
        for i, op in enumerate(lines()):
            op["id"] = i
            out.write(json.dumps(op, ensure_ascii=False) + "\n")
            count += 1
    print(f"{count} lines written to {path}")


if __name__ == "__main__":
    main()
