// `layout-bench placement`: shows, in a fresh process, how this machine's allocator places the
// subjects' columns once `run` has pinned it (Run/ColumnPlacement.swift), and, with
// `--unpinned`, how it places them without the pin. A check of the pin that needs no timing.

import Foundation

extension LayoutBenchCLI {
    public static let placementUsage = """
    layout-bench placement: show where the allocator puts large columns after a mapped block
    has been freed, with the mmap threshold pinned as `run` pins it.

    USAGE
      layout-bench placement [--unpinned]

    OPTIONS
      --unpinned           leave glibc's dynamic threshold on, as an unpinned process has it

    Frees a 4 MiB block, then allocates a 256 KiB and a 1 MiB column and prints their offsets
    within a 4 KiB page. Pinned, both are mapped and share an offset; unpinned, glibc serves
    them from the heap, one after the other. Run it as its own process: earlier work in a
    process can leave free heap space that serves a column whatever the threshold.

    """

    static func placement(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "placement", arguments: arguments)
        var pinned = true
        while let option = reader.nextOption() {
            if isHelp(option) { return printUsage(placementUsage, streams) }
            switch option.name {
            case "--unpinned": pinned = false
            default: throw reader.unknown(option)
            }
        }
        if !reader.positionals.isEmpty { throw UsageError("placement takes no positional arguments") }
        if pinned {
            streams.out(ColumnPlacement.pin().note + "\n")
        } else {
            streams.out("Column placement: the allocator's own (--unpinned).\n")
        }
        streams.out(ColumnPlacement.probe().report)
        return ExitCode.success
    }
}
