#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (debug, -sanitize=fuzzer,address) and runs them.
#
#     Scripts/fuzz.sh FuzzLocaleID 600      # one target for 10 minutes (the "Fuzz" prefix is optional)
#     Scripts/fuzz.sh all 5                 # every target for 5 s each (CI's short run)
#     Scripts/fuzz.sh regressions           # every saved crash input, once each, no fuzzing
#     Scripts/fuzz.sh build                 # only the build
#
# Each run first replays Fuzz/Regressions/<target>/ (inputs that once broke a contract), then
# fuzzes with a corpus in Fuzz/.build/corpus/<target>/ that it seeds from Fuzz/Corpus/<target>/
# and from the repository's fixtures (Tests/*/Fixtures, Tests/SampleCatalog, CLDRData, the batch
# generators in Scripts/), copied at run time rather than committed twice. The corpus grows
# across runs. A crash leaves its input in Fuzz/.build/artifacts/<target>/ and makes the script
# exit non-zero: copy the input into Fuzz/Regressions/<target>/ with the fix.
#
# Environment: FUZZ_JOBS (default 1) fuzzing processes per target (libFuzzer's -jobs), FUZZ_ARGS extra
# libFuzzer flags, FUZZ_SKIP_BUILD=1 to reuse the last build.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FUZZ=$ROOT/Fuzz
BIN=$FUZZ/.build/debug
WORK=$FUZZ/.build

TARGETS=(FuzzStrings FuzzStringsdict FuzzXCStrings FuzzYAML FuzzPrintf FuzzMessageFormat FuzzLocaleID
    FuzzAcceptLanguage FuzzBatchLine FuzzHTTPBody FuzzSegmentation)

usage() {
    echo "usage: $0 NAME|all [SECONDS]   (NAME: ${TARGETS[*]})" >&2
    echo "       $0 regressions | build" >&2
    exit 2
}

build() {
    [[ "${FUZZ_SKIP_BUILD:-0}" == 1 && -x "$BIN/${TARGETS[0]}" ]] && return 0
    local start=$SECONDS
    # SwiftPM passes its sanitizers to swiftc as separate -sanitize= options in no fixed order,
    # and swiftc keeps only the last one: Swift code would get either the fuzzer's coverage or
    # AddressSanitizer, differently from one build to the next. The combined option, passed
    # last, gives both every time (C code gets both from --sanitize as it is).
    swift build --package-path "$FUZZ" -c debug --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
    echo "fuzz build: $((SECONDS - start)) s"
}

# Copies the fixtures a target reads into its corpus (file names kept unique by their path).
copy_fixtures() {
    local target=$1 corpus=$2 pattern
    case "$target" in
        FuzzStrings) pattern='*.strings' ;;
        FuzzStringsdict) pattern='*.stringsdict' ;;
        FuzzXCStrings) pattern='*.xcstrings' ;;
        FuzzYAML) pattern='*.y*ml' ;;
        *) pattern='' ;;
    esac
    if [[ -n "$pattern" ]]; then
        find Tests CLDRData -name "$pattern" -type f -size -64k | while read -r file; do
            cp "$file" "$corpus/fixture-$(echo "$file" | tr '/' '_')"
        done
    fi
    case "$target" in
        FuzzLocaleID | FuzzAcceptLanguage)
            # Every locale id of the CLDR extract (one file each), as ids and as headers.
            python3 - "$corpus" "$target" <<'EOF'
import json, os, re, sys
corpus, target = sys.argv[1], sys.argv[2]
ids = set()
for name in ("CLDRData/locales.json", "CLDRData/plurals.json"):
    text = open(name, encoding="utf-8").read()
    ids.update(re.findall(r'"([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)"', text))
for i, locale in enumerate(sorted(ids)[:600]):
    data = locale if target == "FuzzLocaleID" else "\0\0" + locale + ", en;q=0.5"
    open(os.path.join(corpus, "cldr-%d" % i), "w").write(data)
EOF
            ;;
        FuzzBatchLine | FuzzHTTPBody)
            # The batch generators' requests for every op, edge cases and errors included.
            python3 Scripts/generate-batch-mix.py "$WORK/batch-mix.jsonl" >/dev/null
            python3 - "$corpus" "$target" "$WORK/batch-mix.jsonl" <<'EOF'
import os, sys
corpus, target, mix = sys.argv[1], sys.argv[2], sys.argv[3]
for i, line in enumerate(open(mix, encoding="utf-8").read().splitlines()[:400]):
    data = line.encode()
    if target == "FuzzHTTPBody":
        data = bytes([i % 7]) + data
    open(os.path.join(corpus, "mix-%d" % i), "wb").write(data)
EOF
            ;;
    esac
}

