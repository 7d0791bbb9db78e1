#!/usr/bin/env bash
# Checks the mutant catalogue of Fuzz/mutation.sh without running it: every patch in
# Fuzz/Mutants applies cleanly (without context fuzz, `-F0`; a moved line is fine) to the working tree, and every patch has exactly
# one row in catalogue.tsv and every row a patch. Part of .ci/run; takes well under a second.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for patch in Fuzz/Mutants/*.patch; do
  name=$(basename "$patch" .patch)
  id=${name%%-*}
  if ! patch -p1 --dry-run -s -F0 --no-backup-if-mismatch < "$patch" > /dev/null; then
    echo "check-mutants: $patch does not apply to this tree: regenerate it on the current code" >&2
    status=1
  fi
  rows=$(awk -F'\t' -v id="$id" -v name="${name#*-}" '$1 == id && $2 == name' Fuzz/Mutants/catalogue.tsv | wc -l)
  if [ "$rows" -ne 1 ]; then
    echo "check-mutants: $patch has $rows rows in Fuzz/Mutants/catalogue.tsv (needs one with id $id, name ${name#*-})" >&2
    status=1
  fi
done
while IFS=$'\t' read -r id name _; do
  [ "$id" = id ] && continue
  [ -f "Fuzz/Mutants/$id-$name.patch" ] || { echo "check-mutants: catalogue row $id $name has no patch" >&2; status=1; }
done < Fuzz/Mutants/catalogue.tsv
[ "$status" -eq 0 ] && echo "check-mutants: $(ls Fuzz/Mutants/*.patch | wc -l) mutants apply and match the catalogue"
exit "$status"
