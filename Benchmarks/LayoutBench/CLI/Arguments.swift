// A small command-line parser: `--name value`, `--name=value`, flags, positionals, and clear
// errors for anything unknown.

/// A usage mistake: unknown option, missing or malformed value. Exit code 2.
public struct UsageError: Error, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

struct ArgumentReader {
    let command: String
    private var remaining: [String]
    private(set) var positionals: [String] = []

    init(command: String, arguments: [String]) {
        self.command = command
        self.remaining = arguments
    }

    /// The next option name and, for `--name=value`, its inline value; positionals are
    /// collected on the way. `nil` at the end.
    mutating func nextOption() -> (name: String, inline: String?)? {
        while let argument = remaining.first {
            remaining.removeFirst()
            if argument == "--" {
                positionals += remaining
                remaining = []
                return nil
            }
            if argument.hasPrefix("-") && argument != "-" {
                if let equals = argument.firstIndex(of: "=") {
                    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
                }
                return (argument, nil)
            }
            positionals.append(argument)
        }
        return nil
    }

    /// The value of the option just read.
    mutating func value(for option: (name: String, inline: String?)) throws(UsageError) -> String {
        if let inline = option.inline { return inline }
        guard let next = remaining.first, !(next.hasPrefix("--") && next.count > 2) else {
            throw UsageError("option \(option.name) of '\(command)' needs a value")
        }
        remaining.removeFirst()
        return next
    }

    func flag(_ option: (name: String, inline: String?)) throws(UsageError) {
        if option.inline != nil { throw UsageError("option \(option.name) of '\(command)' takes no value") }
    }

    func unknown(_ option: (name: String, inline: String?)) -> UsageError {
        UsageError("unknown option '\(option.name)' for '\(command)' (see layout-bench \(command) --help)")
    }
}

enum ArgumentValues {
    /// `16`, `1K`, `16k`, `4M`, `1_024` -> controls.
    static func size(_ text: String) throws(UsageError) -> Int {
        var digits = text.replacingOccurrences(of: "_", with: "")
        var multiplier = 1
        if let last = digits.last?.uppercased() {
            if last == "K" { multiplier = 1 << 10; digits.removeLast() }
            if last == "M" { multiplier = 1 << 20; digits.removeLast() }
        }
        guard let value = Int(digits), value > 0, value <= (1 << 28) / multiplier else {
            throw UsageError("'\(text)' is not a size (a positive number of controls, e.g. 16384, 16K or 4M)")
        }
        return value * multiplier
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// One of an option's named values (`--statistic min`), in any case; `expected` lists them
    /// for the error ("min or median").
    static func choice<Value: RawRepresentable>(
        _ text: String, _ option: String, expected: String, as: Value.Type = Value.self
    ) throws(UsageError) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: text.lowercased()) else {
            throw UsageError("\(option): '\(text)' is not \(expected)")
        }
        return value
    }

    static func positiveInt(_ text: String, _ option: String) throws(UsageError) -> Int {
        guard let value = Int(text), value > 0 else { throw UsageError("\(option) needs a positive integer, not '\(text)'") }
        return value
    }

    static func positiveDouble(_ text: String, _ option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value > 0, value.isFinite else { throw UsageError("\(option) needs a positive number, not '\(text)'") }
        return value
    }

    /// `float`, `double`, `both` (lists allowed) -> ["Float", "Double"].
    static func precisions(_ text: String) throws(UsageError) -> [String] {
        var result: [String] = []
        for item in list(text) {
            switch item.lowercased() {
            case "float", "f32": result.append("Float")
            case "double", "f64": result.append("Double")
            case "both", "all": result += ["Float", "Double"]
            default: throw UsageError("--precision: '\(item)' is not float, double or both")
            }
        }
        var unique: [String] = []
        for p in result where !unique.contains(p) { unique.append(p) }
        return unique
    }
}

import Foundation
