#!/usr/bin/env python3
"""Builds the DocC documentation of every library product from an existing debug build.

    python3 Scripts/build-docs.py [--build-dir .build] [--output .build/docs] [TARGET ...]

The symbol graphs come from the modules the build already compiled (swift-symbolgraph-extract,
with the search paths and C module maps SwiftPM used for that module, read from the build's
llbuild manifest), so documenting the server products costs no second build of SwiftNIO,
Hummingbird and Vapor, as swift-docc-plugin's own debug build would. Each target's catalog
(Sources/<Target>/<Target>.docc) is converted with `docc convert` (`--strict`: warnings are
errors); a target without a catalog is documented from its doc comments alone. Run it after
`swift build --build-tests` (any configuration; CI uses its sanitizer build).

Exit status 1 when a module is missing from the build or DocC fails.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def library_targets():
    """The targets of the package's library products, in the manifest's order."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    targets = []
    for product in dump["products"]:
        if "library" in product["type"]:
            for target in product["targets"]:
                if target not in targets:
                    targets.append(target)
    return targets


def compile_arguments(manifest_text, module):
    """The search-path options of `module`'s Swift compile command in the llbuild manifest."""
    match = re.search(r'"C\.' + re.escape(module) + r'-[^"]*\.module":\n(?:    [^\n]*\n)*?    args: (\[[^\n]*\])', manifest_text)
    if not match:
        return None
    args = json.loads(match.group(1))
    kept = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in ("-I", "-F", "-target", "-sdk", "-resource-dir", "-module-cache-path", "-swift-version", "-Xcc") and index + 1 < len(args):
            kept += [arg, args[index + 1]]
            index += 2
            continue
        if arg.startswith("-I") and len(arg) > 2:
            kept.append(arg)
        index += 1
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(ROOT, ".build"))
    parser.add_argument("--output", default=os.path.join(ROOT, ".build", "docs"))
    parser.add_argument("--strict", action="store_true", help="treat DocC warnings as errors")
    parser.add_argument("targets", nargs="*", help="targets to document (default: every library product's)")
    options = parser.parse_args()

    manifest = os.path.join(options.build_dir, "debug.yaml")
    if not os.path.exists(manifest):
        sys.exit(f"build-docs: {manifest} not found: run `swift build --build-tests` first")
    with open(manifest, encoding="utf-8") as file:
        manifest_text = file.read()
    targets = options.targets or library_targets()
    graphs = os.path.join(options.build_dir, "symbol-graphs")
    os.makedirs(options.output, exist_ok=True)
    failed = []
    for target in targets:
        arguments = compile_arguments(manifest_text, target)
        if arguments is None:
            print(f"build-docs: {target}: no compile command in {manifest}")
            failed.append(target)
            continue
        graph_dir = os.path.join(graphs, target)
        shutil.rmtree(graph_dir, ignore_errors=True)
        os.makedirs(graph_dir)
        extract = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", target, "-output-dir", graph_dir, "-minimum-access-level", "public",
             "-skip-inherited-docs"] + arguments, capture_output=True, text=True)
        if extract.returncode != 0:
            print(f"build-docs: {target}: swift-symbolgraph-extract failed (was the last build of {options.build_dir} "
                  f"made with the same traits, e.g. --traits YAML,Server,Vapor?):\n{extract.stderr[-4000:]}")
            failed.append(target)
            continue
        # Only the module's own graph: the extension graphs of other modules' types
        # (Target@Foundation.symbols.json) are documented with it.
        catalog = os.path.join(ROOT, "Sources", target, f"{target}.docc")
        command = ["docc", "convert"] + ([catalog] if os.path.isdir(catalog) else []) + [
            "--additional-symbol-graph-dir", graph_dir, "--output-path", os.path.join(options.output, target),
            "--fallback-display-name", target, "--fallback-bundle-identifier", f"parlance.{target}"] + (["--warnings-as-errors"] if options.strict else [])
        convert = subprocess.run(command, capture_output=True, text=True)
        output = (convert.stdout + convert.stderr).strip()
        if convert.returncode != 0:
            print(f"build-docs: {target}: docc convert failed:\n{output[-6000:]}")
            failed.append(target)
            continue
        warnings = output.count("warning: ")
        print(f"build-docs: {target}: {'catalog and doc comments' if os.path.isdir(catalog) else 'doc comments'} -> "
              f"{os.path.relpath(os.path.join(options.output, target), ROOT)} ({warnings} warnings)")
    if failed:
        print(f"build-docs: {len(failed)} of {len(targets)} targets failed: {', '.join(failed)}")
        return 1
    print(f"build-docs: {len(targets)} targets documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
