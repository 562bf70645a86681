#!/usr/bin/env bash
# Builds the fuzz targets (the asan preset: clang, ASan + UBSan + libFuzzer) and runs each for a
# while on a working copy of its seed corpus, fuzz/corpus/<target>/, with its dictionary,
# fuzz/dict/<target>.dict; then prints CPU seconds, executions, coverage and new inputs per target
# (docs/fuzzing.md). A crash, a leak, a hang (over --timeout seconds) or memory over 2 GB is
# written to build/asan/fuzz-findings/<target>/ and makes the script fail.
#
# Usage: scripts/fuzz.sh [--seconds N | --cpu-seconds N] [--jobs J] [--timeout S] [--keep]
#                        [--no-build] [TARGET...]
#   --seconds N      run each target for N seconds (default 60)
#   --cpu-seconds N  run each target until it has had N seconds of CPU (on a busy machine, or at
#                    nice 19 beside other work, that takes longer than N seconds)
#   --jobs J         run J targets at once (default 1; one core each)
#   --timeout S      an input running longer than S seconds is a hang (default 30: past the
#                    server's 10 s request budget, at the sanitizers' speed)
#   --keep           merge the inputs that found new coverage back into fuzz/corpus/<target>/
#                    (libFuzzer's -merge=1: only those that add coverage)
#   TARGET           game_log, http_body... (default: every target built; fuzz_NAME works too)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
cpu_seconds=0
jobs=1
timeout=30
keep=0
build=1
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --cpu-seconds) cpu_seconds="$2"; seconds=$((cpu_seconds * 20)); shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --no-build) build=0; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("${1#fuzz_}"); shift ;;
  esac
done

bin=build/asan/fuzz
if ((build)); then
  [[ -f build/asan/build.ninja ]] || cmake --preset asan >/dev/null
  cmake --build --preset asan --target fuzz_targets
fi
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(find "$bin" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x -printf '%f\n' |
    sed 's/^fuzz_//' | sort)
fi
((${#targets[@]})) || { echo "fuzz.sh: no fuzz targets in $bin (the clang asan preset?)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
findings=build/asan/fuzz-findings

# Waits until the fuzzer that /usr/bin/time `timer` runs has had `limit` CPU seconds, then asks it
# to stop (SIGUSR1: libFuzzer finishes the input at hand and prints its final statistics).
stop_after_cpu() {
  local timer="$1" limit="$2" fuzzer="" ticks hz
  hz=$(getconf CLK_TCK)
  while kill -0 "$timer" 2>/dev/null; do
    sleep 2
    [[ -n "$fuzzer" ]] || fuzzer=$(pgrep -P "$timer" | head -1 || true)
    [[ -n "$fuzzer" && -r "/proc/$fuzzer/stat" ]] || continue
    ticks=$(awk '{print $14 + $15}' "/proc/$fuzzer/stat" 2>/dev/null || echo 0)
    if ((ticks >= limit * hz)); then
      kill -USR1 "$fuzzer" 2>/dev/null || true
      return 0
    fi
  done
}

# Runs one target; writes its row of the table to $work/$target.row ("ok" or "FAILED" last).
fuzz_target() {
  local target="$1" exe="$bin/fuzz_$1" seeds="fuzz/corpus/$1"
  mkdir -p "$work/$target" "$findings/$target"
  [[ -d "$seeds" ]] && cp -r "$seeds/." "$work/$target/"
  local options=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048
    -print_final_stats=1 -artifact_prefix="$findings/$target/")
  [[ -f "fuzz/dict/$target.dict" ]] && options+=(-dict="fuzz/dict/$target.dict")
  local log="$findings/$target/last_run.log" result=ok
  # The CPU seconds it had (user + system): on a busy machine, less than its wall time.
  /usr/bin/time -f '%U %S' -o "$work/$target.cpu" "$exe" "${options[@]}" "$work/$target" \
    >"$log" 2>&1 &
  local timer=$!
  ((cpu_seconds > 0)) && stop_after_cpu "$timer" "$cpu_seconds"
  wait "$timer" || result="FAILED (see $log)"
  local cpu
  cpu=$(awk 'END {printf "%d", $1 + $2}' "$work/$target.cpu" 2>/dev/null || echo '?')
  local runs rate new cov ft
  runs=$(awk '/^stat::number_of_executed_units:/ {print $2}' "$log" | tail -1)
  rate=$(awk '/^stat::average_exec_per_sec:/ {print $2}' "$log" | tail -1)
  new=$(awk '/^stat::new_units_added:/ {print $2}' "$log" | tail -1)
  cov=$(grep -o ' cov: [0-9]*' "$log" | awk '{print $2}' | tail -1)
  ft=$(grep -o ' ft: [0-9]*' "$log" | awk '{print $2}' | tail -1)
  if ((keep)) && [[ "$result" == ok ]]; then
    mkdir -p "$seeds"
    # An input that crashes here is a finding too (or content changed under the running target):
    # its artifact goes with the others, never into the working folder.
    local merge=(-merge=1 -timeout="$timeout" -rss_limit_mb=2048
      -artifact_prefix="$findings/$target/merge-")
    [[ -f "fuzz/dict/$target.dict" ]] && merge+=(-dict="fuzz/dict/$target.dict")
    rm -f "$findings/$target"/merge-*
    "$exe" "${merge[@]}" "$seeds" "$work/$target" >"$findings/$target/merge.log" 2>&1 || true
    if compgen -G "$findings/$target/merge-*" >/dev/null; then
      result="FAILED (inputs crashed while merging: $findings/$target/merge-*)"
    fi
  fi
  printf '%-24s %6s %12s %8s %8s %8s %6s  %s\n' "$target" "${cpu:-?}" "${runs:-?}" "${rate:-?}" \
    "${cov:-?}" "${ft:-?}" "${new:-?}" "$result" >"$work/$target.row"
}

for target in "${targets[@]}"; do
  [[ -x "$bin/fuzz_$target" ]] || { echo "fuzz.sh: no target $target ($bin/fuzz_$target)" >&2; exit 2; }
done
running=0
for target in "${targets[@]}"; do
  if ((running >= jobs)); then
    wait -n
    running=$((running - 1))
  fi
  fuzz_target "$target" &
  running=$((running + 1))
done
wait

failed=()
printf '%-24s %6s %12s %8s %8s %8s %6s  %s\n' target cpu_s executions exec/s cov ft new result
for target in "${targets[@]}"; do
  cat "$work/$target.row"
  grep -q ' ok$' "$work/$target.row" || failed+=("$target")
done
if ((${#failed[@]})); then
  echo "fuzz.sh: findings in ${failed[*]}: inputs in $findings/<target>/ (crash-*, leak-*, timeout-*, oom-*)" >&2
  exit 1
fi
