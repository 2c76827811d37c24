#!/usr/bin/env python3
"""Writes the reader fixtures of Tests/ParlanceLocalizationTests/Fixtures/Readers.

Every property list is checked by Python's plistlib (a plutil-compatible parser, as the
issue asks) and the values plistlib reads are written next to it as `<name>.expected.json`,
so that the tests compare Parlance's reader with an independent one. Binary property lists
are written by plistlib's FMT_BINARY (plutil is not on Linux); `set.stringsdict` is a
hand-made binary list holding a set object, which plistlib cannot write; `uid.stringsdict`
holds a UID in one entry.

Run: python3 Scripts/make-reader-fixtures.py
"""
import json
import pathlib
import plistlib
import struct

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/ParlanceLocalizationTests/Fixtures/Readers"
OUT.mkdir(parents=True, exist_ok=True)

# CDATA, entities in keys and values, comments anywhere (between elements and inside text).
XML_QUIRKS = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- a translator's note before the root -->
<plist version="1.0">
<dict>
\t<!-- entry with an entity in its key -->
\t<key>cart &amp; checkout</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string><![CDATA[%#@items@ in <your> cart]]></string>
\t\t<key>items</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<!-- the type -->
\t\t\t<string>d</string>
\t\t\t<key>one</key>
\t\t\t<string>%d item &#x2014; &quot;one&quot;</string>
\t\t\t<key>other</key>
\t\t\t<string>%d <!-- plural --> items</string>
\t\t</dict>
\t</dict>
\t<key>&lt;tag&gt;</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string>%#@n@</string>
\t\t<key>n</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>one</key>
\t\t\t<string>%d tag</string>
\t\t\t<key>other</key>
\t\t\t<string>%d tags</string>
\t\t</dict>
\t</dict>
</dict>
</plist>
"""


def plural_entry(fmt, name, variants, value_type="d"):
    variable = {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": value_type}
    variable.update(variants)
    return {"NSStringLocalizedFormatKey": fmt, name: variable}


BINARY = {
    "items.count": plural_entry("%#@items@", "items", {"one": "%d элемент", "few": "%d элемента",
                                                        "many": "%d элементов", "other": "%d элемента"}),
    "device": {"NSStringDeviceSpecificRuleType": {"iphone": "Tap", "mac": "Click", "other": "Press"}},
    "width": {"NSStringVariableWidthRuleType": {"20": "Settings", "50": "Application settings"}},
}


def write_expected(name, value):
    (OUT / f"{name}.expected.json").write_text(json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main():
    quirks = OUT / "quirks.stringsdict"
    quirks.write_text(XML_QUIRKS, encoding="utf-8")
    write_expected("quirks", plistlib.loads(quirks.read_bytes()))

    binary = OUT / "binary.stringsdict"
    binary.write_bytes(plistlib.dumps(BINARY, fmt=plistlib.FMT_BINARY))
    write_expected("binary", plistlib.loads(binary.read_bytes()))

    # A binary list whose top object is a set (marker 0xC1) of one ASCII string: 'bplist00',
    # objects, offset table, trailer.
    objects = bytes([0xC1, 0x01]) + bytes([0x51]) + b"a"
    offsets = bytes([8, 10])
    trailer = struct.pack(">6xBBQQQ", 1, 1, 2, 0, 8 + len(objects))
    (OUT / "set.stringsdict").write_bytes(b"bplist00" + objects + offsets + trailer)

    # The Russian entries of BINARY, one of whose variants is a UID (as keyed archives hold):
    # only that entry is skipped.
    uid = dict(BINARY)
    uid["broken"] = plural_entry("%#@n@", "n", {"one": "%d файл", "other": plistlib.UID(7)})
    (OUT / "uid.stringsdict").write_bytes(plistlib.dumps(uid, fmt=plistlib.FMT_BINARY))


if __name__ == "__main__":
    main()
