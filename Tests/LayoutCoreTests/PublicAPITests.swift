import Foundation
import Testing

/// No underscored name is public API: internals are `internal`, `@usableFromInline` or
/// `package`. The one exception is the requirements of the two protocols that are closed to the
/// library's own types, `BatchLayout`'s kernel hooks and `LayoutScalar`'s lane precision: a
/// public protocol's requirements are public, so they carry the standard library's mark for public names that
/// are not API (a leading underscore), are documented as such, and are the only underscored
/// public names: each public underscored declaration is one of them (a conformance's witness).
@Suite struct PublicAPITests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every `.swift` file under `Sources/`, with its text.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// `public` or `open` declarations (with any modifiers) of an underscored name:
    /// (file, line, name, whether the declaration starts its line unindented).
    static func publicUnderscoredDeclarations(in text: String) -> [(line: Int, name: String, topLevel: Bool)] {
        let pattern = #"^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|mutating|nonmutating|override|class|indirect|convenience)\s+)*(?:struct|enum|class|actor|protocol|typealias|func|var|let|init|subscript|case)\s+(_\w*)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        var found: [(Int, String, Bool)] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = regex.firstMatch(in: line, range: range),
                  let indent = Range(match.range(at: 1), in: line),
                  let name = Range(match.range(at: 2), in: line) else { continue }
            found.append((number + 1, String(line[name]), line[indent].isEmpty))
        }
        return found
    }

    /// The underscored requirements of the public protocols in `Sources/`.
    static func underscoredRequirements(in files: [(path: String, text: String)]) -> Set<String> {
        var names: Set<String> = []
        let requirement = try! NSRegularExpression(pattern: #"^\s+(?:static\s+)?(?:func|var)\s+(_\w+)"#)
        for file in files {
            var inProtocol = false
            for line in file.text.components(separatedBy: "\n") {
                if line.hasPrefix("public protocol ") { inProtocol = true; continue }
                if inProtocol && line.hasPrefix("}") { inProtocol = false }
                guard inProtocol else { continue }
                let range = NSRange(line.startIndex..., in: line)
                if let match = requirement.firstMatch(in: line, range: range),
                   let name = Range(match.range(at: 1), in: line) {
                    names.insert(String(line[name]))
                }
            }
        }
        return names
    }

    /// The requirements that are not API: `BatchLayout`'s (Batch/BatchLayout.swift) and
    /// `LayoutScalar`'s (Core/LayoutScalar.swift).
    static let kernelHooks: Set<String> = [
        "_referenceLayout", "_write", "_configuration", "_result", "_laneWidth", "_takesFullGroupsOnly",
        "_layoutLaneGroup", "_layout", "_checkFieldRules", "_checkCrossFieldRules", "_allValid",
        "_lanePrecision",
    ]

    @Test func noUnderscoredNameIsPublic() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 10, "Sources/ not found at \(Self.sources.path)")
        let hooks = Self.underscoredRequirements(in: files)
        #expect(hooks == Self.kernelHooks, "the underscored requirements of public protocols are the documented ones only")
        for file in files {
            for declaration in Self.publicUnderscoredDeclarations(in: file.text) where !hooks.contains(declaration.name) {
                Issue.record("\(file.path):\(declaration.line): public \(declaration.name)")
            }
        }
    }

    /// The scan itself finds what it must: a public underscored type, function and member.
    @Test func theScanFindsUnderscoredDeclarations() {
        let text = """
        public struct _Hidden {}
        @inlinable public func _helper() {}
        extension Foo {
            @inlinable @inline(__always) public static func _lanesLess() {}
            public var _state: Int
        }
        public struct Shown {}
        """
        let found = Self.publicUnderscoredDeclarations(in: text)
        #expect(found.map(\.name) == ["_Hidden", "_helper", "_lanesLess", "_state"])
        #expect(found.map(\.topLevel) == [true, true, false, false])
    }
}
