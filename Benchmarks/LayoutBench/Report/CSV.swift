// Minimal RFC 4180 CSV: comma-separated, fields with commas, quotes or line breaks are quoted,
// quotes doubled inside quotes. The reader keeps each record's line number for error messages.

import Foundation

/// A CSV record and the (1-based) line it starts on.
public struct CSVRecord: Hashable, Sendable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

public struct CSVError: Error, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

public enum CSV {
    /// Parses `text` into records. Blank lines and lines starting with `#` are skipped; a
    /// trailing line break is optional; `\r\n` and `\n` both end a record.
    public static func parse(_ text: String) throws(CSVError) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var atRecordStart = true
        var skipLine = false
        var characters = Array(text.unicodeScalars)[...]

        func endRecord() {
            fields.append(field)
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            if !blank { records.append(CSVRecord(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            fieldWasQuoted = false
            atRecordStart = true
        }

        while let c = characters.popFirst() {
            if skipLine {
                if c == "\n" { skipLine = false; line += 1; atRecordStart = true }
                continue
            }
            if atRecordStart {
                recordLine = line
                atRecordStart = false
                if c == "#" && !inQuotes { skipLine = true; continue }
            }
            if inQuotes {
                if c == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\"")
                        characters.removeFirst()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\"":
                guard field.isEmpty else {
                    throw CSVError(line: line, message: "a quote inside an unquoted field")
                }
                inQuotes = true
                fieldWasQuoted = true
            case "\r":
                if characters.first == "\n" { continue }
                endRecord()
                line += 1
            case "\n":
                endRecord()
                line += 1
            default:
                if fieldWasQuoted {
                    throw CSVError(line: line, message: "text after a closing quote")
                }
                field.unicodeScalars.append(c)
            }
        }
        if inQuotes { throw CSVError(line: recordLine, message: "a quoted field is not closed") }
        if !atRecordStart || !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// One field, quoted when it needs to be.
    public static func escape(_ field: String) -> String {
        if field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return field
    }

    /// Records as CSV text, `\n` after each.
    public static func format(_ records: [[String]]) -> String {
        var text = ""
        for record in records {
            text += record.map(escape).joined(separator: ",")
            text += "\n"
        }
        return text
    }
}
