#!/usr/bin/env bash
# Gathers the fuzz targets' seed corpora into fuzz/corpus/<target>/ (committed; docs/fuzzing.md):
#  - <ruleset>_content: every .toml file under content/<ruleset>/, its first line the file's path
#    in the folder (the targets read "PATH\nTEXT");
#  - <ruleset>_<kind>: content/<ruleset>/<kind>s/* (sample warbands, wizards);
#  - <ruleset>_costs: content/<ruleset>/costs.toml as it is;
#  - game_log and sim_summary: logs and sweep summaries of every playable ruleset, written by
#    `warband play` and `warband sim` (a full game, the same cut short, a shard of a sweep);
#  - state_json: states of those games (the fuzz_state_json binary writes them, when built);
#  - toml_comments: every .toml file under content/, as it is;
#  - http_request: each of fuzz/seeds/http_body/ as the whole request http_body_fuzz sends;
#  - every target: fuzz/seeds/<target>/, inputs made by hand (JSON twins, HTTP requests).
# Then fuzz/make_dicts.py writes each target's dictionary, fuzz/dict/<target>.dict, from its seeds.
# Usage: fuzz/gather_corpus.sh [WARBAND_BINARY] (default build/release/warband).
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
warband="${1:-build/release/warband}"
[[ -x "$warband" ]] || { echo "gather_corpus: build $warband first (scripts/build.sh release)" >&2; exit 2; }
corpus=fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus"

# A seed named by its content's hash, as libFuzzer names the inputs it keeps.
seed() {  # seed TARGET < text
  local file
  file=$(mktemp)
  cat >"$file"
  mkdir -p "$corpus/$1"
  mv "$file" "$corpus/$1/$(sha1sum "$file" | cut -c1-40)"
}

for folder in content/*/; do
  ruleset=$(basename "$folder")
  if [[ -f fuzz/rulesets/$ruleset/${ruleset}_content_fuzz.cc ]]; then
    while IFS= read -r file; do
      { echo "${file#"$folder"}"; cat "$file"; } | seed "${ruleset}_content"
    done < <(find "$folder" -name '*.toml' | sort)
  fi
  for sub in "$folder"*/; do
    kind=$(basename "$sub")
    kind=${kind%s}
    if [[ -f fuzz/rulesets/$ruleset/${ruleset}_${kind}_fuzz.cc ]]; then
      for file in "$sub"*; do seed "${ruleset}_$kind" <"$file"; done
    fi
  done
done

# A ruleset's cost file alone, for a <ruleset>_costs target that reads it beside the shipped rules.
for file in content/*/costs.toml; do
  ruleset=$(basename "$(dirname "$file")")
  if [[ -f fuzz/rulesets/$ruleset/${ruleset}_costs_fuzz.cc ]]; then seed "${ruleset}_costs" <"$file"; fi
done

while IFS= read -r file; do seed toml_comments <"$file"; done < <(find content -name '*.toml' | sort)

for file in fuzz/seeds/http_body/*; do
  python3 - "$file" <<'PY' | seed http_request
import sys
line, _, body = open(sys.argv[1], "rb").read().partition(b"\n")
sys.stdout.buffer.write(line + b" HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + b"Content-Length: %d\r\n\r\n" % len(body) + body)
PY
done

for seeds in fuzz/seeds/*/; do
  for file in "$seeds"*; do seed "$(basename "$seeds")" <"$file"; done
done

# Logs: compact JSON; a whole game and the same log cut short (no final_hash or result).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
playable=$("$warband" rulesets | awk '/^[a-z]/ {name = $1} /can: .*play/ {print name}')
for ruleset in $playable; do
  for game_seed in 1 2; do
    "$warband" play "$ruleset" --red random --blue random --seed "$game_seed" --quiet \
      --log "$work/log.json" >/dev/null
    python3 - "$work/log.json" "$work" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
json.dump(log, open(sys.argv[2] + "/whole.json", "w"), separators=(",", ":"))
for cut in (0, 12, 80):
    short = dict(log, actions=log["actions"][:cut])
    short.pop("final_hash", None)
    short.pop("result", None)
    json.dump(short, open(f"{sys.argv[2]}/cut{cut}.json", "w"), separators=(",", ":"))
PY
    for file in "$work"/whole.json "$work"/cut*.json; do seed game_log <"$file"; done
  done
  "$warband" sim "$ruleset" --games 3 --seed 7 --no-progress --out "$work/sweep.json" >/dev/null
  "$warband" sim "$ruleset" --games 4 --seed 7 --shard 2/2 --no-progress \
    --out "$work/shard.json" >/dev/null
  for file in "$work/sweep.json" "$work/shard.json"; do
    python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",", ":")))' \
      "$file" | seed sim_summary
  done
done

# States: the fuzz target writes some of each playable ruleset's states, when built.
state_fuzzer=build/asan/fuzz/fuzz_state_json
if [[ -x "$state_fuzzer" ]]; then
  mkdir -p "$corpus/state_json"
  WARBAND_FUZZ_WRITE_SEEDS="$corpus/state_json" "$state_fuzzer" >/dev/null 2>&1
fi

python3 fuzz/make_dicts.py .
du -sh "$corpus"
for dir in "$corpus"/*/; do echo "$(basename "$dir"): $(ls "$dir" | wc -l) seeds"; done
