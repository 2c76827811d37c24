#!/usr/bin/env python3
"""Extract Unicode's segmentation test suites into CLDRData/break-tests.json.

Source: GraphemeBreakTest.txt, WordBreakTest.txt and SentenceBreakTest.txt (UAX #29) and
LineBreakTest.txt (UAX #14) of the Unicode Character Database's auxiliary directory, as shipped
by Debian's `unicode-data` package (/usr/share/unicode/auxiliary; Unicode 15.0, the version
ICU 72 implements). The fixture is never generated from ICU: ICU is what it tests.

Each test line is `÷ 0020 × 0308 ÷ 0020 ÷ # comment`: code points in hex, with `÷` where the
algorithm breaks and `×` where it does not. For every line the fixture keeps its line number,
its code points (as integers) and its breaks as code-point offsets: an offset k means a
boundary before the k-th code point (counting from 0), so the last offset is the number of
code points. The break before the first code point (always `÷` in UAX #29's files, `×` in
LineBreakTest.txt, whose start of text is never a break opportunity) is not recorded: a
segmentation yields boundaries after each segment. Each case is written on one line.

Usage: Scripts/extract-unicode-break-tests.py [AUXILIARY_DIR] [OUTPUT]
Defaults: /usr/share/unicode/auxiliary and CLDRData/break-tests.json beside this script's
repository.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_DIR = "/usr/share/unicode/auxiliary"
SUITES = [
    ("grapheme", "GraphemeBreakTest.txt"),
    ("word", "WordBreakTest.txt"),
    ("sentence", "SentenceBreakTest.txt"),
    ("line", "LineBreakTest.txt"),
]


def debian_package_version():
    """The installed unicode-data package version, or None."""
    try:
        return subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "unicode-data"],
            capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def parse(path):
    """(version line, cases) of one test file."""
    version = None
    cases = []
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\n")
            if number == 1:
                if not line.startswith("# ") or "-" not in line:
                    sys.exit(f"{path}: the first line should name the file and its version, got {line!r}")
                version = line[2:].strip()
            body = line.split("#", 1)[0].strip()
            if not body:
                continue
            tokens = body.split()
            if tokens[0] not in ("÷", "×") or tokens[-1] not in ("÷", "×") or len(tokens) % 2 == 0:
                sys.exit(f"{path}:{number}: malformed test line {line!r}")
            code_points = []
            breaks = []
            for index, token in enumerate(tokens):
                if index % 2 == 0:
                    if token not in ("÷", "×"):
                        sys.exit(f"{path}:{number}: expected ÷ or ×, got {token!r}")
                    if token == "÷" and index > 0:
                        breaks.append(len(code_points))
                else:
                    value = int(token, 16)
                    if not 0 <= value <= 0x10FFFF or 0xD800 <= value <= 0xDFFF:
                        sys.exit(f"{path}:{number}: {token} is not a Unicode scalar value")
                    code_points.append(value)
            if not breaks or breaks[-1] != len(code_points):
                sys.exit(f"{path}:{number}: the end of the text must be a break")
            cases.append({"line": number, "codePoints": code_points, "breaks": breaks})
    if version is None:
        sys.exit(f"{path}: empty file")
    return version, cases


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_DIR
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "CLDRData", "break-tests.json")
    header = {
        "source": "Unicode Character Database, auxiliary/*BreakTest.txt (UAX #29, UAX #14)",
        "debianPackage": f"unicode-data {debian_package_version() or 'unknown'}",
        "generator": "Scripts/extract-unicode-break-tests.py",
        "about": "breaks: code-point offsets of the boundaries after the start (the last is the length); line: the test file's line",
        "files": {},
    }
    suites = {}
    for name, filename in SUITES:
        version, cases = parse(os.path.join(directory, filename))
        header["files"][name] = version
        suites[name] = cases
    # One case per line: compact and readable in a diff.
    with open(output, "w", encoding="utf-8") as handle:
        handle.write("{\n")
        for key, value in header.items():
            handle.write(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n")
        for suite_index, (name, _) in enumerate(SUITES):
            handle.write(f" {json.dumps(name)}: [\n")
            cases = suites[name]
            for index, case in enumerate(cases):
                comma = "," if index + 1 < len(cases) else ""
                handle.write(f"  {json.dumps(case, separators=(',', ':'))}{comma}\n")
            handle.write(" ]" + ("," if suite_index + 1 < len(SUITES) else "") + "\n")
        handle.write("}\n")
    counts = ", ".join(f"{name} {len(suites[name])}" for name, _ in SUITES)
    print(f"wrote {output}: {counts}")


if __name__ == "__main__":
    main()
