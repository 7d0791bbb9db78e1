import Foundation
import Testing

/// The benchmark library's folders depend one way: Run/ produces measurements and Report/
/// reads them, both through Model/ (Benchmarks/LayoutBench/LayoutBench.swift). Neither names
/// a type or top-level function the other declares, in code or comments; Model/ names
/// neither.
struct LayeringTests {
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../LayoutBench").standardized.path

    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let directory = library + "/" + folder
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOfFile: directory + "/" + $0, encoding: .utf8))
        }
    }

    /// The names a folder declares at the top level of its files.
    static func declarations(_ folder: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|final|nonisolated\(unsafe\))\s+)*(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+(\w+)"#)
        var names: Set<String> = []
        for (_, text) in try sources(folder) {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    /// "file:line name" for each word of `names` in the files of `folder`.
    static func mentions(in folder: String, of names: Set<String>) throws -> [String] {
        var found: [String] = []
        for (file, text) in try sources(folder) {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = Set(line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                for name in names.intersection(words).sorted() { found.append("\(folder)/\(file):\(index + 1) \(name)") }
            }
        }
        return found
    }

    @Test func runAndReportDependOnlyOnTheModel() throws {
        let run = try Self.declarations("Run"), report = try Self.declarations("Report"), model = try Self.declarations("Model")
        // The scan sees the folders' main types (a broken pattern would find nothing).
        #expect(run.isSuperset(of: ["Runner", "RunOptions", "FrameLoop", "LayoutBenchSubject", "benchSink"]))
        #expect(report.isSuperset(of: ["BenchReport", "ReportBuilder", "ReportWriter", "SVGChart"]))
        #expect(model.isSuperset(of: ["SizeMeasurement", "RunMeasurements", "RunSettings", "MachineInfo", "Units"]))
        #expect(try Self.mentions(in: "Run", of: report) == [])
        #expect(try Self.mentions(in: "Report", of: run) == [])
        #expect(try Self.mentions(in: "Model", of: run.union(report)) == [])
        // And the check finds a mention where there is one.
        #expect(try Self.mentions(in: "Report", of: ["SizeMeasurement"]).contains { $0.hasPrefix("Report/ReportBuilder.swift:") })
    }
}
