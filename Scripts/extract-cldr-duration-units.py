#!/usr/bin/env python3
"""Extract CLDR duration-unit fixtures from CLDR's own XML into CLDRData/duration-units.json.

Source: CLDR's common/main/<language>.xml (language-level files, no region), as shipped by
Debian's `unicode-cldr-core` package (/usr/share/unicode/cldr). Never generated from ICU: ICU
is what the fixtures test (Tests/ParlanceTests/DurationFixtureTests.swift builds the expected
strings of DurationFormat from these patterns).

Per locale:
- "units": width (long, short, narrow) → unit (duration-week … duration-nanosecond) →
  plural count → unitPattern, with CLDR's width fallback (narrow → short → long, root's
  aliases) applied inside the locale's own file;
- "lists": unit, unit-short, unit-narrow → listPatternPart (2, start, middle, end), with the
  same fallback (unit-narrow → unit-short → unit);
- "durationUnits": hms, hm, ms → durationUnitPattern (root's h:mm:ss etc. when the file has none);
- "numberingSystem" (the default) and "decimal" (its decimal separator).

Usage: Scripts/extract-cldr-duration-units.py [CLDR_ROOT] [OUTPUT]
"""
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import REPO, DEFAULT_CLDR_ROOT, cldr_version, debian_package_version

UNITS = ["duration-week", "duration-day", "duration-hour", "duration-minute", "duration-second",
         "duration-millisecond", "duration-microsecond", "duration-nanosecond"]
WIDTHS = ["long", "short", "narrow"]
LISTS = ["unit", "unit-short", "unit-narrow"]


def own_units(root):
    """width → unit → count → pattern, only what the file itself has (no alt forms)."""
    found = {}
    for length in root.iter("unitLength"):
        width = length.get("type")
        for unit in length.iter("unit"):
            if unit.get("type") not in UNITS:
                continue
            for pattern in unit.iter("unitPattern"):
                if pattern.get("alt") is None and pattern.get("case") is None and pattern.text:
                    found.setdefault(width, {}).setdefault(unit.get("type"), {})[pattern.get("count")] = pattern.text
    return found


def own_lists(root):
    found = {}
    for pattern in root.iter("listPattern"):
        kind = pattern.get("type")
        if kind not in LISTS:
            continue
        for part in pattern.iter("listPatternPart"):
            found.setdefault(kind, {})[part.get("type")] = part.text
    return found


def with_fallback(found, order):
    """Each entry of `order` (widest first) takes, per unit or list part, the file's own value
    and else the previous entry's: CLDR root's aliases narrow → short → long."""
    resolved = {}
    previous = {}
    for key in order:
        current = {**previous, **found.get(key, {})}
        if current:
            resolved[key] = current
        previous = current
    return resolved


def duration_patterns(root):
    found = {}
    for unit in root.iter("durationUnit"):
        for pattern in unit.iter("durationUnitPattern"):
            if pattern.get("alt") is None:
                found[unit.get("type")] = pattern.text
    return found


def numbers(root):
    system = None
    for element in root.iter("defaultNumberingSystem"):
        if element.get("alt") is None:
            system = element.text
    decimal = None
    for symbols in root.iter("symbols"):
        if symbols.get("numberSystem") == (system or "latn") and symbols.get("alias") is None:
            for element in symbols.iter("decimal"):
                if element.get("alt") is None:
                    decimal = element.text
    return system, decimal


def extract(cldr):
    main = os.path.join(cldr, "common", "main")
    root_durations = duration_patterns(ET.parse(os.path.join(main, "root.xml")).getroot())
    locales = {}
    for path in sorted(glob.glob(os.path.join(main, "*.xml"))):
        name = os.path.basename(path)[:-4]
        if "_" in name or name == "root":
            continue
        tree = ET.parse(path).getroot()
        units = own_units(tree)
        if "long" not in units:
            continue
        system, decimal = numbers(tree)
        locales[name] = {
            "units": with_fallback(units, ["long", "short", "narrow"]),
            "lists": with_fallback(own_lists(tree), LISTS),
            "durationUnits": {**root_durations, **duration_patterns(tree)},
            "numberingSystem": system or "latn",
            "decimal": decimal,
        }
    return locales


def main():
    cldr = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "duration-units.json")
    data = {
        "cldrVersion": cldr_version(cldr),
        "source": "CLDR common/main/<language>.xml: units (duration-*), listPatterns (unit*), durationUnits, numbers",
        "debianPackage": f"unicode-cldr-core {debian_package_version() or 'unknown'}",
        "generator": "Scripts/extract-cldr-duration-units.py",
        "locales": extract(cldr),
    }
    with open(output, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1, sort_keys=True)
        handle.write("\n")
    print(f"CLDR {data['cldrVersion']}: {len(data['locales'])} locales -> {os.path.relpath(output, REPO)}")


if __name__ == "__main__":
    main()
