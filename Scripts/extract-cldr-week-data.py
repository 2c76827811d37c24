#!/usr/bin/env python3
"""Extract CLDR's week data and preferred hour cycles into CLDRData/week-data.json.

Source (Debian's `unicode-cldr-core` package, /usr/share/unicode/cldr):
common/supplemental/supplementalData.xml
- <weekData>: <firstDay>, <weekendStart>, <weekendEnd> and <minDays> per territory (elements
  with an `alt` attribute, such as GB's "variant" first day, are not CLDR's default and are
  skipped). A territory missing from one of them takes the value of "001" (the world), as
  CLDR specifies. The result per territory is written as ECMA-402 writes it: days numbered
  1 = Monday … 7 = Sunday, the weekend as the ascending list of days from weekendStart to
  weekendEnd (inclusive, wrapping past Sunday).
- <timeData>: the `preferred` hour format of each region or locale (`regions` lists both
  "US" and locale ids such as "fr_CA"), written as the Unicode hour cycle it stands for:
  h → h12, H → h23, K → h11, k → h24.

The fixture is never generated from ICU: ICU is what it tests.

Usage: Scripts/extract-cldr-week-data.py [CLDR_ROOT] [OUTPUT]
Defaults: /usr/share/unicode/cldr and CLDRData/week-data.json beside this script's repository.
"""
import os
import sys
import xml.etree.ElementTree as ET

from cldr_common import DEFAULT_CLDR_ROOT, REPO, fixture_header, write_json

DAYS = {"mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7}
HOUR_CYCLES = {"h": "h12", "H": "h23", "K": "h11", "k": "h24"}


def per_territory(week_data, tag, attribute):
    """{territory: value} for the elements `tag` without `alt`."""
    values = {}
    for element in week_data.iter(tag):
        if element.get("alt"):
            continue
        for territory in element.get("territories").split():
            if territory in values:
                sys.exit(f"{tag}: {territory} listed twice")
            values[territory] = element.get(attribute)
    return values


def weekend_days(start, end):
    days, day = [], DAYS[start]
    while True:
        days.append(day)
        if day == DAYS[end]:
            return sorted(days)
        day = day % 7 + 1
        if len(days) > 7:
            sys.exit(f"weekend {start}..{end} does not end")


def week_data(root_element):
    week = root_element.find("weekData")
    first_day = per_territory(week, "firstDay", "day")
    weekend_start = per_territory(week, "weekendStart", "day")
    weekend_end = per_territory(week, "weekendEnd", "day")
    min_days = per_territory(week, "minDays", "count")
    territories = set(first_day) | set(weekend_start) | set(weekend_end) | set(min_days)
    result = {}
    for territory in sorted(territories):
        result[territory] = {
            "firstDay": DAYS[first_day.get(territory, first_day["001"])],
            "weekend": weekend_days(weekend_start.get(territory, weekend_start["001"]),
                                    weekend_end.get(territory, weekend_end["001"])),
            "minimalDays": int(min_days.get(territory, min_days["001"])),
        }
    return result


def hour_cycles(root_element):
    result = {}
    for hours in root_element.find("timeData").iter("hours"):
        cycle = HOUR_CYCLES[hours.get("preferred")]
        for region in hours.get("regions").split():
            if region in result:
                sys.exit(f"timeData: {region} listed twice")
            result[region] = cycle
    return dict(sorted(result.items()))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "week-data.json")
    supplemental = ET.parse(os.path.join(root, "common", "supplemental", "supplementalData.xml")).getroot()
    data = fixture_header(root, "common/supplemental/supplementalData.xml (weekData, timeData)",
                          "Scripts/extract-cldr-week-data.py")
    data["weekData"] = week_data(supplemental)
    data["hourCycles"] = hour_cycles(supplemental)
    write_json(output, data)
    print(f"{output}: {len(data['weekData'])} territories with week data, "
          f"{len(data['hourCycles'])} regions and locales with an hour cycle")


if __name__ == "__main__":
    main()
