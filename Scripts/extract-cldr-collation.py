#!/usr/bin/env python3
"""Extracts CLDRData/collation-root.json and CLDRData/collation-tailorings.json from CLDR's
collation data (Debian's unicode-cldr-core, /usr/share/unicode/cldr), for
Tests/ParlanceTests/CollationTests.swift.

collation-root.json: a deterministic sample of CLDR's root collation conformance files
common/uca/CollationTest_CLDR_NON_IGNORABLE_SHORT.txt and ..._SHIFTED_SHORT.txt. Each file lists
code point sequences in ascending root order (compared at identical strength, with alternate
handling non-ignorable or shifted); the sample keeps every STEP-th line, so that consecutive
sample lines are still in ascending order. Lines with a surrogate code point (which a Swift
String cannot hold) are left out and counted. Strings are written in NFD (Python's unicodedata):
the files' order assumes ICU's normalization mode "on", which Parlance's collator leaves off,
and NFD text is ordered the same with it on or off.

collation-tailorings.json: for each (locale, CLDR collation type) below, the relations that
CLDR's common/collation/<lang>.xml rules state directly. A rule chain `&a < b << c <<< d = e`
says b sorts after a at the primary level (equal before it), c after b at the secondary level
(equal at primary), d after c at the tertiary level, e equal to d at tertiary; `<*xyz` lists
x < y < z. Only relations between two plain strings are taken: an item with a bracketed reset
(`&[before 1]x`, `&[last regular]`), a quoted string, a context (`|`) or an extension (`/`)
breaks the chain, so nothing is inferred across it. Long tailorings (zh, ja, ko) are sampled,
every N-th relation, to at most MAX_RELATIONS per type.

Usage: Scripts/extract-cldr-collation.py [CLDR_ROOT]
"""
import os
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET

from cldr_common import DEFAULT_CLDR_ROOT, REPO, fixture_header, write_json

STEP = 40
MAX_RELATIONS = 400
MAX_LOCALE_RELATIONS = 40

# (BCP 47 locale Parlance opens, CLDR file, CLDR collation type)
TAILORINGS = [
    ("sv", "sv", "reformed"),
    ("sv-u-co-standard", "sv", "standard"),
    ("da", "da", "standard"),
    ("de-u-co-phonebk", "de", "phonebook"),
    ("es", "es", "standard"),
    ("es-u-co-trad", "es", "traditional"),
    ("zh", "zh", "pinyin"),
    ("zh-u-co-stroke", "zh", "stroke"),
    ("ja", "ja", "standard"),
    ("ko", "ko", "standard"),
    ("th", "th", "standard"),
]


def sample_root(root, name):
    path = os.path.join(root, "common", "uca", name)
    lines = []
    skipped = 0
    total = 0
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            total += 1
            if (total - 1) % STEP != 0:
                continue
            points = [int(p, 16) for p in line.split()]
            if any(0xD800 <= p <= 0xDFFF for p in points):
                skipped += 1
                continue
            lines.append(unicodedata.normalize("NFD", "".join(chr(p) for p in points)))
    return {"file": f"common/uca/{name}", "lines": total, "step": STEP,
            "skippedSurrogates": skipped, "sample": lines}


ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
TOKEN = re.compile(r"(&|<<<\*|<<\*|<\*|=\*|<<<|<<|<|=)")
LEVEL = {"<": 1, "<<": 2, "<<<": 3, "=": 0}


def unescape(text):
    return ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)


def rules_of(root, lang, ctype):
    """The rules of a collation type; the `alt="short"` variant where there is one, which is
    the one ICU's data is built from (zh pinyin, stroke and zhuyin: the long variants add
    rarely used characters ICU leaves in their implicit order)."""
    tree = ET.parse(os.path.join(root, "common", "collation", f"{lang}.xml"))
    chosen = None
    for collation in tree.iter("collation"):
        if collation.get("type") == ctype and collation.get("alt") in (None, "short"):
            if chosen is None or collation.get("alt") == "short":
                chosen = collation
    if chosen is None:
        return None, None
    cr = chosen.find("cr")
    return (cr.text if cr is not None else ""), chosen.get("alt")


