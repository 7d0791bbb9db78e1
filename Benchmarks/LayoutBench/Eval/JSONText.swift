// A small JSON reader for `eval` that keeps what Foundation's does not: the line each value
// starts on (for error messages) and the exact text of each number (so that a Float column is
// parsed by `Float(text)`, never rounded twice through Double).

public indirect enum JSONText: Hashable, Sendable {
    case object([(key: String, value: JSONText)], line: Int)
    case array([JSONText], line: Int)
    case string(String, line: Int)
    /// The number's literal text, as written.
    case number(String, line: Int)
    case bool(Bool, line: Int)
    case null(line: Int)

    public var line: Int {
        switch self {
        case .object(_, let line), .array(_, let line), .string(_, let line), .number(_, let line),
             .bool(_, let line), .null(let line):
            return line
        }
    }

    public static func == (a: JSONText, b: JSONText) -> Bool {
        switch (a, b) {
        case let (.object(x, l1), .object(y, l2)):
            return l1 == l2 && x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(x, l1), .array(y, l2)): return l1 == l2 && x == y
        case let (.string(x, l1), .string(y, l2)): return l1 == l2 && x == y
        case let (.number(x, l1), .number(y, l2)): return l1 == l2 && x == y
        case let (.bool(x, l1), .bool(y, l2)): return l1 == l2 && x == y
        case let (.null(l1), .null(l2)): return l1 == l2
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
    }
}

public struct JSONTextError: Error, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

extension JSONText {
    /// Parses a complete JSON document.
    public static func parse(_ text: String) throws(JSONTextError) -> JSONText {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value()
        parser.skipWhitespace()
        if parser.position < parser.bytes.count {
            throw JSONTextError(line: parser.line, message: "unexpected text after the JSON value")
        }
        return value
    }

    struct Parser {
        let bytes: [UInt8]
        var position = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\n"): line += 1; position += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): position += 1
                default: return
                }
            }
        }

        func error(_ message: String) -> JSONTextError { JSONTextError(line: line, message: message) }

        mutating func expect(_ literal: String) throws(JSONTextError) {
            for byte in literal.utf8 {
                guard position < bytes.count, bytes[position] == byte else { throw error("expected '\(literal)'") }
                position += 1
            }
        }

        mutating func value() throws(JSONTextError) -> JSONText {
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input") }
            let start = line
            switch bytes[position] {
            case UInt8(ascii: "{"):
                var members: [(key: String, value: JSONText)] = []
                try items(closedBy: "}", in: "an object") { parser throws(JSONTextError) in
                    parser.skipWhitespace()
                    guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "\"") else {
                        throw parser.error("expected a quoted key")
                    }
                    let key = try parser.string()
                    parser.skipWhitespace()
                    try parser.expect(":")
                    members.append((key, try parser.value()))
                }
                return .object(members, line: start)
            case UInt8(ascii: "["):
                var elements: [JSONText] = []
                try items(closedBy: "]", in: "an array") { parser throws(JSONTextError) in elements.append(try parser.value()) }
                return .array(elements, line: start)
            case UInt8(ascii: "\""):
                return .string(try string(), line: start)
            case UInt8(ascii: "t"):
                try expect("true"); return .bool(true, line: start)
            case UInt8(ascii: "f"):
                try expect("false"); return .bool(false, line: start)
            case UInt8(ascii: "n"):
                try expect("null"); return .null(line: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let begin = position
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                         UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                        position += 1
                    default:
                        return .number(String(decoding: bytes[begin..<position], as: UTF8.self), line: start)
                    }
                }
                return .number(String(decoding: bytes[begin..<position], as: UTF8.self), line: start)
            default:
                throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
            }
        }

        /// The items of an object or an array, from its opening bracket to `closing`: `item`
        /// reads each one, and commas separate them.
        mutating func items(
            closedBy closing: Unicode.Scalar, in container: String, _ item: (inout Parser) throws(JSONTextError) -> Void
        ) throws(JSONTextError) {
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: closing) { position += 1; return }
            while true {
                try item(&self)
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input in \(container)") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: closing) { position += 1; return }
                throw error("expected ',' or '\(closing)'")
            }
        }

        /// A string starting at the opening quote.
        mutating func string() throws(JSONTextError) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = []
            func flush() {
                if !utf8.isEmpty { scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars); utf8 = [] }
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{c}")
                    case UInt8(ascii: "u"):
                        guard position + 4 <= bytes.count,
                              let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
                        else { throw error("bad \\u escape") }
                        position += 4
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                case UInt8(ascii: "\n"):
                    throw error("line break inside a string")
                default:
                    utf8.append(byte)
                }
            }
            throw error("a string is not closed")
        }
    }
}
