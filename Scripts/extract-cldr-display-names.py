#!/usr/bin/env python3
"""Extract a sample of CLDR's display names into CLDRData/display-names.json.

Source (Debian's `unicode-cldr-core` package, /usr/share/unicode/cldr): common/main/<lang>.xml
for the language-level locales in LOCALES (each one's parent is root), resolved against
common/main/root.xml as CLDR resolves data:
- currencies (numbers/currencies/currency): for each code in CURRENCIES, the long name
  (displayName without `count`; root has none, so the code), the symbol (symbol without `alt`:
  the locale's, else root's, else the code) and the narrow symbol (symbol alt="narrow": the
  locale's, else root's, else the resolved symbol);
- calendars (localeDisplayNames/types/type key="calendar"): every calendar the locale names,
  keyed by its BCP 47 type (CLDR's legacy names such as "gregorian" are mapped through the
  `alias` attributes of common/bcp47/calendar.xml);
- date-time fields (dates/fields/field): the displayName of the wide, short and narrow forms
  of the twelve ECMA-402 fields (era, year, quarter, month, week, weekday, day, dayperiod,
  hour, minute, second, zone), following CLDR's locale-relative aliases (root's
  `year-short` is an alias to the locale's `year`);
- regions (localeDisplayNames/territories) in REGIONS: long name and short name
  (alt="short", else the long name);
- scripts (localeDisplayNames/scripts) in SCRIPTS: long name and short name (alt="short",
  else the long name).

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


def currencies(locale_tree, root_tree):
    result = {}
    for code in CURRENCIES:
        long_name = currency(locale_tree, code, "long") or currency(root_tree, code, "long") or code
        symbol = currency(locale_tree, code, "symbol") or currency(root_tree, code, "symbol") or code
        narrow = currency(locale_tree, code, "narrow") or currency(root_tree, code, "narrow") or symbol
        result[code] = {"long": long_name, "short": symbol, "narrow": narrow}
    return result


def calendar_aliases(root):
    tree = ET.parse(os.path.join(root, "common", "bcp47", "calendar.xml"))
    aliases = {}
    for key in tree.getroot().iter("key"):
        if key.get("name") != "ca":
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


def calendars(tree, aliases):
    result = {}
    for element in tree.findall("localeDisplayNames/types/type[@key='calendar']"):
        if not usable(element) or element.get("alt"):
            continue
        legacy = element.get("type")
        if legacy not in aliases:
            sys.exit(f"calendar type {legacy} is not in common/bcp47/calendar.xml")
        result[aliases[legacy]] = element.text
    return dict(sorted(result.items()))


def field_name(locale_tree, root_tree, field_type, depth=0):
    """A field's displayName: the locale's, else root's, following root's aliases (which
    CLDR resolves in the original locale)."""
    if depth > 4:
        sys.exit(f"alias loop at field {field_type}")
    for tree in (locale_tree, root_tree):
        node = tree.find(f"dates/fields/field[@type='{field_type}']")
        if node is None:
            continue
        alias = node.find("alias")
        if alias is not None:
            path = alias.get("path")
            prefix = "../field[@type='"
            if not path.startswith(prefix):
                sys.exit(f"unexpected alias path {path}")
            return field_name(locale_tree, root_tree, path[len(prefix):-2], depth + 1)
        name = text_of(node.findall("displayName"))
        if name is not None:
            return name
    return None


def fields(locale_tree, root_tree):
    result = {}
    for ecma, cldr in FIELDS.items():
        result[ecma] = {
            width: field_name(locale_tree, root_tree, cldr + suffix) for width, suffix in WIDTHS.items()
        }
    return result


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
    aliases = calendar_aliases(root)
    data = fixture_header(root, "common/main/<locale>.xml and root.xml (currencies, calendar types, fields, "
                          "territories, scripts); common/bcp47/calendar.xml (calendar aliases)",
                          "Scripts/extract-cldr-display-names.py")
    data["locales"] = {}
    for locale in LOCALES:
        tree = ET.parse(os.path.join(main_dir, f"{locale}.xml"))
        data["locales"][locale] = {
            "currencies": currencies(tree, root_tree),
            "calendars": calendars(tree, aliases),
            "dateTimeFields": fields(tree, root_tree),
            "regions": names(tree, "localeDisplayNames/territories", "territory", REGIONS),
            "scripts": names(tree, "localeDisplayNames/scripts", "script", SCRIPTS),
        }
    write_json(output, data)
    count = sum(len(entry["currencies"]) * 3 + len(entry["calendars"]) + len(entry["dateTimeFields"]) * 3
                + len(entry["regions"]) * 2 + len(entry["scripts"]) * 2 for entry in data["locales"].values())
    print(f"{output}: {len(LOCALES)} locales, {count} names")


if __name__ == "__main__":
    main()
