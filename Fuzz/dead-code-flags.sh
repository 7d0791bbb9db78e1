# Sourced by Fuzz/run.sh and .clusterfuzzlite/build.sh: the SwiftPM flags that keep code a
# fuzz target cannot run out of its binary (Fuzz/README.md, "Throughput"). libFuzzer scans
# every coverage counter of the binary after every execution, so counters of unreachable code
# cost time on every input. Every function gets its own section, public functions are not
# pinned as used (`-internalize-at-link`: a fuzz binary is its own whole program), and lld
# collects unreferenced functions with their counters (`-z start-stop-gc`: libFuzzer's
# reference to the counter section does not keep all of it alive). Gold keeps everything.
FUZZ_DEAD_CODE_FLAGS=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker start-stop-gc)
