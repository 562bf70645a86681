#!/usr/bin/env bash
# Builds the fuzz targets (the fuzz preset: clang, ASan + UBSan + libFuzzer) and runs each for a
# while on a working copy of its seed corpus, fuzz/corpus/<target>/, with its dictionary,
# fuzz/dict/<target>.dict; then prints executions, coverage and new inputs per target
# (docs/fuzzing.md). A crash, a leak, a hang (over --timeout seconds) or memory over 2 GB is
# written to build/fuzz/fuzz-findings/<target>/ and makes the script fail.
#
# Usage: scripts/fuzz.sh [--seconds N] [--timeout S] [--keep] [--no-build] [TARGET...]
#   --seconds N  run each target for N seconds (default 60)
#   --timeout S  an input running longer than S seconds is a hang (default 10)
#   --keep       merge the inputs that found new coverage back into fuzz/corpus/<target>/
#                (libFuzzer's -merge=1: only those that add coverage)
#   TARGET       game_log, http_body... (default: every target built; fuzz_NAME works too)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
timeout=10
keep=0
build=1
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("${1#fuzz_}"); shift ;;
  esac
done

bin=build/fuzz/fuzz
if ((build)); then
  [[ -f build/fuzz/build.ninja ]] || cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz --target fuzz_targets
fi
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(find "$bin" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x -printf '%f\n' |
    sed 's/^fuzz_//' | sort)
fi
((${#targets[@]})) || { echo "fuzz.sh: no fuzz targets in $bin (the clang fuzz preset?)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
findings=build/fuzz/fuzz-findings
failed=()
printf '%-24s %12s %8s %8s %8s %6s  %s\n' target executions exec/s cov ft new result
for target in "${targets[@]}"; do
  exe="$bin/fuzz_$target"
  [[ -x "$exe" ]] || { echo "fuzz.sh: no target $target ($exe)" >&2; exit 2; }
  seeds="fuzz/corpus/$target"
  mkdir -p "$work/$target" "$findings/$target"
  [[ -d "$seeds" ]] && cp -r "$seeds/." "$work/$target/"
  options=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048
    -print_final_stats=1 -artifact_prefix="$findings/$target/")
  [[ -f "fuzz/dict/$target.dict" ]] && options+=(-dict="fuzz/dict/$target.dict")
  log="$findings/$target/last_run.log"
  result=ok
  "$exe" "${options[@]}" "$work/$target" >"$log" 2>&1 || result="FAILED (see $log)"
  runs=$(awk '/^stat::number_of_executed_units:/ {print $2}' "$log" | tail -1)
  rate=$(awk '/^stat::average_exec_per_sec:/ {print $2}' "$log" | tail -1)
  new=$(awk '/^stat::new_units_added:/ {print $2}' "$log" | tail -1)
  cov=$(grep -o ' cov: [0-9]*' "$log" | awk '{print $2}' | tail -1)
  ft=$(grep -o ' ft: [0-9]*' "$log" | awk '{print $2}' | tail -1)
  printf '%-24s %12s %8s %8s %8s %6s  %s\n' "$target" "${runs:-?}" "${rate:-?}" "${cov:-?}" \
    "${ft:-?}" "${new:-?}" "$result"
  [[ "$result" == ok ]] || failed+=("$target")
  if ((keep)) && [[ "$result" == ok ]]; then
    mkdir -p "$seeds"
    merge=(-merge=1 -timeout="$timeout" -rss_limit_mb=2048)
    [[ -f "fuzz/dict/$target.dict" ]] && merge+=(-dict="fuzz/dict/$target.dict")
    "$exe" "${merge[@]}" "$seeds" "$work/$target" >/dev/null 2>&1
  fi
done
if ((${#failed[@]})); then
  echo "fuzz.sh: findings in ${failed[*]}: inputs in $findings/<target>/ (crash-*, leak-*, timeout-*, oom-*)" >&2
  exit 1
fi
