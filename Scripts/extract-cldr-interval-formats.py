#!/usr/bin/env python3
"""Extracts, for every CLDR locale whose own file has one, the Gregorian interval pattern for
skeleton yMd when the day differs (intervalFormats/intervalFormatItem[@id="yMd"]/
greatestDifference[@id="d"]) into CLDRData/interval-formats.json: the independent source the
date-interval spot checks fill in; and, for the number-range spot checks, each locale's own
Latin-digit number range and approximately patterns (numbers/miscPatterns[@numberSystem="latn"]
pattern[@type="range"|"approximately"]). Straight from CLDR's XML, never from ICU.

Usage: Scripts/extract-cldr-interval-formats.py [CLDR_ROOT] [OUTPUT]"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import REPO, DEFAULT_CLDR_ROOT, fixture_header, write_json


def extract(root):
    patterns = {}
    for path in sorted(glob.glob(os.path.join(root, "common", "main", "*.xml"))):
        locale = os.path.basename(path)[:-4]
        for calendar in ET.parse(path).getroot().iter("calendar"):
            if calendar.get("type") != "gregorian":
                continue
            for item in calendar.iter("intervalFormatItem"):
                if item.get("id") != "yMd" or item.get("alt") is not None:
                    continue
                for difference in item.iter("greatestDifference"):
                    if difference.get("id") == "d" and difference.get("alt") is None:
                        patterns[locale] = difference.text
    return patterns


def extract_ranges(root):
    ranges = {}
    for path in sorted(glob.glob(os.path.join(root, "common", "main", "*.xml"))):
        locale = os.path.basename(path)[:-4]
        for misc in ET.parse(path).getroot().iter("miscPatterns"):
            if misc.get("numberSystem") != "latn":
                continue
            for pattern in misc.iter("pattern"):
                if pattern.get("type") in ("range", "approximately") and pattern.get("alt") is None:
                    ranges.setdefault(locale, {})[pattern.get("type")] = pattern.text
    return ranges


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "interval-formats.json")
    data = {
        **fixture_header(root, "CLDR common/main/*.xml: gregorian intervalFormatItem yMd greatestDifference d; numbers miscPatterns latn range, approximately", "Scripts/extract-cldr-interval-formats.py"),
        "yMd.d": extract(root),
        "numberRange": extract_ranges(root),
    }
    write_json(output, data)
    print(f"CLDR {data['cldrVersion']}: {len(data['yMd.d'])} interval and {len(data['numberRange'])} range locales -> {os.path.relpath(output, REPO)}")


if __name__ == "__main__":
    main()
