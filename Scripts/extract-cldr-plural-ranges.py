#!/usr/bin/env python3
"""Extract CLDR plural-range fixtures from CLDR's own XML into CLDRData/plural-ranges.json.

Source: CLDR's common/supplemental/pluralRanges.xml, as shipped by Debian's
`unicode-cldr-core` package (/usr/share/unicode/cldr). Never generated from ICU: ICU is what
the fixtures test (Tests/ParlanceTests/PluralRangeFixtureTests.swift picks, for each rule, a
start and an end number of the rule's categories from CLDRData/plurals.json and checks the
category ICU's uplrules_selectForRange gives the range).

Usage: Scripts/extract-cldr-plural-ranges.py [CLDR_ROOT] [OUTPUT]
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import REPO, cldr_version, debian_package_version


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr"
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "plural-ranges.json")
    tree = ET.parse(os.path.join(root, "common", "supplemental", "pluralRanges.xml"))
    locales = {}
    for ranges in tree.getroot().iter("pluralRanges"):
        rules = [
            {"start": r.get("start"), "end": r.get("end"), "result": r.get("result")}
            for r in ranges.iter("pluralRange")
        ]
        for locale in ranges.get("locales").split():
            locales[locale] = rules
    data = {
        "cldrVersion": cldr_version(root),
        "source": "CLDR common/supplemental/pluralRanges.xml",
        "debianPackage": f"unicode-cldr-core {debian_package_version() or 'unknown'}",
        "generator": "Scripts/extract-cldr-plural-ranges.py",
        "locales": dict(sorted(locales.items())),
    }
    with open(output, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    print(f"{len(locales)} locales written to {output}")


if __name__ == "__main__":
    main()
