import Foundation
import LayoutBench
import Testing

/// `run`'s terminal output and the help texts fit 100 columns; the headline comes first.
struct TerminalOutputTests {
    func wideLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > TextTable.terminalWidth }
    }

    @Test func runTablesFitAHundredColumnsHeadlineFirst() {
        var report = sampleReport()
        // The widest kernel name, and an unchecked variant.
        report.rows = report.rows.map { row in
            var row = row
            row.kernel = "toggle-transition"
            return row
        }
        report.rows += report.rows.filter { $0.variant == "kernel" }.map { row in
            var row = row
            row.variant = "kernel-unchecked"
            return row
        }
        report.roofline = report.roofline.map { entry in
            var entry = entry
            entry.kernel = "toggle-transition"
            return entry
        }
        let text = ReportWriter.terminal(report)
        #expect(wideLines(text).isEmpty, "\(wideLines(text))")
        #expect(text.hasPrefix("Headline"))
        let headline = text.range(of: "Headline")!.lowerBound
        let allSizes = text.range(of: "All sizes")!.lowerBound
        #expect(headline < allSizes)
        // The headline: speedups at 1K and 4M with their intervals, and the floor ratio.
        #expect(text.contains("speedup 1K") && text.contains("speedup 4M") && text.contains("x floor 4M"))
        #expect(text.contains("6.00x [5.40, 6.60]"))
    }

    @Test func aWideTableIsSplitRepeatingItsKeyColumns() {
        var table = TextTable(header: ["kernel"] + (0..<12).map { "column \($0)" })
        table.append(["toggle-transition"] + (0..<12).map { "value \($0)" })
        table.legend = [String(repeating: "word ", count: 60)]
        let text = table.text(maxWidth: 60, keyColumns: 1)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(text)")
        #expect(text.components(separatedBy: "toggle-transition").count - 1 >= 3)
        for index in 0..<12 { #expect(text.contains("value \(index)")) }
    }

    @Test func helpTextsFitAHundredColumns() {
        for arguments in [["--help"], ["run", "--help"], ["help", "eval"], ["compare", "--help"], ["render", "--help"],
                          ["profile", "--help"], ["frame", "--help"], ["placement", "--help"], ["eval", "--help"]] {
            let result = runCLI(arguments)
            #expect(wideLines(result.out + result.err).isEmpty, "\(arguments): \(wideLines(result.out + result.err))")
        }
    }

    @Test func longProgressLinesAreWrapped() {
        let line = "layout-bench: " + String(repeating: "abcdefgh ", count: 30)
        let wrapped = Terminal.wrap(line)
        #expect(wideLines(wrapped).isEmpty)
        #expect(wrapped.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("    ") })
        // No word lost or cut; spaces inside a line (aligned columns) are kept.
        #expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }) == line.split(separator: " "))
        #expect(Terminal.wrap("  name      summary") == "  name      summary\n")
        #expect(Terminal.wrap("  name  " + String(repeating: "x ", count: 60), indent: "        ")
                    .split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("        x") })
    }
}
