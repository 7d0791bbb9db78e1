// What the report says about the machine, the toolchain and the build.

import Foundation
import LayoutCore

extension MachineInfo {
    /// SIMD-related flag names kept from /proc/cpuinfo (x86 `flags`, Arm `Features`).
    static let simdFlagPrefixes = ["sse", "ssse3", "pni", "avx", "fma", "f16c", "amx", "asimd", "neon", "sve", "sme"]

    /// Reads /proc and /sys (Linux); fields stay empty elsewhere.
    public static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        func field(_ name: String) -> String? {
            for line in cpuinfo.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
        var uts = utsname()
        uname(&uts)
        func text<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let architecture = text(uts.machine)
        let flags = (field("flags") ?? field("Features") ?? "").split(separator: " ").map(String.init)
        let simd = flags.filter { flag in simdFlagPrefixes.contains { flag.hasPrefix($0) } }.sorted()

        var caches: [String: Int] = [:]
        let cacheDirectory = "/sys/devices/system/cpu/cpu0/cache"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? [] where entry.hasPrefix("index") {
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: "\(cacheDirectory)/\(entry)/\(name)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level"), let type = read("type"), let size = read("size") else { continue }
            if type == "Instruction" { continue }
            let name = "L\(level)" + (type == "Data" ? "d" : "")
            caches[name] = parseSize(size)
        }

        var memory = 0
        if let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }) {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            memory = kilobytes * 1024
        }
        return MachineInfo(
            cpuModel: field("model name") ?? field("Model") ?? architecture,
            architecture: architecture,
            logicalCores: ProcessInfo.processInfo.processorCount,
            activeCores: Parallelism.activeProcessorCount,
            simdFeatures: simd,
            caches: caches,
            memoryBytes: memory,
            operatingSystem: "\(text(uts.sysname)) \(text(uts.release))",
            loadAverageAtStart: loadAverage())
    }

    /// The 1-minute load average, to two decimals (0 when unknown).
    public static func loadAverage() -> Double {
        var load = [Double](repeating: 0, count: 3)
        guard getloadavg(&load, 3) > 0 else { return 0 }
        return (load[0] * 100).rounded() / 100
    }

    /// `32K`, `2048K`, `32M` (as /sys writes cache sizes) in bytes.
    static func parseSize(_ text: String) -> Int {
        let multiplier: Int
        var digits = Substring(text)
        switch text.last {
        case "K": multiplier = 1 << 10; digits = digits.dropLast()
        case "M": multiplier = 1 << 20; digits = digits.dropLast()
        case "G": multiplier = 1 << 30; digits = digits.dropLast()
        default: multiplier = 1
        }
        return (Int(digits) ?? 0) * multiplier
    }
}

extension ToolchainInfo {
    /// The compile-time compiler version and, when `swift` is on the PATH, its `--version`.
    public static func current(runSwift: Bool = true) -> ToolchainInfo {
        ToolchainInfo(swiftVersion: runSwift ? swiftVersionLine() : nil, compilerVersion: compileTimeVersion)
    }

    static var compileTimeVersion: String {
        #if compiler(>=7.0)
        return ">= 7.0"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    static func swiftVersionLine() -> String? {
        commandOutput(["swift", "--version"])?.split(separator: "\n").first.map(String.init)
    }
}

/// The standard output of `command` (found on the `PATH`), or `nil` when it cannot run or
/// exits with a failure; its standard error is discarded.
func commandOutput(_ command: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
}

extension BuildInfo {
    /// Whether this code was compiled without optimization (`#if DEBUG`).
    public static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The build configuration and flags. `explicitFlags` (from `--build-flags`) wins;
    /// otherwise the SwiftPM build description next to the executable is searched for
    /// `-target-cpu` and similar code-generation flags.
    public static func current(explicitFlags: String?, executablePath: String?) -> BuildInfo {
        let configuration = isDebug ? "debug" : "release"
        let commit = gitCommit()
        if let explicitFlags {
            return BuildInfo(configuration: configuration, swiftFlags: explicitFlags, swiftFlagsSource: "--build-flags", commit: commit)
        }
        if let executablePath, let (flags, source) = flagsFromBuildDescription(executablePath: executablePath) {
            return BuildInfo(configuration: configuration, swiftFlags: flags, swiftFlagsSource: source, commit: commit)
        }
        return BuildInfo(configuration: configuration, swiftFlags: "", swiftFlagsSource: "unknown", commit: commit)
    }

    /// `git rev-parse --short=12 HEAD` in the working directory, with `+dirty` when
    /// `git status` lists modified tracked files; `nil` without git or outside a repository.
    static func gitCommit() -> String? {
        func git(_ arguments: [String]) -> String? {
            commandOutput(["git"] + arguments)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let hash = git(["rev-parse", "--short=12", "HEAD"]), !hash.isEmpty else { return nil }
        let dirty = git(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
        return hash + (dirty ? "+dirty" : "")
    }

    /// Code-generation flags worth reporting when they appear in a build description.
    static let reportedFlags: Set<String> = ["-O", "-Onone", "-Ounchecked", "-Osize", "-enforce-exclusivity=unchecked", "-cross-module-optimization"]

    /// SwiftPM writes `<scratch>/<configuration>.yaml` with every compiler command line; the
    /// executable lives in `<scratch>/<triple>/<configuration>/`. Reads the `layout-bench`
    /// compile command's arguments and keeps the code-generation flags.
    static func flagsFromBuildDescription(executablePath: String) -> (String, String)? {
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let configurationDirectory = executable.deletingLastPathComponent()
        let configuration = configurationDirectory.lastPathComponent
        let scratch = configurationDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let description = scratch.appendingPathComponent("\(configuration).yaml")
        guard let text = try? String(contentsOf: description, encoding: .utf8) else { return nil }
        // The compile command of the LayoutCore module: its arguments are the flags the kernels
        // were built with.
        guard let line = text.split(separator: "\n").first(where: {
            $0.contains("args:") && $0.contains("-module-name\",\"LayoutCore\"")
        }) else { return nil }
        let arguments = line.split(separator: "\"").map(String.init).filter { $0 != "," && !$0.hasPrefix(",") }
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-target-cpu", index + 1 < arguments.count {
                kept.append("-target-cpu \(arguments[index + 1])")
                index += 2
                continue
            }
            if reportedFlags.contains(argument) || (argument.hasPrefix("-D") && !argument.hasPrefix("-DSWIFT_") && argument != "-DDEBUG") {
                kept.append(argument)
            }
            index += 1
        }
        return (kept.joined(separator: " "), description.path)
    }
}
