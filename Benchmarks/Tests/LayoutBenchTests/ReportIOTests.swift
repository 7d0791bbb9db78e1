import Foundation
import LayoutBench
import Testing

/// latest.json and latest.csv: written, read back, equal.
struct ReportIOTests {
    @Test func jsonRoundTrip() throws {
        let report = sampleReport()
        let decoded = try BenchReport.decode(try report.jsonData())
        #expect(decoded == report)
    }

    @Test func jsonWrittenBeforeCacheBandwidthStillReads() throws {
        // Reports written before the cache floors were measured have no cacheBandwidth, no
        // cacheBandwidthArrayBytes and no per-row floor bandwidth.
        var object = try JSONSerialization.jsonObject(with: try sampleReport().jsonData()) as! [String: Any]
        #expect(object["cacheBandwidth"] != nil)
        object.removeValue(forKey: "cacheBandwidth")
        let decoded = try BenchReport.decode(try JSONSerialization.data(withJSONObject: object))
        #expect(decoded.cacheBandwidth == nil)
        #expect(decoded.rows == sampleReport().rows)
        #expect(ReportWriter.cacheBandwidthTable(decoded).rows.isEmpty)
        #expect(!ReportWriter.readme(decoded, native: nil).contains("### In the caches"))
        #expect(ReportWriter.readme(sampleReport(), native: nil).contains("### In the caches"))
    }

    @Test func jsonRefusesOtherSchemaVersions() throws {
        let future = sampleReport(schemaVersion: BenchReport.currentSchemaVersion + 1)
        #expect(throws: ReportError.self) { try BenchReport.decode(try future.jsonData()) }
        #expect(throws: ReportError.self) { try BenchReport.decode(Data("{\"rows\": []}".utf8)) }
        #expect(throws: ReportError.self) { try BenchReport.decode(Data("not json".utf8)) }
    }

