#!/usr/bin/env bash
# The public API of LayoutCore, from its symbol graph, against the committed list
# Docs/PublicAPI.txt: a declaration made public by accident (or one that stopped being public)
# fails CI until the list is regenerated and reviewed with the change.
#
#   bash Docs/check-public-api.sh            # compare (CI)
#   bash Docs/check-public-api.sh --update   # regenerate Docs/PublicAPI.txt
#
# One line per public symbol: its kind, its path and its declaration, sorted. The list
# includes what the library's types inherit in public (a collection's defaults, a protocol's
# operators), so that a new conformance shows up too.
set -euo pipefail
cd "$(dirname "$0")/.."
list=Docs/PublicAPI.txt
swift build --target LayoutCore >/dev/null
modules="$(swift build --show-bin-path)/Modules"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift-symbolgraph-extract -module-name LayoutCore -target "$triple" -I "$modules" \
    -minimum-access-level public -output-dir "$graphs" >/dev/null
now="$graphs/PublicAPI.txt"
python3 - "$graphs" > "$now" <<'PY'
import glob, json, sys
lines = set()
for path in glob.glob(sys.argv[1] + "/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
        lines.add(f"{kind} {'.'.join(symbol['pathComponents'])} :: {' '.join(declaration.split())}")
print("\n".join(sorted(lines)))
PY
if [ "${1:-}" = "--update" ]; then
    cp "$now" "$list"
    echo "check-public-api: wrote $list ($(wc -l < "$list") public symbols)"
    exit 0
fi
if ! diff -u "$list" "$now"; then
    echo "check-public-api: the public API differs from $list (above: - committed, + now)." >&2
    echo "If the change is intended, run 'bash Docs/check-public-api.sh --update' and commit the list with it." >&2
    exit 1
fi
echo "check-public-api: $(wc -l < "$list") public symbols, as committed in $list"
