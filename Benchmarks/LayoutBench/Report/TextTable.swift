import Foundation

/// Column-aligned plain text, and the same cells as a Markdown table.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []
    /// Columns aligned right (numbers); the others are aligned left.
    public var rightAligned: Set<Int>

    public init(header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    public func text() -> String {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                return rightAligned.contains(i) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var out = line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }

    public func markdown() -> String {
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + header.indices.map { rightAligned.contains($0) ? "---:|" : "---|" }.joined() + "\n"
        for row in rows { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
        return out
    }
}

/// Number formatting for tables: a few significant digits, no exponent for everyday values.
enum Format {
    /// 3 significant digits (at least 2 decimals below 10): 0.512, 3.14, 12.4, 1234.
    static func ns(_ value: Double) -> String {
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        if value >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3f", value)
    }

    static func ratio(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1fx", value) : String(format: "%.2fx", value)
    }

    static func interval(_ interval: Interval?) -> String {
        guard let interval else { return "-" }
        if interval.level == 0 { return ratio(interval.estimate) }
        return "\(ratio(interval.estimate)) [\(ratioBare(interval.lower)), \(ratioBare(interval.upper))]"
    }

    static func ratioBare(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    static func gb(_ value: Double) -> String { String(format: "%.1f", value) }
}
