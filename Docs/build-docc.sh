#!/usr/bin/env bash
# Builds the LayoutCore API reference (DocC) with the Swift toolchain alone: no package is
# fetched (the swift-docc-plugin is not needed).
#
#   1. `swift build` of the LayoutCore target with the compiler's symbol graph output, in its
#      own scratch directory (.build/docc/build), so that the extra flags never invalidate the
#      regular build in .build.
#   2. Counts the public symbols declared in Sources/LayoutCore and those with a `///` doc
#      comment; fails (after step 3) when any is undocumented.
#   3. `docc convert` of Sources/LayoutCore/LayoutCore.docc with that symbol graph into
#      .build/docc/LayoutCore.doccarchive; fails on any warning (broken symbol links included).
#
# View the result with `docc preview Sources/LayoutCore/LayoutCore.docc
# --additional-symbol-graph-dir .build/docc/symbol-graphs`, or serve the archive.
# Everything is written under .build/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
docc_tool="${DOCC:-$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")}"
scratch=.build/docc/build
graphs="$PWD/.build/docc/symbol-graphs"
archive=.build/docc/LayoutCore.doccarchive
log=.build/docc/docc.log
build_log=.build/docc/build.log
mkdir -p "$graphs"

# The compiler writes the symbol graph when it emits the module. An up-to-date build emits
# nothing, so a missing graph (first run, or a cleaned directory) forces a rebuild.
if [ ! -f "$graphs/LayoutCore.symbols.json" ]; then rm -rf "$scratch"; fi
echo "-- symbol graph (swift build -j 1 --target LayoutCore)"
if ! swift build -j 1 --target LayoutCore --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$build_log" 2>&1; then
  cat "$build_log"
  echo "API reference: FAILED (swift build)" >&2
  exit 1
fi
tail -n 1 "$build_log"

echo "-- documented public symbols"
# Counted: public symbols whose declaration is in Sources/LayoutCore. Not counted: members
# the compiler synthesizes (Equatable, Hashable, Codable, RawRepresentable) or that a type
# inherits from a protocol extension, which have no declaration of their own to document.
# Underscored names are not in the symbol graph (nor in the reference).
undocumented_status=0
python3 - "$graphs" <<'PY' || undocumented_status=$?
import glob, json, sys

total, documented, missing = 0, 0, []
for path in sorted(glob.glob(sys.argv[1] + "/*.symbols.json")):
    for symbol in json.load(open(path))["symbols"]:
        if symbol.get("accessLevel") != "public":
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        location = symbol.get("location", {})
        if "/Sources/LayoutCore/" not in location.get("uri", ""):
            continue
        total += 1
        comment = symbol.get("docComment", {})
        own = comment.get("module", "LayoutCore") == "LayoutCore"  # not inherited from the stdlib
        if own and any(line["text"].strip() for line in comment.get("lines", [])):
            documented += 1
        else:
            uri = location["uri"].split("/Sources/", 1)[1]
            missing.append(f"Sources/{uri}:{location['position']['line'] + 1}: "
                           f"{'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName']})")
print(f"public symbols: {total}, documented: {documented}, undocumented: {total - documented}")
for line in missing:
    print(f"  undocumented: {line}")
if total == 0 or missing:
    sys.exit(1)
PY

echo "-- docc convert"
rm -rf "$archive"
status=0
"$docc_tool" convert Sources/LayoutCore/LayoutCore.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name LayoutCore \
  --fallback-bundle-identifier org.layoutcore.LayoutCore \
  --output-path "$archive" \
  --warnings-as-errors >"$log" 2>&1 || status=$?
# With --warnings-as-errors a warning is reported as an error: count both.
problems=$(grep -cE "(warning|error):" "$log" || true)
grep -E "(warning|error):" -A 3 "$log" || true
echo "docc: $problems warnings or errors, exit status $status (full log: $log)"
echo "-- $(( $(date +%s) - started )) s"
if [ "$status" -ne 0 ] || [ "$problems" -ne 0 ] || [ "$undocumented_status" -ne 0 ]; then
  echo "API reference: FAILED" >&2
  exit 1
fi
echo "API reference: $archive"
