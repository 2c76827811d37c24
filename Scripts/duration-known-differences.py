#!/usr/bin/env python3
"""Write CLDRData/duration-units-known-differences.json from the differences a run of
Tests/ParlanceTests/DurationFixtureTests.swift reports (its `KNOWN-DIFFERENCE {json}` lines):
the cases where this machine's CLDR 41 XML and ICU 72 (CLDR 42 data) disagree.

Each entry is checked against a later CLDR as an independent witness: Babel's CLDR data
(`pip install babel`; Babel 2.18 carries CLDR 47) renders the same case with its own unit and
unit-list patterns. When Babel writes what ICU 72 writes, the reason says that CLDR changed
the value after release 41; otherwise the reason says what remains unexplained, for a reader
to look at. Never used to make expected values: only to annotate the listed differences.

Usage: swift test --filter DurationFixtureTests 2>&1 | tee /tmp/duration.log
       Scripts/duration-known-differences.py /tmp/duration.log [OUTPUT]
"""
import json
import os
import re
import sys

from cldr_common import REPO, write_json

UNIT = {"weeks": "duration-week", "days": "duration-day", "hours": "duration-hour", "minutes": "duration-minute",
        "seconds": "duration-second", "milliseconds": "duration-millisecond", "microseconds": "duration-microsecond",
        "nanoseconds": "duration-nanosecond"}
WIDTH = {"wide": ("long", "unit"), "short": ("short", "unit-short"), "narrow": ("narrow", "unit-narrow")}


def ldml_list(patterns, items):
    """LDML list formatting: "2" for two items; start, middle…, end for more."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return patterns["2"].replace("{0}", items[0]).replace("{1}", items[1])
    tail = patterns["end"].replace("{0}", items[-2]).replace("{1}", items[-1])
    for item in reversed(items[1:-2]):
        tail = patterns["middle"].replace("{0}", item).replace("{1}", tail)
    return patterns["start"].replace("{0}", items[0]).replace("{1}", tail)


def babel_text(locale, case):
    """The case ("short 1 hours 5 minutes 7 seconds") as Babel's CLDR data writes it, or None
    when Babel lacks a pattern (its format_unit then writes the unit id)."""
    try:
        from babel import Locale
        from babel.units import format_unit
    except ImportError:
        return None
    words = case.split()
    if words[0] not in WIDTH:
        return None
    length, list_style = WIDTH[words[0]]
    pairs = list(zip(words[1::2], words[2::2]))
    try:
        parts = [format_unit(int(value), UNIT[unit], length=length, locale=locale) for value, unit in pairs]
        if any("duration-" in part for part in parts):
            return None
        lists = Locale.parse(locale).list_patterns
        # CLDR's aliases: unit and unit-narrow fall back to unit-short, which falls back to standard.
        patterns = {**dict(lists.get("standard", {})), **dict(lists.get("unit-short", {})), **dict(lists.get(list_style, {}))}
        return ldml_list(patterns, parts)
    except Exception:  # Babel lacks the locale or a pattern
        return None


def icu_has_locale(locale):
    """Whether the system ICU data (libicudata.so.72) has unit data for the locale."""
    for path in ("/usr/lib/x86_64-linux-gnu/libicudata.so.72", "/usr/lib/aarch64-linux-gnu/libicudata.so.72"):
        if os.path.exists(path):
            with open(path, "rb") as handle:
                return f"unit/{locale}.res".encode() in handle.read()
    return True


def main():
    log = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "duration-units-known-differences.json")
    seen = {}
    with open(log, encoding="utf-8") as handle:
        for line in handle:
            match = re.search(r"KNOWN-DIFFERENCE (\{.*\})", line)
            if match:
                record = json.loads(match.group(1))
                seen[(record["locale"], record["case"])] = record
    try:
        import babel
        witness = f"Babel {babel.__version__}"
    except ImportError:
        witness = None
    entries = []
    for key in sorted(seen):
        record = seen[key]
        later = babel_text(record["locale"], record["case"])
        if not icu_has_locale(record["locale"]):
            reason = f"ICU 72 ships no {record['locale']} unit data (no unit/{record['locale']}.res in libicudata.so.72): root's patterns apply."
        elif later is not None and later == record["icu72"]:
            reason = f"CLDR changed this after release 41: {witness}'s CLDR data writes what ICU 72 writes."
        elif later is not None:
            reason = f"Unexplained by a later CLDR: {witness} writes {later!r}."
        else:
            reason = f"No later-CLDR witness: {witness or 'Babel'} has no data for this case."
        entries.append({**record, "laterCLDR": later, "reason": reason})
    data = {
        "fixtureCLDRVersion": "41",
        "icuCLDRVersion": "42",
        "about": "Each entry is a case of Tests/ParlanceTests/DurationFixtureTests.swift where CLDR 41's XML, the fixture source, and ICU 72's CLDR 42 data disagree; laterCLDR is the same case in Babel's (later) CLDR data. The test fails if this list differs from the disagreements it observes, in either direction. Written by Scripts/duration-known-differences.py.",
        "differences": entries,
    }
    write_json(output, data)
    agreed = sum(1 for e in entries if e["reason"].startswith("CLDR changed"))
    print(f"{len(entries)} differences ({agreed} confirmed by {witness}) -> {os.path.relpath(output, REPO)}")


if __name__ == "__main__":
    main()
