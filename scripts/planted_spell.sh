#!/usr/bin/env bash
# The planted spell test (issue 20, item 4), the long version, run on demand: moves one card's
# price by 2 steps (e.g. one spell's cost, `--set spells.X.acti=N`, its effects untouched,
# so its fair AcTi is unchanged), runs `warband balance RULESET --reprice` on the baseline and on
# the planted content with the same seeds, and reports whether the planted price was found (moved
# back towards the truth) and put back (within one step of it), and which unplanted prices moved.
# Usage: scripts/planted_spell.sh RULESET [--plant-seed N] [any `warband balance` options,
#        e.g. --games 20000 --rounds 2 --plain --mirrored --price-jitter 1 --threads 2]
# The small version runs in CI: tests/balance/spell_reprice_test.cc (a synthetic ruleset).
set -euo pipefail
cd "$(dirname "$0")/.."
warband="${WARBAND_BINARY:-build/release/warband}"
if (($# == 0)) || [[ "$1" == -* ]]; then
  echo "usage: scripts/planted_spell.sh RULESET [--plant-seed N] [warband balance options]" >&2
  exit 2
fi
ruleset="$1"
shift
plant_seed=1
if [[ "${1:-}" == "--plant-seed" ]]; then
  plant_seed="$2"
  shift 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

start=$(date +%s)
"$warband" balance "$ruleset" --reprice --json "$@" >"$dir/baseline.json"
# The plant: one card price moved by 2 steps, up or down (up when down would go below 1).
set_line=$(python3 - "$dir/baseline.json" "$plant_seed" <<'PY'
import json, random, sys
cards = json.load(open(sys.argv[1]))["cards"]
if not cards:
    sys.exit("the ruleset has no card prices to plant")
rng = random.Random(int(sys.argv[2]))
card = rng.choice(cards)
shift = rng.choice([-2, 2])
if card["old"] + shift < 1:
    shift = 2
print(f"{card['price_path']}={card['old'] + shift}")
PY
)
"$warband" balance "$ruleset" --reprice --json "$@" --set "$set_line" >"$dir/planted.json"
end=$(date +%s)
# PLANTED_OUT=DIR keeps both runs' JSON.
if [[ -n "${PLANTED_OUT:-}" ]]; then cp "$dir/baseline.json" "$dir/planted.json" "$PLANTED_OUT/"; fi

python3 - "$dir/baseline.json" "$dir/planted.json" "$end" "$start" "$set_line" <<'PY'
import json, sys
base_run = json.load(open(sys.argv[1]))
planted_run = json.load(open(sys.argv[2]))
base = {c["price_id"]: c for c in base_run["cards"]}
price = planted_run.get("card_price") or "price"
print(f"plant: --set {sys.argv[5]}; {planted_run['rounds']} rounds, {planted_run['games']} games "
      f"a catalog; {int(sys.argv[3]) - int(sys.argv[4])} s wall for both")
print(f"{'card':26} {'true':>4} {'planted':>7} {'new':>4} {'base new':>8} {'suggested':>9} "
      f"{'interval':>13} {'covers':>6} verdict")
moved = 0
verdict_planted = ""
for card in planted_run["cards"]:
    pid = card["price_id"]
    true = base[pid]["old"]
    planted = card["old"] != true
    covers = card["estimable"] and card["low"] <= true <= card["high"]
    if planted:
        found = card["estimable"] and abs(card["new"] - true) < abs(card["old"] - true)
        back = abs(card["new"] - true) <= 1
        verdict = ("found and put back" if back else "found, not put back" if found
                   else f"not found (off by {card['new'] - true:+d})")
        verdict_planted = verdict
    else:
        ok = abs(card["new"] - true) <= 1
        moved += not ok
        verdict = "stayed" if ok else f"moved {card['new'] - true:+d}"
    if not planted and verdict == "stayed" and card["new"] == true:
        continue  # unchanged unplanted cards: summarised below
    suggested = f"{card['suggested']:.1f}" if card["estimable"] else "-"
    interval = f"{card['low']:.1f}..{card['high']:.1f}" if card["estimable"] else "-"
    print(f"{card['name']:26} {true:4} {card['old'] if planted else '':>7} {card['new']:4} "
          f"{base[pid]['new']:8} {suggested:>9} {interval:>13} {'yes' if covers else 'no':>6} "
          f"{'PLANTED ' if planted else ''}{verdict}")
widths = [(c["high"] - c["low"]) / 2 for c in planted_run["cards"] if c["estimable"]]
widths.sort()
median = widths[len(widths) // 2] if widths else float("nan")
print(f"planted {price}: {verdict_planted}; unplanted {price}s moved 2 or more: {moved}/"
      f"{len(planted_run['cards']) - 1}; median 95% half-width: {median:.2f} steps; baseline "
      f"{price}s moved 2 or more: "
      f"{sum(abs(c['new'] - c['old']) > 1 for c in base_run['cards'])}/{len(base_run['cards'])}")
PY
