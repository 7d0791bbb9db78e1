# Sourced by Fuzz/run.sh, Fuzz/mutation.sh and .clusterfuzzlite/build.sh: how the fuzz targets
# are built.
#
# FUZZ_DEAD_CODE_FLAGS: the SwiftPM flags that keep code a fuzz target cannot run out of its
# binary (Fuzz/README.md, "Throughput"). libFuzzer scans
# every coverage counter of the binary after every execution, so counters of unreachable code
# cost time on every input. Every function gets its own section, public functions are not
# pinned as used (`-internalize-at-link`: a fuzz binary is its own whole program), and lld
# collects unreferenced functions with their counters (`-z start-stop-gc`: libFuzzer's
# reference to the counter section does not keep all of it alive). Gold keeps everything.
FUZZ_DEAD_CODE_FLAGS=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker start-stop-gc)

# FUZZ_ADDRESS_FLAGS: the libFuzzer and AddressSanitizer build, as ClusterFuzzLite makes it (its
# SANITIZER=address) and as Fuzz/run.sh and Fuzz/mutation.sh make it: one set of flags, so that
# CI's ClusterFuzzLite check reuses Fuzz/run.sh's build. The single combined
# `-sanitize=fuzzer,address` instruments every module for both (two separate --sanitize flags
# instrument only one, at random). The standard library is linked statically, as OSS-Fuzz's
# runners have no Swift runtime; its link arguments export every symbol (`-export-dynamic`),
# which would keep all code alive, so `--no-export-dynamic` takes that back.
FUZZ_ADDRESS_FLAGS=(--static-swift-stdlib -Xswiftc -static-stdlib --sanitize=fuzzer
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table
  "${FUZZ_DEAD_CODE_FLAGS[@]}" -Xlinker --no-export-dynamic)