def relations(rules):
    """(a, b, level) for each relation between two plain strings; level 0 is `=`."""
    text = "\n".join(line.split("#", 1)[0] for line in rules.splitlines())
    # Whole-line settings such as [import …], [reorder …], [caseFirst upper].
    text = re.sub(r"^\s*\[[^\]]*(\[[^\]]*\][^\]]*)*\]\s*$", "", text, flags=re.M)
    parts = TOKEN.split(text)
    result = []
    previous = None
    for index in range(1, len(parts), 2):
        op, item = parts[index], parts[index + 1].strip()
        known = item and not any(c in item for c in "[]'|/") and not re.search(r"\s", item)
        item = unescape(item) if known else None
        if op == "&":
            previous = item
            continue
        if op.endswith("*"):
            base = op[:-1]
            items = list(item) if item else [None]
        else:
            base = op
            items = [item]
        for current in items:
            if previous is not None and current is not None:
                result.append((previous, current, LEVEL[base]))
            previous = current
    # A later rule may move an item again (km: &ៈ<<៎…<<ៈ); the relations stated before that
    # no longer hold, so they are dropped.
    last_target = {}
    for index, (_, b, _) in enumerate(result):
        last_target[b] = index
    return [(a, b, level) for index, (a, b, level) in enumerate(result)
            if last_target.get(a, -1) <= index and last_target[b] == index]


def default_type(root, lang):
    tree = ET.parse(os.path.join(root, "common", "collation", f"{lang}.xml"))
    default = tree.find(".//collations/defaultCollation")
    return default.text.strip() if default is not None else "standard"


def locale_defaults(root):
    """The default tailoring's relations of every collation file but root's."""
    entries = []
    directory = os.path.join(root, "common", "collation")
    for name in sorted(os.listdir(directory)):
        lang = name[:-4]
        if not name.endswith(".xml") or lang == "root":
            continue
        ctype = default_type(root, lang)
        rules, alt = rules_of(root, lang, ctype)
        if rules is None:
            entries.append({"locale": lang, "type": ctype, "relationsInRules": 0, "every": 1, "alt": None, "relations": []})
            continue
        found = relations(rules)
        every = max(1, -(-len(found) // MAX_LOCALE_RELATIONS))
        entries.append({"locale": lang, "type": ctype, "alt": alt, "relationsInRules": len(found), "every": every,
                        "relations": [[a, b, level] for a, b, level in found[::every]]})
    return entries


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CLDR_ROOT
    generator = "Scripts/extract-cldr-collation.py"
    header = fixture_header(root, "common/uca/CollationTest_CLDR_*_SHORT.txt", generator)
    header["pythonUnicodeData"] = unicodedata.unidata_version
    header["about"] = ("Every step-th line of CLDR's root collation conformance files, in ascending "
                       "root order at identical strength (non-ignorable; shifted for ignorePunctuation), "
                       "strings in NFD.")
    data = dict(header)
    data["nonIgnorable"] = sample_root(root, "CollationTest_CLDR_NON_IGNORABLE_SHORT.txt")
    data["shifted"] = sample_root(root, "CollationTest_CLDR_SHIFTED_SHORT.txt")
    write_json(os.path.join(REPO, "CLDRData", "collation-root.json"), data)

    header = fixture_header(root, "common/collation/*.xml", generator)
    header["about"] = ("Relations stated directly by CLDR collation rule chains: level 1 `<` (after at "
                       "primary, equal before it), 2 `<<`, 3 `<<<`, 0 `=` (equal at tertiary). See the script "
                       "for which rule items are used.")
    entries = []
    for locale, lang, ctype in TAILORINGS:
        rules, alt = rules_of(root, lang, ctype)
        if rules is None:
            sys.exit(f"no collation type {ctype} in {lang}.xml")
        found = relations(rules)
        every = max(1, -(-len(found) // MAX_RELATIONS))
        kept = found[::every]
        entries.append({"locale": locale, "file": f"common/collation/{lang}.xml", "type": ctype, "alt": alt,
                        "relationsInRules": len(found), "every": every,
                        "relations": [[a, b, level] for a, b, level in kept]})
    header["tailorings"] = entries
    header["localesAbout"] = ("For every common/collation/<id>.xml but root: the relations of its default "
                              "collation type (defaultCollation, else standard), sampled to at most "
                              f"{MAX_LOCALE_RELATIONS}.")
    header["locales"] = locale_defaults(root)
    write_json(os.path.join(REPO, "CLDRData", "collation-tailorings.json"), header)


if __name__ == "__main__":
    main()
