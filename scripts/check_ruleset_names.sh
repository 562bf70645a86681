#!/usr/bin/env bash
# Fails when a source file outside a ruleset's own folders names a ruleset: a ruleset is exactly
# its folders (src/rulesets/NAME, content/NAME, docs/rules|rulings|content, tests/..., its fuzz
# targets in fuzz/rulesets/NAME), and
# everything else reaches it through the registry (src/core/registry.h). The names are the folders
# of src/rulesets/ and tests/test_rulesets/, so a new ruleset is checked by being added.
#
# Allowed besides those folders: web/components/boards/ (one board renderer per table kind may be
# a ruleset's), and bench/ and tools/load_test/, which measure fixed, named workloads on purpose
# (a benchmark game whose figures the README quotes; the load test's builder and game traffic).
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t names < <(find src/rulesets tests/test_rulesets -mindepth 1 -maxdepth 1 -type d \
  -printf '%f\n' 2>/dev/null | sort -u)
if ((${#names[@]} == 0)); then
  echo "check_ruleset_names: no rulesets found under src/rulesets" >&2
  exit 1
fi
pattern="\\b($(IFS='|'; echo "${names[*]}"))\\b"

allowed='^(src/rulesets/|content/|fuzz/rulesets/|docs/rules/|docs/rulings/|docs/content/|tests/|web/components/boards/|bench/|tools/load_test/)'
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
  '*.cc' '*.h' '*.js' '*.mjs' '*.html' '*.css' '*.cmake' 'CMakeLists.txt' '*.sh' |
  grep -Ev "$allowed" | grep -v '^scripts/check_ruleset_names.sh$')

if hits=$(grep -n -i -E "$pattern" "${files[@]}"); then
  echo "check_ruleset_names: these lines name a ruleset outside its own folders:" >&2
  echo "$hits" >&2
  exit 1
fi
echo "check_ruleset_names: ${#files[@]} files name no ruleset (${names[*]})"
