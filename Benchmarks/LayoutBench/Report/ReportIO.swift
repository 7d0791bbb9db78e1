// Reading and writing reports: latest.json (the whole report) and latest.csv (its rows).

import Foundation

public struct ReportError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension BenchReport {
    /// Pretty-printed JSON with sorted keys (stable diffs between runs).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Decodes a report, refusing other schema versions with a clear message.
    public static func decode(_ data: Data, source: String = "report") throws -> BenchReport {
        struct Version: Decodable { var schemaVersion: Int? }
        let version: Version
        do {
            version = try JSONDecoder().decode(Version.self, from: data)
        } catch {
            throw ReportError("\(source): not a layout-bench JSON report (\(error.localizedDescription))")
        }
        guard let schema = version.schemaVersion else {
            throw ReportError("\(source): no schemaVersion: not a layout-bench JSON report")
        }
        guard schema == BenchReport.currentSchemaVersion else {
            throw ReportError("\(source): schema version \(schema), this layout-bench reads version \(BenchReport.currentSchemaVersion)")
        }
        do {
            return try JSONDecoder().decode(BenchReport.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ReportError("\(source): missing field '\(key.stringValue)' at \(ReportIO.path(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw ReportError("\(source): wrong type at \(ReportIO.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw ReportError("\(source): \(error)")
        }
    }

    /// Reads a report file (`-` for stdin).
    public static func read(path: String) throws -> BenchReport {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ReportError("cannot read \(path)")
            }
            data = contents
        }
        return try decode(data, source: path)
    }
}

public enum ReportIO {
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// The columns of latest.csv, in order (Docs/Benchmarks.md explains each).
    public static let csvColumns = [
        "kernel", "variant", "precision", "threads", "size", "iterations", "repetitions",
        "medianNs", "minNs", "p90Ns", "maxNs", "meanNs", "madNs", "stddevNs", "cv",
        "speedup", "speedupLow", "speedupHigh", "speedupLevel",
        "bytesPerControl", "floorNs", "ratioToFloor", "floorBandwidthGBps", "floorWorkingSetBytes",
        "ceilingNs", "ratioToCeiling", "scenario", "medianLowNs", "medianHighNs",
    ]
    /// Columns a reader accepts without: latest.csv files written before they existed.
    static let optionalCSVColumns: Set<String> = [
        "floorBandwidthGBps", "floorWorkingSetBytes", "ceilingNs", "ratioToCeiling", "scenario", "medianLowNs", "medianHighNs",
    ]

    /// The shortest text that reads back as the same `Double`.
    static func number(_ value: Double) -> String { value.description }
    static func number(_ value: Double?) -> String { value.map { $0.description } ?? "" }

    /// The rows of latest.csv: the batch rows, then the frame loop's.
    public static func csv(_ report: BenchReport) -> String { csv(report.rows + (report.frameRows ?? [])) }

    /// Rows as CSV with a header line.
    public static func csv(_ rows: [ResultRow]) -> String {
        var records = [csvColumns]
        for row in rows {
            let s = row.nsPerControl
            records.append([
                row.kernel, row.variant, row.precision, String(row.threads), String(row.size),
                String(row.iterations), String(row.repetitions),
                number(s.median), number(s.min), number(s.p90), number(s.max), number(s.mean),
                number(s.mad), number(s.standardDeviation), number(s.cv),
                number(row.speedup?.estimate), number(row.speedup?.lower), number(row.speedup?.upper),
                number(row.speedup?.level),
                String(row.bytesPerControl), number(row.floorNsPerControl), number(row.ratioToFloor),
                number(row.floorBandwidthGBps), row.floorWorkingSetBytes.map(String.init) ?? "",
                number(row.ceilingNsPerControl), number(row.ratioToCeiling),
                row.scenario ?? "", number(row.medianInterval?.lower), number(row.medianInterval?.upper),
            ])
        }
        return CSV.format(records)
    }

    /// Reads rows written by `csv(_:)`; columns may come in any order, extra columns are
    /// ignored, missing ones are an error naming the column.
    public static func rows(csv text: String) throws -> [ResultRow] {
        let records: [CSVRecord]
        do { records = try CSV.parse(text) } catch { throw ReportError("CSV \(error)") }
        guard let header = records.first else { throw ReportError("CSV: empty") }
        var index: [String: Int] = [:]
        for (i, name) in header.fields.enumerated() { index[name] = i }
        for column in csvColumns where index[column] == nil && !optionalCSVColumns.contains(column) {
            throw ReportError("CSV line \(header.line): missing column '\(column)'")
        }
        return try records.dropFirst().map { record in
            func text(_ column: String) throws -> String {
                let i = index[column]!
                guard i < record.fields.count else {
                    throw ReportError("CSV line \(record.line): no value for '\(column)'")
                }
                return record.fields[i]
            }
            func int(_ column: String) throws -> Int {
                let value = try text(column)
                guard let number = Int(value) else {
                    throw ReportError("CSV line \(record.line), field '\(column)': '\(value)' is not an integer")
                }
                return number
            }
            func double(_ column: String) throws -> Double {
                let value = try text(column)
                guard let number = Double(value) else {
                    throw ReportError("CSV line \(record.line), field '\(column)': '\(value)' is not a number")
                }
                return number
            }
            func optional(_ column: String) throws -> Double? {
                if index[column] == nil { return nil }
                return try text(column).isEmpty ? nil : try double(column)
            }
            func optionalInt(_ column: String) throws -> Int? {
                if index[column] == nil { return nil }
                return try text(column).isEmpty ? nil : try int(column)
            }
            let repetitions = try int("repetitions")
            let summary = SampleSummary(
                count: repetitions, median: try double("medianNs"), min: try double("minNs"),
                max: try double("maxNs"), p90: try double("p90Ns"), mean: try double("meanNs"),
                mad: try double("madNs"), standardDeviation: try double("stddevNs"), cv: try double("cv"))
            let scenario = index["scenario"] == nil ? "" : try text("scenario")
            var medianInterval: Interval?
            if let lower = try optional("medianLowNs"), let upper = try optional("medianHighNs") {
                medianInterval = Interval(estimate: summary.median, lower: lower, upper: upper, level: 0.95)
            }
            var speedup: Interval?
            if let estimate = try optional("speedup") {
                speedup = Interval(
                    estimate: estimate, lower: try double("speedupLow"), upper: try double("speedupHigh"),
                    level: try double("speedupLevel"))
            }
            return ResultRow(
                kernel: try text("kernel"), variant: try text("variant"), precision: try text("precision"),
                threads: try int("threads"), size: try int("size"), iterations: try int("iterations"),
                repetitions: repetitions, nsPerControl: summary, speedup: speedup,
                bytesPerControl: try int("bytesPerControl"), floorNsPerControl: try optional("floorNs"),
                ratioToFloor: try optional("ratioToFloor"),
                floorBandwidthGBps: try optional("floorBandwidthGBps"),
                floorWorkingSetBytes: try optionalInt("floorWorkingSetBytes"),
                ceilingNsPerControl: try optional("ceilingNs"), ratioToCeiling: try optional("ratioToCeiling"),
                scenario: scenario.isEmpty ? nil : scenario,
                medianInterval: medianInterval)
        }
    }
}
