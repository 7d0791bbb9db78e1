import Foundation

/// Column-aligned plain text, and the same cells as a Markdown table.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []
    /// Columns aligned right (numbers); the others are aligned left.
    public var rightAligned: Set<Int>
    /// Lines printed under the plain-text table, wrapped to its width limit: what the short
    /// column titles mean (the Markdown table leaves them out).
    public var legend: [String] = []

    public init(header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    public func text() -> String {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            let joined = cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                return rightAligned.contains(i) ? pad + cell : cell + pad
            }.joined(separator: "  ")
            // Trailing spaces only: a right-aligned first column keeps its padding.
            var text = Substring(joined)
            while text.last == " " { text.removeLast() }
            return String(text)
        }
        var out = line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }

    /// The widest line a terminal table may have.
    public static let terminalWidth = 100

    /// The plain-text table in lines of at most `maxWidth` characters: when it is wider, its
    /// columns after the first `keyColumns` are split into several tables, one under the
    /// other, each repeating the key columns; then the legend, wrapped.
    public func text(maxWidth: Int, keyColumns: Int = 1) -> String {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        let keys = min(keyColumns, header.count)
        let keyWidth = widths.prefix(keys).reduce(0, +) + 2 * max(0, keys - 1)
        var parts: [[Int]] = []
        var current: [Int] = []
        var currentWidth = keyWidth
        for column in keys..<header.count {
            let added = (currentWidth == 0 ? 0 : 2) + widths[column]
            if !current.isEmpty && currentWidth + added > maxWidth {
                parts.append(current)
                current = []
                currentWidth = keyWidth
            }
            current.append(column)
            currentWidth += (currentWidth == 0 ? 0 : 2) + widths[column]
        }
        if !current.isEmpty || parts.isEmpty { parts.append(current) }
        var out = parts.map { part -> String in
            let columns = Array(0..<keys) + part
            var table = TextTable(header: columns.map { header[$0] })
            table.rightAligned = Set(columns.indices.filter { rightAligned.contains(columns[$0]) })
            table.rows = rows.map { row in columns.map { $0 < row.count ? row[$0] : "" } }
            return table.text()
        }.joined(separator: "\n")
        for line in legend { out += Terminal.wrap(line, width: maxWidth, indent: "  ") }
        return out
    }

    public func markdown() -> String {
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + header.indices.map { rightAligned.contains($0) ? "---:|" : "---|" }.joined() + "\n"
        for row in rows { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
        return out
    }
}

/// Text for an 80-to-100-column terminal.
public enum Terminal {
    /// `text` split at spaces into lines of at most `width` characters (a longer word stays
    /// whole), every line after the first starting with `indent`; each line ends in a newline.
    /// Spaces inside a line (aligned columns) are kept; those at a break are dropped.
    public static func wrap(_ text: String, width: Int = TextTable.terminalWidth, indent: String = "    ") -> String {
        var out = ""
        var rest = Substring(text)
        var lead = ""
        while lead.count + rest.count > width {
            let room = width - lead.count
            // The last space within the room (not in the leading spaces), else the first after it.
            let firstWord = rest.firstIndex { $0 != " " } ?? rest.endIndex
            let limit = rest.index(rest.startIndex, offsetBy: room)
            let cut: Substring.Index?
            if rest[limit] == " " {
                cut = limit
            } else if firstWord < limit, let space = rest[firstWord..<limit].lastIndex(of: " ") {
                cut = space
            } else {
                cut = rest[max(firstWord, limit)...].firstIndex(of: " ")
            }
            guard let cut else { break }
            var line = rest[..<cut]
            while line.last == " " { line.removeLast() }
            out += lead + line + "\n"
            rest = rest[cut...].drop { $0 == " " }
            lead = indent
            if rest.isEmpty { return out }
        }
        return out + lead + rest + "\n"
    }
}

/// Number formatting for tables: a few significant digits, no exponent for everyday values.
enum Format {
    /// 3 significant digits (at least 2 decimals below 10): 0.512, 3.14, 12.4, 1234.
    static func ns(_ value: Double) -> String {
        // A fitted intercept can be negative: its digits as for its magnitude.
        let magnitude = abs(value)
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
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
