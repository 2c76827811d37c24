#!/usr/bin/env python3
"""Extract CLDR plural-rule fixtures from CLDR's own XML into CLDRData/plurals.json.

Source: CLDR's common/supplemental/plurals.xml (cardinal) and ordinals.xml (ordinal), as
shipped by Debian's `unicode-cldr-core` package (/usr/share/unicode/cldr). The fixtures are
never generated from ICU: ICU is what they test.

For every locale listed in a <pluralRules locales="..."> element, for every category, the
script records the rule text and every @integer and @decimal sample, with ranges expanded
("2~10" becomes 2, 3, ..., 10; "0.0~1.5" steps by the last written digit, keeping the written
fraction digits, so "1.0" stays "1.0"). The open-ended marker "…" is dropped. Compact samples
such as "1.1c6" are kept as written.

Usage: Scripts/extract-cldr-plurals.py [CLDR_ROOT] [OUTPUT]
Defaults: /usr/share/unicode/cldr and CLDRData/plurals.json beside this script's repository.
"""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from decimal import Decimal

from cldr_common import REPO, cldr_version, debian_package_version
CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"]




def expand_range(start, end):
    """Expand "a~b": integers step by 1; decimals step by one unit of the written precision."""
    if "c" in start or "e" in start or "c" in end or "e" in end:
        raise ValueError(f"cannot expand a compact range {start}~{end}")
    digits = len(start.split(".")[1]) if "." in start else 0
    end_digits = len(end.split(".")[1]) if "." in end else 0
    if digits != end_digits:
        raise ValueError(f"range {start}~{end} mixes precisions")
    step = Decimal(1).scaleb(-digits)
    value, last = Decimal(start), Decimal(end)
    if value > last:
        raise ValueError(f"empty range {start}~{end}")
    out = []
    while value <= last:
        out.append(f"{value:.{digits}f}")
        value += step
    return out


def parse_samples(text):
    """Return (condition, integer_samples, decimal_samples) from a <pluralRule> text."""
    condition, samples = text, {"integer": [], "decimal": []}
    parts = re.split(r"@(integer|decimal)", text)
    condition = parts[0].strip()
    for kind, body in zip(parts[1::2], parts[2::2]):
        for item in body.split(","):
            item = item.strip()
            if item in ("", "…", "..."):
                continue
            if "~" in item:
                start, end = item.split("~")
                samples[kind].extend(expand_range(start.strip(), end.strip()))
            else:
                samples[kind].append(item)
    return condition, samples["integer"], samples["decimal"]


def extract(path):
    tree = ET.parse(path)
    result = {}
    for rules in tree.getroot().iter("pluralRules"):
        categories = {}
        for rule in rules.findall("pluralRule"):
            condition, integers, decimals = parse_samples(rule.text or "")
            categories[rule.get("count")] = {
                "rule": condition,
                "integerSamples": integers,
                "decimalSamples": decimals,
            }
        ordered = {c: categories[c] for c in CATEGORY_ORDER if c in categories}
        for locale in rules.get("locales").split():
            if locale in result:
                raise ValueError(f"{path}: locale {locale} listed twice")
            result[locale] = ordered
    return dict(sorted(result.items()))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr"
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "plurals.json")
    supplemental = os.path.join(root, "common", "supplemental")
    data = {
        "cldrVersion": cldr_version(root),
        "source": "CLDR common/supplemental/plurals.xml and ordinals.xml",
        "debianPackage": f"unicode-cldr-core {debian_package_version() or 'unknown'}",
        "generator": "Scripts/extract-cldr-plurals.py",
        "cardinal": extract(os.path.join(supplemental, "plurals.xml")),
        "ordinal": extract(os.path.join(supplemental, "ordinals.xml")),
    }
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1, sort_keys=False)
        handle.write("\n")
    samples = sum(len(c["integerSamples"]) + len(c["decimalSamples"])
                  for kind in ("cardinal", "ordinal") for loc in data[kind].values() for c in loc.values())
    print(f"CLDR {data['cldrVersion']}: {len(data['cardinal'])} cardinal locales, "
          f"{len(data['ordinal'])} ordinal locales, {samples} samples -> {os.path.relpath(output, REPO)}")


if __name__ == "__main__":
    main()
