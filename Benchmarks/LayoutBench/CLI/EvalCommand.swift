// `layout-bench eval`: lays out controls read from a CSV or JSON file with one kernel's reference
// or batch engine and writes their frames (Eval/Eval.swift).

import Foundation

extension LayoutBenchCLI {
    /// `eval`'s usage: the options, then the columns of each of `kernels`.
    public static func evalUsage(kernels: [any EvalKernel.Type]) -> String {
        var text = """
        layout-bench eval: lay out controls read from a file and write their frames.

        USAGE
          layout-bench eval --kernel NAME [options]

        OPTIONS
          --kernel NAME          \(kernels.map { $0.name }.joined(separator: " | "))
          --engine E             reference (default; one control at a time) or kernel (the batch)
          --precision P          float or double (default double)
          --input FILE           read controls from FILE, '-' for stdin (default -)
          --input-format F       csv or json (default: from the file extension, else csv)
          --output FILE          write frames to FILE, '-' for stdout (default -)
          --output-format F      csv (default) or json
          -h, --help             this text

        CSV input has a header line naming the columns (any order; optional ones may be left
        out); JSON input is an array of objects with the same keys (numbers or strings).
        Enumerations take a case name or its raw value. Output: `index` then the frames.
        A bad row stops with the line and field named, exit code 3.

        """
        for kernel in kernels {
            text += "\nCOLUMNS OF \(kernel.name)\n"
            // Names are never cut: the column is as wide as the longest name.
            let width = kernel.inputColumns.map(\.name.count).max() ?? 0
            for column in kernel.inputColumns {
                var kind: String
                switch column.kind {
                case .number: kind = "number"
                case .integer: kind = "integer"
                case .boolean: kind = "true|false"
                case .enumeration(let names): kind = names.joined(separator: "|")
                }
                if let value = column.defaultValue { kind += ", default \(value)" } else { kind += ", required" }
                // Wrapped to 100 columns, continued under the summary.
                text += Terminal.wrap("  \(column.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(column.summary) (\(kind))",
                                      indent: String(repeating: " ", count: width + 4))
            }
            text += Terminal.wrap("  output: \(kernel.outputColumns.joined(separator: ", "))", indent: "    ")
        }
        return text
    }

    /// Parses and lays out `text`: the output rows, or the first bad row's error.
    public static func evaluate(
        _ text: String, format: EvalFormat, kernel: any EvalKernel.Type, engine: EvalEngine, precision: String
    ) -> Result<[[EvalValue]], EvalError> {
        Result { () throws(EvalError) -> [[EvalValue]] in
            let rows = try EvalIO.rows(text, format: format, kernel: kernel)
            return precision == "Float"
                ? try kernel.evaluate(rows, engine: engine, as: Float.self)
                : try kernel.evaluate(rows, engine: engine, as: Double.self)
        }
    }

    static func eval(_ arguments: [String], kernels: [any EvalKernel.Type], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "eval", arguments: arguments)
        var kernelName: String?
        var engine = EvalEngine.reference
        var precision = "Double"
        var input = "-"
        var inputFormat: EvalFormat?
        var output = "-"
        var outputFormat = EvalFormat.csv
        while let option = reader.nextOption() {
            if isHelp(option) { return printUsage(evalUsage(kernels: kernels), streams) }
            switch option.name {
            case "--kernel": kernelName = try reader.value(for: option)
            case "--engine":
                engine = try ArgumentValues.choice(try reader.value(for: option), "--engine", expected: "reference or kernel")
            case "--precision":
                let text = try reader.value(for: option)
                let values = try ArgumentValues.precisions(text)
                guard values.count == 1 else { throw UsageError("--precision of eval: float or double, not '\(text)'") }
                precision = values[0]
            case "--input": input = try reader.value(for: option)
            case "--input-format":
                inputFormat = try ArgumentValues.choice(try reader.value(for: option), "--input-format", expected: "csv or json")
            case "--output": output = try reader.value(for: option)
            case "--output-format":
                outputFormat = try ArgumentValues.choice(try reader.value(for: option), "--output-format", expected: "csv or json")
            default:
                throw reader.unknown(option)
            }
        }
        if let extra = reader.positionals.first { throw UsageError("unexpected argument '\(extra)' for 'eval' (use --input FILE)") }
        let known = kernels.map { $0.name }.joined(separator: ", ")
        guard let kernelName else { throw UsageError("eval needs --kernel (\(known))") }
        guard let kernel = kernels.first(where: { $0.name == kernelName }) else {
            throw UsageError("unknown kernel '\(kernelName)' for eval (known: \(known))")
        }
        let data: Data
        if input == "-" {
            data = streams.readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: input) else { throw ReportError("cannot read \(input)") }
            data = contents
        }
        let format = inputFormat ?? (input.lowercased().hasSuffix(".json") ? .json : .csv)
        let text = String(decoding: data, as: UTF8.self)
        let source = input == "-" ? "stdin" : input
        // An empty input is a mistake (a wrong path redirected, an empty pipe), not zero
        // controls: those are a CSV header alone, or an empty JSON array.
        if text.allSatisfy(\.isWhitespace) {
            streams.err("layout-bench eval: \(source) is empty (expected a CSV header line or a JSON array)\n")
            return ExitCode.input
        }
        let outputs: [[EvalValue]]
        switch evaluate(text, format: format, kernel: kernel, engine: engine, precision: precision) {
        case .success(let values): outputs = values
        case .failure(let error):
            streams.err("layout-bench eval: \(source): \(error)\n")
            return ExitCode.input
        }
        let formatted = EvalIO.format(outputs, kernel: kernel, format: outputFormat)
        if output == "-" {
            streams.out(formatted)
        } else {
            do { try Data(formatted.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                throw ReportError("cannot write \(output): \(error.localizedDescription)")
            }
        }
        return ExitCode.success
    }
}
