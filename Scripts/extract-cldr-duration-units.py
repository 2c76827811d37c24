#!/usr/bin/env python3
"""Extract CLDR duration-unit fixtures from CLDR's own XML into CLDRData/duration-units.json.

Source: CLDR's common/main/<language>.xml (language-level files, no region), as shipped by
Debian's `unicode-cldr-core` package (/usr/share/unicode/cldr). Never generated from ICU: ICU
is what the fixtures test (Tests/ParlanceTests/DurationFixtureTests.swift builds the expected
strings of DurationFormat from these patterns).

Per locale:
- "units": width (long, short, narrow) → unit (duration-week … duration-nanosecond) →
  plural count → unitPattern, resolved count by count as CLDR's inheritance does (the width's
  own pattern, else the locale's short one, else root's: root's long and narrow unit lengths
  alias the short one);
- "lists": unit, unit-short, unit-narrow → listPatternPart (2, start, middle, end), resolved
  the same way (unit and unit-narrow alias unit-short, which aliases the standard pattern);
Only values ICU builds from are taken: draft "unconfirmed" and "provisional" values are left
out (ICU's minimum draft status is "contributed").
- "durationUnits": hms, hm, ms → durationUnitPattern (root's h:mm:ss etc. when the file has none);
- "numberingSystem" (the default) and "decimal" (its decimal separator).

Usage: Scripts/extract-cldr-duration-units.py [CLDR_ROOT] [OUTPUT]
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import REPO, DEFAULT_CLDR_ROOT, fixture_header, write_json

UNITS = ["duration-week", "duration-day", "duration-hour", "duration-minute", "duration-second",
         "duration-millisecond", "duration-microsecond", "duration-nanosecond"]
WIDTHS = ["long", "short", "narrow"]
LISTS = ["unit", "unit-short", "unit-narrow"]


def approved(element):
    """ICU builds its data from CLDR values of draft status "contributed" or better: values
    marked unconfirmed or provisional are not in ICU, so they are not expected either."""
    return element.get("draft") not in ("unconfirmed", "provisional") and element.get("alt") is None


def own_units(root):
    """width → unit → count → pattern, only what the file itself has (approved, no alt forms)."""
    found = {}
    for length in root.iter("unitLength"):
        width = length.get("type")
        for unit in length.iter("unit"):
            if unit.get("type") not in UNITS:
                continue
            for pattern in unit.iter("unitPattern"):
                if approved(pattern) and pattern.get("case") is None and pattern.text:
                    found.setdefault(width, {}).setdefault(unit.get("type"), {})[pattern.get("count")] = pattern.text
    return found


def own_lists(root):
    """list type ("standard" for the untyped one) → part → pattern."""
    found = {}
    for pattern in root.iter("listPattern"):
        kind = pattern.get("type") or "standard"
        for part in pattern.iter("listPatternPart"):
            if approved(part) and part.text:
                found.setdefault(kind, {})[part.get("type")] = part.text
    return found


def resolve_units(own, root):
    """CLDR inheritance as ICU applies it, count by count: root's long and narrow unit lengths
    are aliases to the locale's short one, so a width takes its own pattern for a count, else
    the locale's short one, else root's short one."""
    resolved = {}
    for width in WIDTHS:
        resolved[width] = {}
        for unit in UNITS:
            merged = {**root.get("short", {}).get(unit, {}), **own.get("short", {}).get(unit, {}), **own.get(width, {}).get(unit, {})}
            if merged:
                resolved[width][unit] = merged
    return resolved


def resolve_lists(own, root):
    """root: unit and unit-narrow alias unit-short, which aliases the standard list pattern."""
    resolved = {}
    for kind in LISTS:
        resolved[kind] = {**root.get("standard", {}), **own.get("standard", {}), **own.get("unit-short", {}), **own.get(kind, {})}
    return resolved


def duration_patterns(root):
    found = {}
    for unit in root.iter("durationUnit"):
        for pattern in unit.iter("durationUnitPattern"):
            if approved(pattern):
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
                if approved(element):
                    decimal = element.text
    return system, decimal


def extract(cldr):
    main = os.path.join(cldr, "common", "main")
    root_tree = ET.parse(os.path.join(main, "root.xml")).getroot()
    root_durations = duration_patterns(root_tree)
    root_units = own_units(root_tree)
    root_lists = own_lists(root_tree)
    locales = {}
    for path in sorted(glob.glob(os.path.join(main, "*.xml"))):
        name = os.path.basename(path)[:-4]
        if "_" in name or name == "root":
            continue
        tree = ET.parse(path).getroot()
        units = own_units(tree)
        if not units:
            continue
        system, decimal = numbers(tree)
        locales[name] = {
            "units": resolve_units(units, root_units),
            "lists": resolve_lists(own_lists(tree), root_lists),
            "durationUnits": {**root_durations, **duration_patterns(tree)},
            "numberingSystem": system or "latn",
            "decimal": decimal,
        }
    return locales


def main():
    cldr = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "duration-units.json")
    data = {
        **fixture_header(cldr, "CLDR common/main/<language>.xml: units (duration-*), listPatterns (unit*), durationUnits, numbers", "Scripts/extract-cldr-duration-units.py"),
        "locales": extract(cldr),
    }
    write_json(output, data, sort_keys=True)
    print(f"CLDR {data['cldrVersion']}: {len(data['locales'])} locales -> {os.path.relpath(output, REPO)}")


if __name__ == "__main__":
    main()
