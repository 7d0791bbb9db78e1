// The frame loop's part of the report: its rows by size, where each kernel beats the
// reference, and the fixed cost per call (beside the instruction gate's count, when the
// committed instruction baseline is at hand).

import Foundation

/// One fixed cost per call in instructions: the instruction gate's intercept of callgrind
/// counts per call against the batch length (Benchmarks/instruction-gate.sh), as its committed
/// baseline (Benchmarks/instruction-baseline.json, `intercepts`) records it.
public struct InstructionIntercept: Hashable, Sendable, Decodable {
    public var kernel: String
    /// `reference`, `reference-checked`, `kernel` or `kernel-unchecked`.
    public var engine: String
    /// `float` or `double`, as the gate writes them.
    public var precision: String
    /// Instructions per call that do not grow with the batch.
    public var perCall: Double

    public init(kernel: String, engine: String, precision: String, perCall: Double) {
        (self.kernel, self.engine, self.precision, self.perCall) = (kernel, engine, precision, perCall)
    }

    enum CodingKeys: String, CodingKey {
        case kernel, engine, precision
        case perCall = "per_call"
    }

    /// Where the gate keeps its baseline, from the package's root.
    public static let baselinePath = "Benchmarks/instruction-baseline.json"

    /// The `intercepts` of an instruction baseline file.
    public static func read(path: String) throws -> [InstructionIntercept] {
        struct Baseline: Decodable { var intercepts: [InstructionIntercept] }
        guard let data = FileManager.default.contents(atPath: path) else { throw ReportError("cannot read \(path)") }
        do { return try JSONDecoder().decode(Baseline.self, from: data).intercepts } catch {
            throw ReportError("\(path): no instruction intercepts (\(error))")
        }
    }
}

extension ReportWriter {
    /// The frame rows of one kernel, precision, variant and size.
    static func frameRow(_ report: BenchReport, _ kernel: String, _ precision: String, variant: String, size: Int) -> ResultRow? {
        report.frameRows?.first { $0.kernel == kernel && $0.precision == precision && $0.variant == variant && $0.size == size }
    }

    /// "1234 [1200, 1300]": ns per frame (median and its interval) of a frame row.
    static func nsPerFrame(_ row: ResultRow) -> String {
        let n = Double(row.size)
        guard let interval = row.medianInterval else { return Format.ns(row.nsPerControl.median * n) }
        return "\(Format.ns(interval.estimate * n)) [\(Format.ns(interval.lower * n)), \(Format.ns(interval.upper * n))]"
    }

    /// The frame loop by size: a line per kernel, precision and N; the reference's and each
    /// other engine's ns per frame (the checked reference's, each kernel variant's), and their
    /// speedups.
    public static func frameTable(_ report: BenchReport, short: Bool = false) -> TextTable {
        let rows = report.frameRows ?? []
        let variants = ["reference-checked", "kernel", "kernel-unchecked"].filter { variant in rows.contains { $0.variant == variant } }
        var header = ["kernel", "precision", "N", short ? "ref ns/frame" : "reference ns/frame"]
        for variant in variants {
            header += ["\(shortVariant(variant)) ns/frame", "\(shortVariant(variant)) speedup"]
        }
        var table = TextTable(header: header, rightAligned: Set(2..<header.count))
        for kernel in frameKernels(report) {
            for precision in framePrecisions(report, kernel: kernel) {
                for reference in rows where reference.kernel == kernel && reference.precision == precision && reference.variant == "reference" {
                    var cells = [kernel, precision, String(reference.size), nsPerFrame(reference)]
                    for variant in variants {
                        if let row = frameRow(report, kernel, precision, variant: variant, size: reference.size) {
                            cells += [nsPerFrame(row), Format.interval(row.speedup)]
                        } else {
                            cells += ["-", "-"]
                        }
                    }
                    table.append(cells)
                }
            }
        }
        table.legend = ["ns/frame: median ns per frame of N controls [95% bootstrap interval of the median]; "
            + "speedup: reference median / kernel median [95% paired bootstrap interval]."
            + (variants.first == "reference-checked" ? " checked ref: the single-control call (validation, then the reference), one control at a time." : "")]
        return table
    }

    /// Where each kernel variant beats the reference in the frame loop: a line per kernel and
    /// precision, a column per variant.
    public static func crossoverTable(_ report: BenchReport) -> TextTable {
        let crossovers = FrameAnalysis.crossovers(report.frameRows ?? [])
        let variants = ["kernel", "kernel-unchecked"].filter { variant in crossovers.contains { $0.variant == variant } }
        var table = TextTable(header: ["kernel", "precision"] + variants.map { "\(shortVariant($0)) kernel beats the reference" })
        var keys: [String] = []
        for crossover in crossovers where !keys.contains("\(crossover.kernel)/\(crossover.precision)") {
            keys.append("\(crossover.kernel)/\(crossover.precision)")
            table.append([crossover.kernel, crossover.precision] + variants.map { variant in
                crossovers.first { $0.kernel == crossover.kernel && $0.precision == crossover.precision && $0.variant == variant }?.text ?? "-"
            })
        }
        return table
    }

