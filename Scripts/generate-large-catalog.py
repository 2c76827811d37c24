#!/usr/bin/env python3
"""Generates a large .lproj catalog for measuring `parlance lint` and catalog loading.

Usage: python3 Scripts/generate-large-catalog.py OUT_DIR [--languages 100] [--keys 5000] [--format lproj|xcstrings]

With --format lproj (the default), each language gets `Localizable.strings` (UTF-16 LE with a byte order mark, as Xcode writes
it; 90% of the keys, with comments and %@/%d/%1$@ placeholders) and
`Localizable.stringsdict` (10% of the keys: plural entries with one variable, the
categories of a few plural families). The development language is `en`.

With --format xcstrings, the same keys and values go into one String Catalog,
`Localizable.xcstrings` (sourceLanguage `en`, written as Xcode writes it: 2-space indent,
" : " separators, keys sorted): a `stringUnit` per language for the plain keys, `plural`
variations (`%lld`) for the plural ones.
"""
import argparse
import json
import pathlib

# Real locale ids with a mix of plural rule families (one/other, one/few/many/other, …).
BASE_LANGUAGES = ["en", "de", "fr", "es", "it", "pt-BR", "pt-PT", "ru", "uk", "pl", "cs", "sk", "ar", "he", "ja", "ko",
                  "zh-Hans", "zh-Hant", "tr", "nl", "sv", "da", "nb", "fi", "el", "hu", "ro", "hr", "sr", "sl", "lt",
                  "lv", "et", "bg", "ca", "hi", "bn", "th", "vi", "id", "ms", "fa", "ur", "sw", "cy", "ga", "is", "mt",
                  "sq", "mk", "ka", "hy", "az", "kk", "uz", "mn", "ne", "si", "ta", "te", "kn", "ml", "mr", "gu", "pa",
                  "am", "km", "lo", "my", "fil", "af", "zu", "xh", "eu", "gl", "be", "bs", "en-GB", "en-AU", "en-IN",
                  "es-MX", "es-419", "fr-CA", "de-CH", "de-AT", "it-CH", "nl-BE", "sv-FI", "fy", "lb", "ky", "tg",
                  "tk", "ps", "so", "ha", "yo", "ig", "ln", "rw"]

CATEGORIES = {
    "default": ["one", "other"],
    "ru": ["one", "few", "many", "other"], "uk": ["one", "few", "many", "other"], "pl": ["one", "few", "many", "other"],
    "cs": ["one", "few", "many", "other"], "sk": ["one", "few", "many", "other"],
    "ar": ["zero", "one", "two", "few", "many", "other"], "cy": ["zero", "one", "two", "few", "many", "other"],
    "ga": ["one", "two", "few", "many", "other"], "he": ["one", "two", "other"],
    "ja": ["other"], "ko": ["other"], "zh-Hans": ["other"], "zh-Hant": ["other"], "th": ["other"], "vi": ["other"],
    "fr": ["one", "many", "other"], "es": ["one", "many", "other"], "it": ["one", "many", "other"],
    "pt-BR": ["one", "many", "other"], "pt-PT": ["one", "many", "other"], "ca": ["one", "many", "other"],
}


def strings_file(language, keys):
    lines = []
    for index in range(keys):
        if index % 10 == 9:
            continue  # plural keys live in the stringsdict
        if index % 5 == 0:
            lines.append(f"/* Key {index}; %@ is a name. */")
        if index % 3 == 0:
            value = f"{language}: Hi %@, %d new"
        elif index % 3 == 1:
            value = f"{language}: %1$@ sent %2$@"
        else:
            value = f"{language}: item {index} \\\"q\\\""
        lines.append(f'"key.{index:05d}" = "{value}";')
    return "\n".join(lines)


def stringsdict_file(language, keys):
    categories = CATEGORIES.get(language, CATEGORIES["default"])
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0">', "<dict>"]
    for index in range(9, keys, 10):
        out += [f"\t<key>key.{index:05d}</key>", "\t<dict>",
                "\t\t<key>NSStringLocalizedFormatKey</key>", "\t\t<string>%#@items@</string>",
                "\t\t<key>items</key>", "\t\t<dict>",
                "\t\t\t<key>NSStringFormatSpecTypeKey</key>", "\t\t\t<string>NSStringPluralRuleType</string>",
                "\t\t\t<key>NSStringFormatValueTypeKey</key>", "\t\t\t<string>d</string>"]
        for category in categories:
            out += [f"\t\t\t<key>{category}</key>", f"\t\t\t<string>%d {category} {index}</string>"]
        out += ["\t\t</dict>", "\t</dict>"]
    out += ["</dict>", "</plist>", ""]
    return "\n".join(out)


def string_value(language, index):
    if index % 3 == 0:
        return f"{language}: Hi %@, %lld new"
    if index % 3 == 1:
        return f"{language}: %1$@ sent %2$@"
    return f"{language}: item {index} \"q\""


def string_catalog(languages, keys):
    strings = {}
    for index in range(keys):
        localizations = {}
        for language in languages:
            if index % 10 == 9:
                categories = CATEGORIES.get(language, CATEGORIES["default"])
                localizations[language] = {"variations": {"plural": {
                    category: {"stringUnit": {"state": "translated", "value": f"%lld {category} {index}"}}
                    for category in categories}}}
            else:
                localizations[language] = {"stringUnit": {"state": "translated", "value": string_value(language, index)}}
        entry = {"localizations": localizations}
        if index % 5 == 0:
            entry["comment"] = f"Key {index}; %@ is a name."
        strings[f"key.{index:05d}"] = entry
    document = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
    return json.dumps(document, indent=2, separators=(",", " : "), ensure_ascii=False, sort_keys=True).encode("utf-8")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--languages", type=int, default=100)
    parser.add_argument("--keys", type=int, default=5000)
    parser.add_argument("--format", choices=["lproj", "xcstrings"], default="lproj")
    arguments = parser.parse_args()
    root = pathlib.Path(arguments.out)
    languages = BASE_LANGUAGES[: arguments.languages]
    if arguments.format == "xcstrings":
        root.mkdir(parents=True, exist_ok=True)
        data = string_catalog(languages, arguments.keys)
        (root / "Localizable.xcstrings").write_bytes(data)
        print(f"{len(languages)} languages x {arguments.keys} keys: {len(data) / 1e6:.1f} MB in {root}/Localizable.xcstrings")
        return
    total = 0
    for language in languages:
        folder = root / f"{language}.lproj"
        folder.mkdir(parents=True, exist_ok=True)
        strings = b"\xff\xfe" + strings_file(language, arguments.keys).encode("utf-16-le")
        plurals = stringsdict_file(language, arguments.keys).encode("utf-8")
        (folder / "Localizable.strings").write_bytes(strings)
        (folder / "Localizable.stringsdict").write_bytes(plurals)
        total += len(strings) + len(plurals)
    print(f"{len(languages)} languages x {arguments.keys} keys: {total / 1e6:.1f} MB in {root}")


if __name__ == "__main__":
    main()
