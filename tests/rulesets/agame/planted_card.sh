#!/usr/bin/env bash
# A planted card in real games (issue 19), run on demand: makes one A Game draft card stronger
# (or weaker) in a copy of the content (one number of its first [[card.effect]] in cards.toml,
# nothing else touched), runs `warband balance agame` on the shipped content and on the planted
# copy with the same seeds, and reports each drafted card's worth in points in both runs: whether
# the card fit tells the planted card apart (its interval clear of the average card, 0) and which
# unplanted cards moved.
# Usage: tests/rulesets/agame/planted_card.sh [--card ID] [--field KEY] [--value N]
#          [--baseline FILE] [any `warband balance` options, e.g. --games 3000 --bot greedy
#          --seed 1 --threads 1]
# --baseline: the shipped content's run already made with the same options (`warband balance
# agame --json ...`), so only the planted run is played.
# Defaults: --card battle_fury --field amount --value 8 (8 more attack dice instead of 1). Results
# (docs/sim.md, "Balance of A Game's cards"): at 3,000 greedy games that plant ranks first, +5
# [-4, 15] points, not told apart. The fit's own test on synthetic games runs in CI:
# tests/balance/card_fit_test.cc.
set -euo pipefail
cd "$(dirname "$0")/../../.."
warband="${WARBAND_BINARY:-build/release/warband}"
card=battle_fury
field=amount
value=8
baseline=""
while (($# > 0)); do
  case "$1" in
    --card) card="$2"; shift 2 ;;
    --field) field="$2"; shift 2 ;;
    --value) value="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    *) break ;;
  esac
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp -r content "$dir/content"

# The plant: the first `FIELD = N` line of the card's first effect, and only it.
python3 - "$dir/content/agame/cards.toml" "$card" "$field" "$value" <<'PY'
import re, sys
path, card, field, value = sys.argv[1:]
lines = open(path).read().split("\n")
in_card = in_effect = False
for i, line in enumerate(lines):
    if line.strip() == "[[card]]":
        if in_effect:
            break
        in_card = False
    elif re.fullmatch(r'id = "(.*)"', line.strip()):
        in_card = line.strip() == f'id = "{card}"'
    elif in_card and line.strip() == "[[card.effect]]":
        in_effect = True
    elif in_effect and re.fullmatch(rf"{re.escape(field)} = -?\d+", line.strip()):
        print(f"plant: {card}'s {line.strip()} -> {field} = {value}")
        lines[i] = f"{field} = {value}"
        open(path, "w").write("\n".join(lines))
        sys.exit(0)
sys.exit(f"no whole-number '{field}' in the first effect of card '{card}' in {path}")
PY

start=$(date +%s)
if [[ -n "$baseline" ]]; then
  cp "$baseline" "$dir/baseline.json"
else
  "$warband" balance agame --json "$@" >"$dir/baseline.json"
fi
"$warband" balance agame --json --content "$dir/content" "$@" >"$dir/planted.json"
end=$(date +%s)

python3 - "$dir/baseline.json" "$dir/planted.json" "$card" "$((end - start))" <<'PY'
import json, sys
base_run, plant_run = (json.load(open(p)) for p in sys.argv[1:3])
card, seconds = sys.argv[3], sys.argv[4]
base = {c["id"]: c for c in base_run["cards"] if c.get("worth_points")}
plant = {c["id"]: c for c in plant_run["cards"] if c.get("worth_points")}
print(f"{plant_run.get('games', '?')} games a run; {seconds} s wall")
print(f"{'card':22} {'games':>6} {'baseline worth [95%]':>22} {'planted worth [95%]':>22}  verdict")
moved = 0
for cid, c in sorted(plant.items(), key=lambda kv: -kv[1]["worth_points"]["value"]):
    w, b = c["worth_points"], base.get(cid, {}).get("worth_points")
    fmt = lambda x: f"{x['value']:+.0f} [{x['low']:+.0f}, {x['high']:+.0f}]" if x else "-"
    if cid == card:
        apart = w["low"] > 0 or w["high"] < 0
        verdict = "PLANTED, " + ("told apart from the average card" if apart else "not told apart")
    else:
        shift = w["value"] - b["value"] if b else 0
        overlap = b and w["low"] <= b["high"] and b["low"] <= w["high"]
        moved += not overlap
        verdict = "stayed" if overlap else f"moved {shift:+.0f}"
    print(f"{c['name']:22} {c['games']:6} {fmt(b):>22} {fmt(w):>22}  {verdict}")
rank = [cid for cid, _ in sorted(plant.items(), key=lambda kv: -kv[1]["worth_points"]["value"])]
if card in rank:
    print(f"the planted card ranks {rank.index(card) + 1} of {len(rank)}; "
          f"unplanted cards whose intervals no longer overlap the baseline's: {moved}")
else:
    print(f"the planted card '{card}' was not fitted (never drafted?)")
PY
