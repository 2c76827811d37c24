#!/usr/bin/env python3
"""Extract the values CLDR defines for the keys of `Intl.supportedValuesOf` into
CLDRData/supported-values.json.

Sources (Debian's `unicode-cldr-core` package, /usr/share/unicode/cldr):
- calendar: common/bcp47/calendar.xml, the types of key "ca" that are not deprecated;
- collation: common/bcp47/collation.xml, the types of key "co" that are not deprecated, without
  "standard" and "search" (which ECMA-402 leaves out);
- currency: common/supplemental/supplementalData.xml <currencyData>, every ISO 4217 code that
  some region uses today as tender (a <currency> without `to` and without tender="false");
- numberingSystem: common/supplemental/numberingSystems.xml, the systems of type "numeric"
  (simple digits; the algorithmic ones are left out, as ECMA-402 does);
- timeZone: common/bcp47/timezone.xml, the first `alias` (CLDR's canonical id) of each type
  that is not deprecated and names a location: ids in an area ("Europe/Paris"), not "Etc/…",
  not "unk" (CLDR's unknown zone);
- unit: common/validity/unit.xml, every CLDR unit id ("length-meter"), against which the 45
  units ECMA-402 sanctions are checked.

Every list is sorted. The fixture is never generated from ICU: ICU is what it tests.

Usage: Scripts/extract-cldr-supported-values.py [CLDR_ROOT] [OUTPUT]
Defaults: /usr/share/unicode/cldr and CLDRData/supported-values.json beside this script's repository.
"""
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import DEFAULT_CLDR_ROOT, REPO, fixture_header, write_json


def bcp47_types(root, file_name, key_name):
    tree = ET.parse(os.path.join(root, "common", "bcp47", file_name))
    for key in tree.getroot().iter("key"):
        if key.get("name") == key_name:
            return [t for t in key.iter("type") if t.get("deprecated") != "true"]
    sys.exit(f"no key {key_name} in {file_name}")


def calendars(root):
    return sorted(t.get("name") for t in bcp47_types(root, "calendar.xml", "ca"))


def collations(root):
    names = (t.get("name") for t in bcp47_types(root, "collation.xml", "co"))
    return sorted(n for n in names if n not in ("standard", "search"))


def currencies(supplemental):
    codes = set()
    for region in supplemental.find("currencyData").iter("region"):
        for currency in region.iter("currency"):
            if currency.get("to") is None and currency.get("tender") != "false":
                codes.add(currency.get("iso4217"))
    return sorted(codes)


def numbering_systems(root):
    tree = ET.parse(os.path.join(root, "common", "supplemental", "numberingSystems.xml"))
    return sorted(n.get("id") for n in tree.getroot().iter("numberingSystem") if n.get("type") == "numeric")


def time_zones(root):
    zones = []
    for zone in bcp47_types(root, "timezone.xml", "tz"):
        aliases = (zone.get("alias") or "").split()
        if not aliases or zone.get("name") == "unk":
            continue
        canonical = aliases[0]
        if "/" in canonical and not canonical.startswith("Etc/"):
            zones.append(canonical)
    return sorted(zones)


def units(root):
    tree = ET.parse(os.path.join(root, "common", "validity", "unit.xml"))
    ids = []
    for element in tree.getroot().iter("id"):
        if element.get("type") == "unit" and element.get("idStatus") == "regular":
            ids.extend(element.text.split())
    return sorted(ids)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "supported-values.json")
    supplemental = ET.parse(os.path.join(root, "common", "supplemental", "supplementalData.xml")).getroot()
    data = fixture_header(root, "common/bcp47/{calendar,collation,timezone}.xml, common/supplemental/"
                          "{supplementalData,numberingSystems}.xml, common/validity/unit.xml",
                          "Scripts/extract-cldr-supported-values.py")
    data["calendar"] = calendars(root)
    data["collation"] = collations(root)
    data["currency"] = currencies(supplemental)
    data["numberingSystem"] = numbering_systems(root)
    data["timeZone"] = time_zones(root)
    data["cldrUnits"] = units(root)
    write_json(output, data)
    print(output + ": " + ", ".join(f"{key} {len(data[key])}" for key in
                                    ("calendar", "collation", "currency", "numberingSystem", "timeZone", "cldrUnits")))


if __name__ == "__main__":
    main()
