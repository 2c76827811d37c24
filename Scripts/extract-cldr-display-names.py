#!/usr/bin/env python3
"""Extract a sample of CLDR's display names into CLDRData/display-names.json.

Source (Debian's `unicode-cldr-core` package, /usr/share/unicode/cldr): common/main/<lang>.xml
for the language-level locales in LOCALES, resolved through their parents as CLDR resolves
data (the parent is root, or the one supplementalData.xml <parentLocales> gives: nb → no):
- currencies (numbers/currencies/currency): for each code in CURRENCIES, the long name
  (displayName without `count`; root has none, so the code), the symbol (symbol without `alt`:
  the first in the parent chain, else the code) and the narrow symbol (symbol alt="narrow":
  the first in the parent chain, else the resolved symbol);
- calendars (localeDisplayNames/types/type key="calendar"): every calendar the locale names,
  keyed by its BCP 47 type (CLDR's legacy names such as "gregorian" are mapped through the
  `alias` attributes of common/bcp47/calendar.xml);
- date-time fields (dates/fields/field): the displayName of the wide, short and narrow forms
  of the twelve ECMA-402 fields (era, year, quarter, month, week, weekday, day, dayperiod,
  hour, minute, second, zone), following CLDR's locale-relative aliases (root's
  `year-short` is an alias to the locale's `year`, resolved again from the locale);
- regions (localeDisplayNames/territories) in REGIONS: long name and short name
  (alt="short", else the long name), from the locale's own file;
- scripts (localeDisplayNames/scripts) in SCRIPTS: long name and short name (alt="short",
  else the long name), from the locale's own file;
- units (units/unitLength/unit/displayName) of the 45 simple units ECMA-402 sanctions, in the
  long, short and narrow unit lengths, where the locale (or a parent other than root) writes
  the name itself: a name that only root's aliases supply is null (ICU's MeasureFormat fills
  such gaps by its own fallback between lengths, which is not CLDR's alias resolution);
- numbering systems (localeDisplayNames/types/type key="numbers"): those of NUMBERING_SYSTEMS
  the locale names, keyed by their BCP 47 type (through common/bcp47/number.xml: "traditional" → "traditio").

Values marked draft="unconfirmed" or "provisional" are not in ICU's data (ICU's build takes
contributed and approved data only), so they count as absent here. A name the locale does not
have (after root) is written as null and not tested.

The fixture is never generated from ICU: ICU is what it tests.

Usage: Scripts/extract-cldr-display-names.py [CLDR_ROOT] [OUTPUT]
Defaults: /usr/share/unicode/cldr and CLDRData/display-names.json beside this script's repository.
"""
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import DEFAULT_CLDR_ROOT, REPO, fixture_header, write_json

LOCALES = """af am ar az be bg bn bs ca cs cy da de el en es et eu fa fi fil fr ga gl gu he hi hr
hu hy id is it ja ka kk km kn ko ky lo lt lv mk ml mn mr ms my nb ne nl pa pl pt ro ru si sk sl
sq sr sv sw ta te th tr uk ur uz vi zh zu""".split()

CURRENCIES = """USD EUR JPY GBP CNY INR BRL RUB CAD CHF AUD KRW MXN SEK TRY ZAR EGP ILS THB UAH""".split()

REGIONS = """US GB DE FR JP CN IN BR RU HK MO PS 419 001 150 EU UN""".split()

SCRIPTS = """Latn Cyrl Arab Hans Hant Jpan Kore Deva Grek Hebr Thai Zyyy Zzzz""".split()

# ECMA-402's 45 sanctioned simple units (ECMA-402, IsSanctionedSingleUnitIdentifier) with the
# CLDR category each belongs to (common/validity/unit.xml ids are "<category>-<unit>").
UNITS = """area-acre digital-bit digital-byte temperature-celsius length-centimeter duration-day
angle-degree temperature-fahrenheit volume-fluid-ounce length-foot volume-gallon digital-gigabit
digital-gigabyte mass-gram area-hectare duration-hour length-inch digital-kilobit digital-kilobyte
mass-kilogram length-kilometer volume-liter digital-megabit digital-megabyte length-meter
duration-microsecond length-mile length-mile-scandinavian volume-milliliter length-millimeter
duration-millisecond duration-minute duration-month duration-nanosecond mass-ounce
concentr-percent digital-petabyte mass-pound duration-second mass-stone digital-terabit
digital-terabyte duration-week length-yard duration-year""".split()

