#!/usr/bin/env bash
# LayoutCore in Embedded Swift, and the arm64 check (Docs/Embedded.md).
#
#   bash Tests/Embedded/check.sh [cases]      # cases per control, precision and mode (1,000,000)
#   bash Tests/Embedded/check.sh --build-only # only the three builds of the core (no qemu needed)
#   bash Tests/Embedded/check.sh --programs   # the builds and the check programs, without running them
#
# 1. Builds the core (Sources/LayoutCore, every control) with Embedded Swift for
#    aarch64-none-none-elf, arm64-apple-ios18 (a Mach-O object: a compile check, nothing to
#    link it against here) and the host, x86_64-unknown-linux-gnu.
# 2. Builds the arm64 check (Tests/Embedded/ARM64Check/main.swift, with the testing library's
#    seeded generators compiled in) for aarch64, links it statically against Debian's arm64 C
#    library with the toolchain's clang and lld (GNU ld refuses Embedded Swift's relocations),
#    runs it under qemu-aarch64, and runs the same program built for the host, so both
#    architectures check the same cases.
# Installs the Debian packages it needs (qemu-user, gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross) when they are missing. Writes everything under .build/embedded.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
OUT=.build/embedded
mkdir -p "$OUT"
CASES=1000000; BUILD_ONLY=0; PROGRAMS_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --build-only) BUILD_ONLY=1 ;;
    --programs) PROGRAMS_ONLY=1 ;;
    -h|--help) sed -n 2,17p "$0"; exit 0 ;;
    *) CASES=$arg ;;
  esac
done

BIN=$(dirname "$(command -v swiftc)")
STDLIB="$BIN/../lib/swift/embedded"  # Embedded Swift's per-target libraries (String's Unicode tables)
EMBEDDED=(-enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -parse-as-library -O -package-name LayoutCore)
CORE=$(find Sources/LayoutCore -name '*.swift' | sort)
# The testing library's generators and what they stand on; the rest of it needs the full runtime.
GENERATORS=(Sources/LayoutCoreTesting/SplitMix64.swift Sources/LayoutCoreTesting/EdgeValues.swift Sources/LayoutCoreTesting/*+Generator.swift)

core() {  # core TARGET: the library as an Embedded module, and its object
  local dir="$OUT/$1"
  mkdir -p "$dir/modules"
  # shellcheck disable=SC2086
  swiftc -target "$1" "${EMBEDDED[@]}" -module-name LayoutCore -emit-module \
    -emit-module-path "$dir/modules/LayoutCore.swiftmodule" -c $CORE -o "$dir/LayoutCore.o"
  echo "embedded: LayoutCore for $1: $(wc -c < "$dir/LayoutCore.o") bytes of object code"
}

check_program() {  # check_program TARGET: the check's object (generators and main in one module)
  local dir="$OUT/$1"
  swiftc -target "$1" "${EMBEDDED[@]}" -module-name ARM64Check -I "$dir/modules" \
    -c "${GENERATORS[@]}" Tests/Embedded/ARM64Check/main.swift -o "$dir/ARM64Check.o"
}

start=$SECONDS
core aarch64-none-none-elf
core arm64-apple-ios18
core x86_64-unknown-linux-gnu
file "$OUT/arm64-apple-ios18/LayoutCore.o" 2>/dev/null | sed 's/^/embedded: /' || true
echo "embedded: three builds of the core in $((SECONDS - start)) s"
[ "$BUILD_ONLY" = 1 ] && exit 0

missing=()
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu)
[ -e /usr/aarch64-linux-gnu/lib/libc.a ] || missing+=(libc6-dev-arm64-cross)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "embedded: installing ${missing[*]}"
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# aarch64 Linux: the Embedded object linked against glibc for arm64, statically.
check_program aarch64-none-none-elf
gcclib=$(dirname "$(aarch64-linux-gnu-gcc -print-libgcc-file-name)")
sysroot=$(dirname "$(dirname "$(aarch64-linux-gnu-gcc -print-file-name=libc.a)")")
"$BIN/clang" --target=aarch64-linux-gnu --sysroot="$sysroot" -fuse-ld=lld -static -B"$gcclib" -L"$gcclib" \
  "$OUT/aarch64-none-none-elf/ARM64Check.o" "$OUT/aarch64-none-none-elf/LayoutCore.o" \
  "$STDLIB/aarch64-none-none-elf/libswiftUnicodeDataTables.a" -lm -o "$OUT/ARM64Check-aarch64"
# The host: the same program, for comparison of the two architectures' counts and times.
check_program x86_64-unknown-linux-gnu
"$BIN/clang" "$OUT/x86_64-unknown-linux-gnu/ARM64Check.o" "$OUT/x86_64-unknown-linux-gnu/LayoutCore.o" \
  "$STDLIB/x86_64-unknown-linux-gnu/libswiftUnicodeDataTables.a" -lm -o "$OUT/ARM64Check-x86_64"
[ "$PROGRAMS_ONLY" = 1 ] && exit 0

echo "embedded: the check on arm64 (qemu-aarch64, $(qemu-aarch64 --version | head -1))"
t0=$SECONDS
qemu-aarch64 "$OUT/ARM64Check-aarch64" "$CASES" | tee "$OUT/aarch64.log"
echo "embedded: arm64 check passed in $((SECONDS - t0)) s"
"$OUT/ARM64Check-x86_64" "$CASES" > "$OUT/x86_64.log"
tail -1 "$OUT/x86_64.log" | sed 's/^/embedded: the same check on x86-64: /'
# The same cases on both architectures: every row's digest of the result bits must agree.
digests() { sed -nE 's/^(.*): .* digest ([0-9a-f]+),.*$/\1 \2/p' "$1"; }
if ! diff <(digests "$OUT/aarch64.log") <(digests "$OUT/x86_64.log"); then
  echo "embedded: arm64 and x86-64 results differ (above: < arm64, > x86-64)" >&2
  exit 1
fi
echo "embedded: arm64 and x86-64 give the same result bits ($(digests "$OUT/aarch64.log" | wc -l) rows of digests agree)"
echo "embedded: done in $((SECONDS - start)) s"