    @Test func jsonNamesAMissingField() throws {
        var object = try JSONSerialization.jsonObject(with: try sampleReport().jsonData()) as! [String: Any]
        object.removeValue(forKey: "machine")
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try BenchReport.decode(data, source: "x.json")
            Issue.record("decoded a report without a machine")
        } catch {
            #expect("\(error)".contains("machine"))
        }
    }

    @Test func csvRoundTrip() throws {
        var rows = sampleReport().rows
        // Awkward values: shortest-representation decimals, tiny and huge numbers.
        rows[0].nsPerControl.median = 0.1
        rows[0].nsPerControl.mad = 1e-7
        rows[1].nsPerControl.max = 123_456.789
        rows[1].speedup?.lower = 1 / 3
        rows[1].floorBandwidthGBps = 95.75
        rows[1].floorWorkingSetBytes = 1_572_864
        let text = ReportIO.csv(rows)
        #expect(text.hasPrefix(ReportIO.csvColumns.joined(separator: ",") + "\n"))
        #expect(text.split(separator: "\n").count == rows.count + 1)
        let decoded = try ReportIO.rows(csv: text)
        #expect(decoded == rows)
    }

    @Test func csvWrittenBeforeTheFloorBandwidthColumnsStillReads() throws {
        var rows = sampleReport().rows
        rows[1].floorBandwidthGBps = 20
        rows[1].floorWorkingSetBytes = 3 << 28
        // Drop the floor bandwidth columns and the ceiling and frame-loop columns after them,
        // as latest.csv files written before them lack them.
        let old = ReportIO.csv(rows).split(separator: "\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).dropLast(7).joined(separator: ",")
        }.joined(separator: "\n")
        #expect(!old.contains("floorBandwidthGBps"))
        let decoded = try ReportIO.rows(csv: old)
        #expect(decoded[1].floorBandwidthGBps == nil && decoded[1].floorWorkingSetBytes == nil)
        #expect(decoded[1].floorNsPerControl == rows[1].floorNsPerControl)
    }

    @Test func csvReaderNamesMissingColumnsAndBadValues() throws {
        let text = ReportIO.csv(sampleReport().rows)
        let withoutSize = text.replacingOccurrences(of: ",size,", with: ",sighs,")
        #expect(throws: ReportError.self) { try ReportIO.rows(csv: withoutSize) }
        var lines = text.split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "button-content,kernel,Float,1,", with: "button-content,kernel,Float,one,")
        do {
            _ = try ReportIO.rows(csv: lines.joined(separator: "\n"))
            Issue.record("read a non-integer thread count")
        } catch {
            #expect("\(error)".contains("line 3") && "\(error)".contains("threads"))
        }
    }

    @Test func csvParserHandlesQuotesCommentsAndLineEndings() throws {
        let text = "# comment\r\na,\"b,c\",\"say \"\"hi\"\"\"\r\n\r\n\"two\nlines\",x,\n"
        let records = try CSV.parse(text)
        #expect(records.count == 2)
        #expect(records[0] == CSVRecord(line: 2, fields: ["a", "b,c", "say \"hi\""]))
        #expect(records[1] == CSVRecord(line: 4, fields: ["two\nlines", "x", ""]))
        // Formatting quotes what needs quoting and reads back the same.
        let fields = [["plain", "with,comma", "with \"quote\"", "line\nbreak"]]
        #expect(try CSV.parse(CSV.format(fields)).map(\.fields) == fields)
        #expect(throws: CSVError.self) { try CSV.parse("a,\"open\n") }
        #expect(throws: CSVError.self) { try CSV.parse("a,b\"c\n") }
    }

    @Test func renderRewritesTheFilesFromTheJSON() throws {
        let directory = try temporaryDirectory()
        let path = try write(sampleReport(), to: directory, name: "latest.json")
        let result = runCLI(["render", path])
        #expect(result.code == ExitCode.success, "\(result.err)")
        for name in ["latest.csv", "README.md", "button-content-speedup.svg", "button-content-float-ns.svg"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)")
        }
        #expect(try BenchReport.read(path: path) == sampleReport())
        #expect(runCLI(["render"]).code == ExitCode.usage)
        #expect(runCLI(["render", directory + "/missing.json"]).code == ExitCode.input)
    }

    @Test func writerWritesEveryFile() throws {
        let directory = try temporaryDirectory()
        let written = try ReportWriter.write(sampleReport(), to: directory)
        let names = Set(written.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(names == ["latest.json", "latest.csv", "README.md", "button-content-speedup.svg",
                          "button-content-float-ns.svg", "button-content-double-ns.svg"])
        let readme = try String(contentsOfFile: directory + "/README.md", encoding: .utf8)
        #expect(readme.contains("## Headline"))
        #expect(readme.contains("![button-content speedup](button-content-speedup.svg)"))
        #expect(readme.contains("swift run --package-path Benchmarks -c release layout-bench"))
        // The headline shows the speedup at 1K and 4M with its interval: Float 1 thread = 8 * 0.75.
        #expect(readme.contains("6.00x [5.40, 6.60]"))
        let csv = try String(contentsOfFile: directory + "/latest.csv", encoding: .utf8)
        #expect(try ReportIO.rows(csv: csv) == sampleReport().rows)
        #expect(try BenchReport.read(path: directory + "/latest.json") == sampleReport())
    }

    /// The README's targets table: one row per target whose kernel was measured at 16K,
    /// met when the speedup's estimate reaches the target.
    @Test func targetsTableJudgesEachKernelAgainstItsTargets() {
        /// `sampleReport` with its 1K rows moved to 16K, where the targets are measured.
        func at16K(_ kernel: String, floatScale: Double = 1) -> BenchReport {
            var report = sampleReport(kernel: kernel, speedupScale: ["Float": floatScale])
            report.rows = report.rows.map { row in
                var row = row
                if row.size == 1_024 { row.size = 16_384 }
                return row
            }
            return report
        }
        /// The "met" cell of the row whose target starts with `target`, if there is one.
        func met(_ report: BenchReport, _ target: String) -> String? {
            let line = ReportWriter.readme(report, native: nil).split(separator: "\n").first { $0.hasPrefix("| \(target)") }
            return line.map { String($0.split(separator: "|").last!.trimmingCharacters(in: .whitespaces)) }
        }
        // Float 1 thread: 8 * 0.75 = 6x; 6 * 0.8 = 4.8x.
        #expect(met(at16K("thumb-track"), "thumb-track: Float kernel >= 5.00x") == "yes")
        #expect(met(at16K("thumb-track", floatScale: 0.8), "thumb-track: Float kernel >= 5.00x") == "**no**")
        #expect(met(at16K("toggle-transition"), "toggle-transition: Float kernel >= 5.00x") == "yes")
        #expect(met(at16K("slider"), "slider: Float kernel >= 5.00x") == "yes")
        #expect(met(at16K("slider", floatScale: 0.8), "slider: Float kernel >= 5.00x") == "**no**")
        // Retired targets (the button's 8x, 4x, 1.5 ns and memory-floor targets) are not listed.
        let button = ReportWriter.readme(at16K("button-content"), native: nil)
        #expect(!button.contains(">= 8") && !button.contains(">= 4") && !button.contains("1.5 ns") && !button.contains("bandwidth floor, 1 thread"))
        // Each report names its own kernel's targets only.
        #expect(met(at16K("thumb-track"), "button-content") == nil)
        #expect(met(at16K("slider"), "thumb-track") == nil)
        // A run built with other flags shows its speedups without judging them.
        var native = at16K("thumb-track")
        native.build.swiftFlags = "-Xswiftc -target-cpu -Xswiftc native"
        #expect(met(native, "thumb-track: Float kernel >= 5.00x") == "-")
        // The ceiling targets are judged on a native build, on the kernel with validation: a
        // layout pass alone (the unchecked variant) that reaches the ceiling does not meet them.
        func nativeButton(checked: Double, unchecked: Double) -> BenchReport {
            var report = at16K("button-content")
            report.build.swiftFlags = "-Xswiftc -target-cpu -Xswiftc native"
            report.rows = report.rows.map { row in
                var row = row
                if row.variant == "kernel" && row.threads == 1 && row.size == 16_384 { row.ratioToCeiling = row.precision == "Float" ? checked : checked + 0.1 }
                return row
            }
            var extra = report.rows.first { $0.variant == "kernel" && $0.precision == "Float" && $0.threads == 1 && $0.size == 16_384 }!
            extra.variant = "kernel-unchecked"
            extra.ratioToCeiling = unchecked
            report.rows.append(extra)
            return report
        }
        // Float within 1.2x, Double (0.1 more here) within 1.3x.
        #expect(met(nativeButton(checked: 1.25, unchecked: 0.9), "button-content: Float kernel (with validation) within 1.20x") == "**no**")
        #expect(met(nativeButton(checked: 1.15, unchecked: 0.9), "button-content: Float kernel (with validation) within 1.20x") == "yes")
        #expect(met(nativeButton(checked: 1.15, unchecked: 0.9), "button-content: Double kernel (with validation) within 1.30x") == "yes")
        #expect(met(nativeButton(checked: 1.25, unchecked: 0.9), "button-content: Double kernel (with validation) within 1.30x") == "**no**")
        // A default-flags run without a native/ run has no ceiling figure to judge.
        #expect(met(at16K("button-content"), "button-content: Float kernel (with validation) within") == nil)
        // Without a 16K row there is nothing to judge.
        var bare = sampleReport(kernel: "thumb-track")
        bare.roofline = []
        #expect(!ReportWriter.readme(bare, native: nil).contains("## Targets"))
    }

    /// A figure quoted from the native/ run carries that run's date and machine.
    @Test func nativeFigureNamesItsRun() {
        var report = sampleReport()
        report.rows = report.rows.map { row in
            var row = row
            if row.size == 1_024 { row.size = 16_384 }
            return row
        }
        var native = report
        native.date = "2025-02-02T00:00:00Z"
        native.machine.cpuModel = "Native CPU"
        native.build.commit = "abcdefabcdef"
        native.rows = native.rows.map { row in
            var row = row
            if row.variant == "kernel" { row.ratioToCeiling = 1.1 }
            return row
        }
        let readme = ReportWriter.readme(report, native: native)
        let line = readme.split(separator: "\n").first { $0.contains("-target-cpu native") && $0.hasPrefix("| button-content") }
        #expect(line?.contains("native/ run of 2025-02-02T00:00:00Z on Native CPU, 2 cores (commit abcdefabcdef)") == true, "\(line ?? "")")
        // The README names its own run's date and machine before the headline, which comes first.
        let headline = readme.range(of: "## Headline")!.lowerBound
        #expect(readme.range(of: "2025-01-01T00:00:00Z on Test CPU <&>, 2 cores")!.lowerBound < headline)
        #expect(readme.range(of: "## Machine and settings")!.lowerBound > headline)
    }
}