# Replays a target's saved crash inputs, one process each (libFuzzer stops at the first crash);
# fails when one still breaks the contract, naming it.
regressions() {
    local target=$1 dir=$FUZZ/Regressions/$1 log=$WORK/logs/$1-regressions.log failed=0 file
    [[ -d "$dir" ]] || return 0
    local files=("$dir"/*)
    [[ -e "${files[0]}" ]] || return 0
    echo "::: $target: ${#files[@]} regression inputs"
    : >"$log"
    for file in "${files[@]}"; do
        if ! "$BIN/$target" -runs=1 "$file" >>"$log" 2>&1; then
            echo "$target: the regression input ${file#"$ROOT"/} fails again:" >&2
            grep -E 'contract broken|buffer overflow|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY' "$log" | tail -3 >&2
            failed=1
        fi
    done
    return "$failed"
}

run() {
    local target=$1 seconds=$2
    local corpus=$WORK/corpus/$target artifacts=$WORK/artifacts/$target log=$WORK/logs/$target.log
    mkdir -p "$corpus" "$artifacts" "$WORK/logs"
    # A regression that fails again fails the run, after the fuzzing (which still tells more).
    local regressed=0
    regressions "$target" || regressed=1
    [[ -d "$FUZZ/Corpus/$target" ]] && cp -n "$FUZZ/Corpus/$target"/* "$corpus"/ 2>/dev/null || true
    copy_fixtures "$target" "$corpus"
    local dict=()
    [[ -f "$FUZZ/Dictionaries/$target.dict" ]] && dict=("-dict=$FUZZ/Dictionaries/$target.dict")
    echo "::: $target: fuzzing for $seconds s ($(find "$corpus" -type f | wc -l) corpus inputs)"
    local status=0 parallel=()
    # More than one process per target: libFuzzer's -jobs writes each job's output to fuzz-N.log
    # in the working directory, which is therefore the target's own.
    ((${FUZZ_JOBS:-1} > 1)) && parallel=("-jobs=$FUZZ_JOBS" "-workers=$FUZZ_JOBS")
    mkdir -p "$WORK/run/$target"
    rm -f "$WORK/run/$target"/fuzz-*.log
    # shellcheck disable=SC2086
    # -timeout is wall-clock time: generous, so that a loaded machine does not report a hang.
    (cd "$WORK/run/$target" && TMPDIR=$WORK/tmp "$BIN/$target" "$corpus" "${dict[@]}" "${parallel[@]}" \
        -max_total_time="$seconds" -timeout=60 -report_slow_units=30 -rss_limit_mb=3072 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-}) >"$log" 2>&1 || status=$?
    cat "$WORK/run/$target"/fuzz-*.log >>"$log" 2>/dev/null || true
    local done_line runs
    done_line=$(grep -E '^#[0-9]+:?[[:space:]].*cov:' "$log" | tail -1 || true)
    runs=$(grep -E 'stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s + 0}')
    # In fork mode (FUZZ_ARGS=-fork=1 -ignore_crashes=1) the count is the last status line's.
    ((runs > 0)) || runs=$(echo "$done_line" | sed -E 's/^#([0-9]+).*/\1/')
    echo "$target: $runs executions; last: ${done_line:-none}"
    if ((status != 0)) || grep -qE '^==[0-9]+==ERROR|deadly signal|contract broken' "$log"; then
        grep -E 'contract broken|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error|SUMMARY' "$log" | head -10
        echo "$target: crashed (exit $status); input in $artifacts/, log $log" >&2
        return 1
    fi
    return "$regressed"
}

[[ $# -ge 1 ]] || usage
# A contract failure traps; libFuzzer (not Swift's backtracer, which trips AddressSanitizer)
# reports it and saves the input.
export SWIFT_BACKTRACE=enable=no
# The same input takes the same path every time (dictionary order included), as libFuzzer
# assumes and as a replayed regression needs.
export SWIFT_DETERMINISTIC_HASHING=1
mkdir -p "$WORK/logs" "$WORK/tmp"
case "$1" in
    build)
        build
        ;;
    regressions)
        build
        failed=0
        for target in "${TARGETS[@]}"; do regressions "$target" || failed=1; done
        exit "$failed"
        ;;
    all)
        [[ $# -eq 2 ]] || usage
        build
        failed=()
        for target in "${TARGETS[@]}"; do run "$target" "$2" || failed+=("$target"); done
        if ((${#failed[@]} > 0)); then
            echo "fuzz: failed: ${failed[*]}" >&2
            exit 1
        fi
        ;;
    *)
        [[ $# -eq 2 ]] || usage
        target=$1
        [[ "$target" == Fuzz* ]] || target=Fuzz$target
        [[ " ${TARGETS[*]} " == *" $target "* ]] || usage
        build
        run "$target" "$2"
        ;;
esac
