"""What the CLDR extraction scripts share: where the repository is and which CLDR release the
XML on this machine is (Debian's `unicode-cldr-core` package, /usr/share/unicode/cldr)."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_CLDR_ROOT = "/usr/share/unicode/cldr"


def cldr_version(root):
    """The CLDR release of the XML: the DTD's fixed cldrVersion attribute."""
    dtd = os.path.join(root, "common", "dtd", "ldmlSupplemental.dtd")
    with open(dtd, encoding="utf-8") as handle:
        match = re.search(r'<!ATTLIST version cldrVersion CDATA #FIXED "([^"]+)"', handle.read())
    if not match:
        sys.exit(f"cannot find cldrVersion in {dtd}")
    return match.group(1)


def debian_package_version():
    """The installed unicode-cldr-core package version, or None."""
    try:
        return subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "unicode-cldr-core"],
            capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def fixture_header(root, source, generator):
    """The provenance fields every CLDRData fixture starts with."""
    return {
        "cldrVersion": cldr_version(root),
        "source": source,
        "debianPackage": f"unicode-cldr-core {debian_package_version() or 'unknown'}",
        "generator": generator,
    }


def write_json(output, data, sort_keys=False):
    """Writes a fixture as UTF-8 JSON, one space of indentation, with a final newline."""
    import json
    with open(output, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1, sort_keys=sort_keys)
        handle.write("\n")