    /// The fixed cost per call: per kernel, precision and engine, the frame loop's intercept
    /// and slope, and the instruction gate's intercept where `intercepts` has it.
    public static func fixedCostTable(_ report: BenchReport, intercepts: [InstructionIntercept]?) -> TextTable {
        var header = ["kernel", "precision", "engine", "fixed ns per call [95%]", "ns per control [95%]"]
        if intercepts != nil { header.append("fixed instructions per call") }
        var table = TextTable(header: header, rightAligned: Set(3..<header.count))
        func interval(_ value: Interval) -> String {
            "\(Format.ns(value.estimate)) [\(Format.ns(value.lower)), \(Format.ns(value.upper))]"
        }
        for fit in report.frameFits ?? [] {
            var cells = [fit.kernel, fit.precision, fit.variant, interval(fit.fixedNsPerFrame), interval(fit.nsPerControl)]
            if let intercepts {
                let match = intercepts.first {
                    $0.kernel == fit.kernel && $0.engine == fit.variant && $0.precision.lowercased() == fit.precision.lowercased()
                }
                cells.append(match.map { String(format: "%.1f", $0.perCall) } ?? "-")
            }
            table.append(cells)
        }
        return table
    }

    static func frameKernels(_ report: BenchReport) -> [String] {
        var seen: [String] = []
        for row in report.frameRows ?? [] where !seen.contains(row.kernel) { seen.append(row.kernel) }
        return seen
    }

    static func framePrecisions(_ report: BenchReport, kernel: String) -> [String] {
        var seen: [String] = []
        for row in report.frameRows ?? [] where row.kernel == kernel && !seen.contains(row.precision) { seen.append(row.precision) }
        return seen
    }

    /// README.md's frame loop section; empty for a report without one.
    static func frameSection(_ report: BenchReport, intercepts: [InstructionIntercept]?) -> String {
        guard let rows = report.frameRows, !rows.isEmpty else { return "" }
        let frame = report.settings.frame
        let sizes = Array(Set(rows.map(\.size))).sorted().map(String.init).joined(separator: ", ")
        var out = """

        ## Small batches: the frame loop

        A screen lays out tens of controls per frame. Here one batch of N controls (\(sizes)) is laid
        out again every frame, one thread, warm in the caches, \(frame.map { "\($0.changes)" } ?? "a few") of its controls changed
        before each frame (the same writes for every engine, included in the times); \(frame.map { "\($0.repetitions) samples of about \(Format.ns($0.budgetMilliseconds)) ms" } ?? "samples")
        per engine and size, the engines interleaved. Medians with 95% bootstrap intervals.

        \(frameTable(report).markdown())
        ### Where each kernel beats the reference

        The smallest frame size N from which the kernel's speedup interval lies above 1x (at that
        size and at every larger one measured):

        \(crossoverTable(report).markdown())
        """
        if let fits = report.frameFits, !fits.isEmpty {
            out += """

            ### Fixed cost per call

            The intercept of the least-squares line of ns per frame against N through the medians
            (95% bootstrap intervals): what a call costs before its first control, plus the
            changed controls' writes, which every engine shares. \(intercepts == nil
                ? "The same in instructions: the `fixed/call` column of `bash \(InstructionIntercept.baselinePath.replacingOccurrences(of: "instruction-baseline.json", with: "instruction-gate.sh"))` and `intercepts` in \(InstructionIntercept.baselinePath) (not found when this README was written)."
                : "Instructions: the instruction gate's intercept (callgrind, `\(InstructionIntercept.baselinePath)`, `intercepts`; counted on another occasion than this run; a reference has no set-up per call, and its instructions per control differ between the two batch lengths the gate counts, so its intercept can be negative).")

            \(fixedCostTable(report, intercepts: intercepts).markdown())
            """
        }
        return out
    }

    /// The frame loop on the terminal (empty without one).
    static func terminalFrame(_ report: BenchReport) -> String {
        guard let rows = report.frameRows, !rows.isEmpty else { return "" }
        let width = TextTable.terminalWidth
        var out = "\nFrame loop: one batch of N controls laid out again every frame, 1 thread\n"
        out += frameTable(report, short: true).text(maxWidth: width, keyColumns: 3)
        out += "\nWhere each kernel beats the reference in the frame loop (speedup interval above 1x)\n"
        out += crossoverTable(report).text(maxWidth: width, keyColumns: 2)
        if report.frameFits?.isEmpty == false {
            var fits = fixedCostTable(report, intercepts: nil)
            fits.legend = ["Least squares over the medians: ns per frame = fixed + ns per control x N."]
            out += "\nFixed cost per call (frame loop)\n" + fits.text(maxWidth: width, keyColumns: 3)
        }
        return out
    }
}
