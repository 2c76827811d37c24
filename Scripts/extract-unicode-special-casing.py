#!/usr/bin/env python3
"""Extract Unicode's SpecialCasing.txt into CLDRData/special-casing.json.

Source: SpecialCasing.txt of the Unicode Character Database, as shipped by Debian's
`unicode-data` package (/usr/share/unicode; Unicode 15.0, the version ICU 72 implements). The
fixture is never generated from ICU: ICU is what it tests.

Every entry `<code>; <lower>; <title>; <upper>; (<condition_list>;)? # <comment>` is kept
with its code point, its three full mappings (arrays of code points; an empty one deletes the
character), its conditions split into a language (`tr`, `az`, `lt`, or null) and contexts
(`Final_Sigma`, `After_Soft_Dotted`, `More_Above`, `Before_Dot`, `After_I`, `Not_Before_Dot`),
its line number and its comment (the character's name).

Usage: Scripts/extract-unicode-special-casing.py [SPECIAL_CASING] [OUTPUT]
Defaults: /usr/share/unicode/SpecialCasing.txt and CLDRData/special-casing.json.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SOURCE = "/usr/share/unicode/SpecialCasing.txt"
CONTEXTS = {"Final_Sigma", "After_Soft_Dotted", "More_Above", "Before_Dot", "After_I", "Not_Before_Dot"}


def debian_package_version():
    try:
        return subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "unicode-data"],
            capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def code_points(field, path, number):
    try:
        return [int(token, 16) for token in field.split()]
    except ValueError:
        sys.exit(f"{path}:{number}: bad code points {field!r}")


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SOURCE
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "special-casing.json")
    version = None
    entries = []
    with open(source, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\n")
            if number == 1:
                version = line.lstrip("# ").strip()
            body, _, comment = line.partition("#")
            fields = [field.strip() for field in body.split(";")]
            if len(fields) < 5:
                continue
            # fields: code, lower, title, upper, [conditions,] "" (after the last ';')
            conditions = fields[4].split() if len(fields) > 5 else []
            language = None
            contexts = []
            for condition in conditions:
                if condition in CONTEXTS:
                    contexts.append(condition)
                elif condition.isalpha() and condition.islower() and len(condition) in (2, 3):
                    if language is not None:
                        sys.exit(f"{source}:{number}: two languages")
                    language = condition
                else:
                    sys.exit(f"{source}:{number}: unknown condition {condition!r}")
            [code] = code_points(fields[0], source, number)
            entries.append({
                "line": number,
                "code": code,
                "lower": code_points(fields[1], source, number),
                "title": code_points(fields[2], source, number),
                "upper": code_points(fields[3], source, number),
                "language": language,
                "contexts": contexts,
                "name": comment.strip(),
            })
    data = {
        "source": "Unicode Character Database, SpecialCasing.txt",
        "version": version,
        "debianPackage": f"unicode-data {debian_package_version() or 'unknown'}",
        "generator": "Scripts/extract-unicode-special-casing.py",
        "entries": entries,
    }
    with open(output, "w", encoding="utf-8") as handle:
        handle.write("{\n")
        items = list(data.items())
        for key, value in items[:-1]:
            handle.write(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n")
        handle.write(' "entries": [\n')
        for index, entry in enumerate(entries):
            comma = "," if index + 1 < len(entries) else ""
            handle.write(f"  {json.dumps(entry, ensure_ascii=False, separators=(',', ':'))}{comma}\n")
        handle.write(" ]\n}\n")
    conditional = sum(1 for entry in entries if entry["language"] or entry["contexts"])
    print(f"wrote {output}: {len(entries)} entries, {conditional} conditional")


if __name__ == "__main__":
    main()