# A sample of numbering systems (BCP 47 types): digits of several scripts, and the
# algorithmic and keyword-only systems with legacy CLDR names ("traditional" → "traditio").
NUMBERING_SYSTEMS = """arab arabext armn beng deva ethi finance fullwide geor grek hanidec hans hebr jpan
khmr latn mlym mymr native roman taml thai tibt traditio vaii""".split()

# ECMA-402 date-time field → CLDR field type.
FIELDS = {
    "era": "era", "year": "year", "quarter": "quarter", "month": "month", "weekOfYear": "week",
    "weekday": "weekday", "day": "day", "dayPeriod": "dayperiod", "hour": "hour",
    "minute": "minute", "second": "second", "timeZoneName": "zone",
}
WIDTHS = {"long": "", "short": "-short", "narrow": "-narrow"}


def usable(element):
    """Whether ICU's data has this value: not unconfirmed or provisional."""
    return element is not None and element.get("draft") not in ("unconfirmed", "provisional")


def text_of(elements):
    for element in elements:
        if usable(element) and element.text is not None:
            return element.text
    return None


def currency(tree, code, what):
    node = tree.find(f"numbers/currencies/currency[@type='{code}']")
    if node is None:
        return None
    if what == "long":
        return text_of(e for e in node.findall("displayName") if e.get("count") is None)
    if what == "symbol":
        return text_of(e for e in node.findall("symbol") if e.get("alt") is None)
    return text_of(e for e in node.findall("symbol") if e.get("alt") == "narrow")


def first(chain, lookup):
    """The first value `lookup` finds along a locale's chain of trees (itself, …, root)."""
    for tree in chain:
        value = lookup(tree)
        if value is not None:
            return value
    return None


def currencies(chain):
    result = {}
    for code in CURRENCIES:
        long_name = first(chain, lambda tree: currency(tree, code, "long")) or code
        symbol = first(chain, lambda tree: currency(tree, code, "symbol")) or code
        narrow = first(chain, lambda tree: currency(tree, code, "narrow")) or symbol
        result[code] = {"long": long_name, "short": symbol, "narrow": narrow}
    return result


def parent_locales(root):
    """CLDR's explicit parents (supplementalData.xml <parentLocales>), for the language-level
    locales this script reads."""
    tree = ET.parse(os.path.join(root, "common", "supplemental", "supplementalData.xml"))
    parents = {}
    for element in tree.getroot().iter("parentLocale"):
        if element.get("component"):
            continue
        for child in element.get("locales").split():
            parents[child] = element.get("parent")
    return parents


def bcp47_aliases(root, file_name, key_name):
    """CLDR's legacy type names → BCP 47 types ("gregorian" → "gregory") of one key."""
    tree = ET.parse(os.path.join(root, "common", "bcp47", file_name))
    aliases = {}
    for key in tree.getroot().iter("key"):
        if key.get("name") != key_name:
            continue
        for type_element in key.iter("type"):
            # A deprecated type ("islamicc") names its preferred one as an alias; skip it.
            if type_element.get("deprecated") == "true":
                continue
            name = type_element.get("name")
            aliases[name] = name
            for alias in (type_element.get("alias") or "").split():
                aliases[alias] = name
    return aliases


def calendars(chain, aliases):
    result = {}
    for element in (e for tree in reversed(chain) for e in tree.findall("localeDisplayNames/types/type[@key='calendar']")):
        if not usable(element) or element.get("alt"):
            continue
        legacy = element.get("type")
        if legacy not in aliases:
            sys.exit(f"calendar type {legacy} is not in common/bcp47/calendar.xml")
        result[aliases[legacy]] = element.text
    return dict(sorted(result.items()))


def field_name(chain, field_type, depth=0):
    """A field's displayName: the first along the chain, following aliases (which CLDR
    resolves again from the original locale)."""
    if depth > 4:
        sys.exit(f"alias loop at field {field_type}")
    for tree in chain:
        node = tree.find(f"dates/fields/field[@type='{field_type}']")
        if node is None:
            continue
        alias = node.find("alias")
        if alias is not None:
            path = alias.get("path")
            prefix = "../field[@type='"
            if not path.startswith(prefix):
                sys.exit(f"unexpected alias path {path}")
            return field_name(chain, path[len(prefix):-2], depth + 1)
        name = text_of(node.findall("displayName"))
        if name is not None:
            return name
    return None


def fields(chain):
    result = {}
    for ecma, cldr in FIELDS.items():
        result[ecma] = {width: field_name(chain, cldr + suffix) for width, suffix in WIDTHS.items()}
    return result


def unit_name(chain, length, unit):
    """A unit's displayName in a unit length as the locale or a parent other than root writes
    it; None when only root's aliases would supply it (ICU's MeasureFormat fills those gaps by
    its own fallback between lengths, which is not CLDR's alias resolution)."""
    for tree in chain[:-1]:
        node = tree.find(f"units/unitLength[@type='{length}']/unit[@type='{unit}']")
        if node is None:
            continue
        name = text_of(node.findall("displayName"))
        if name is not None:
            return name
    return None


def units(chain):
    result = {}
    for unit in UNITS:
        short_id = unit.split("-", 1)[1]
        result[short_id] = {style: unit_name(chain, style, unit) for style in ("long", "short", "narrow")}
    return result


def numbering_systems(chain, aliases):
    result = {}
    for tree in reversed(chain):
        for element in tree.findall("localeDisplayNames/types/type[@key='numbers']"):
            if usable(element) and not element.get("alt"):
                legacy = element.get("type")
                if legacy not in aliases:
                    sys.exit(f"numbering system {legacy} is not in common/bcp47/number.xml")
                if aliases[legacy] in NUMBERING_SYSTEMS:
                    result[aliases[legacy]] = element.text
    return dict(sorted(result.items()))


def names(tree, path, element_name, codes):
    result = {}
    for code in codes:
        elements = [e for e in tree.findall(f"{path}/{element_name}[@type='{code}']") if usable(e)]
        long_name = text_of(e for e in elements if e.get("alt") is None)
        short_name = text_of(e for e in elements if e.get("alt") == "short") or long_name
        if long_name is not None:
            result[code] = {"long": long_name, "short": short_name}
    return result


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "display-names.json")
    main_dir = os.path.join(root, "common", "main")
    root_tree = ET.parse(os.path.join(main_dir, "root.xml"))
    parents = parent_locales(root)
    aliases = bcp47_aliases(root, "calendar.xml", "ca")
    number_aliases = bcp47_aliases(root, "number.xml", "nu")
    data = fixture_header(root, "common/main/<locale>.xml and root.xml (currencies, calendar types, fields, "
                          "territories, scripts, units, numbering systems); common/bcp47/calendar.xml and "
                          "number.xml (type aliases)",
                          "Scripts/extract-cldr-display-names.py")
    data["locales"] = {}
    for locale in LOCALES:
        chain, name = [], locale
        while name != "root":
            chain.append(ET.parse(os.path.join(main_dir, f"{name}.xml")))
            name = parents.get(name, "root")
        chain.append(root_tree)
        tree = chain[0]
        data["locales"][locale] = {
            "currencies": currencies(chain),
            "calendars": calendars(chain[:-1], aliases),
            "dateTimeFields": fields(chain),
            "regions": names(tree, "localeDisplayNames/territories", "territory", REGIONS),
            "scripts": names(tree, "localeDisplayNames/scripts", "script", SCRIPTS),
            "units": units(chain),
            "numberingSystems": numbering_systems(chain[:-1], number_aliases),
        }
    write_json(output, data)
    count = sum(len(entry["currencies"]) * 3 + len(entry["calendars"]) + len(entry["dateTimeFields"]) * 3
                + len(entry["regions"]) * 2 + len(entry["scripts"]) * 2 + len(entry["units"]) * 3
                + len(entry["numberingSystems"]) for entry in data["locales"].values())
    print(f"{output}: {len(LOCALES)} locales, {count} names")


if __name__ == "__main__":
    main()
