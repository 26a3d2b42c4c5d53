import Foundation
import SwiftParser
import SwiftSyntax
import Yams

/// Which build target (module) each source file belongs to, from the build files found beside the sources:
///
/// - `Package.swift`: each `.target`, `.executableTarget`, `.testTarget`, `.macro` and `.plugin` by its `name:`
///   and `path:` (default `Sources/<name>`, `Source/<name>`, `src/<name>`, `srcs/<name>`, or `Tests/<name>` for
///   a test target).
/// - `project.pbxproj`: each native target's compiled files (its sources build phase, through the group tree
///   for their paths) and its synchronized folders (Xcode 16's `PBXFileSystemSynchronizedRootGroup`).
/// - XcodeGen `project.yml`: each target's `sources` folders and files.
/// - Otherwise the file's top folder under the audited root (`iOS/`, `Widget/`), or the root itself.
///
/// A type is identified by its target and name: two targets may each declare an `AppDelegate` (an iOS app and
/// its watch app), and they stay two types. A file compiled into several targets is given the first one
/// (in the build file's order). Tuist manifests are not read: their files fall back to folders.
struct ProjectTargets: Sendable {
    /// Relative file path → target, for files an Xcode project lists one by one.
    private var files: [String: String] = [:]
    /// Relative folder → target, for SwiftPM targets, XcodeGen sources and synchronized folders; the
    /// longest folder holding a file wins.
    private var folders: [String: String] = [:]

    init() {}

    /// Reads the build files found under the root (see `SourceDiscovery.buildFiles`).
    init(buildFiles: [SourceDiscovery.BuildFile]) {
        for file in buildFiles.sorted(by: { $0.entry.relativePath < $1.entry.relativePath }) {
            let name = file.entry.url.lastPathComponent
            guard name == "Package.swift" || name == "project.pbxproj" || name == "project.yml",
                let text = String(data: file.data, encoding: .utf8)
            else { continue }
            let folder = file.entry.relativePath.parentPath
            switch name {
            case "Package.swift": readPackage(text, in: folder)
            case "project.yml": readXcodeGen(text, in: folder)
            default:
                // `App.xcodeproj/project.pbxproj`: paths are relative to the folder holding `App.xcodeproj`.
                readXcodeProject(text, in: folder.parentPath)
            }
        }
    }

    /// Whether an Xcode project lists the file one by one (not through a synchronized folder): a new file beside
    /// it is compiled only once it is added to the project.
    func isListedOneByOne(_ path: String) -> Bool { files[path] != nil }

    /// The target of a file, by its path relative to the root.
    func target(of path: String) -> String {
        if let target = files[path] { return target }
        var folder = path.parentPath
        while true {
            if let target = folders[folder] { return target }
            if folder.isEmpty { break }
            folder = folder.parentPath
        }
        // No build file names it: its top folder, or the root.
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    // MARK: Swift packages

    private static let targetFunctions: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    private mutating func readPackage(_ text: String, in folder: String) {
        let tree = Parser.parse(source: text)
        let calls = CallCollector(viewMode: .sourceAccurate)
        calls.walk(tree)
        for call in calls.found {
            guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
                Self.targetFunctions.contains(callee.declName.baseName.text),
                let name = call.stringArgument("name")
            else { continue }
            let paths: [String]
            if let path = call.stringArgument("path") {
                paths = [path]
            } else if callee.declName.baseName.text == "testTarget" {
                paths = ["Tests/\(name)"]
            } else {
                paths = ["Sources", "Source", "src", "srcs"].map { "\($0)/\(name)" }
            }
            for path in paths {
                let relative = folder.appendingPath(path.trimmingSlashes)
                if folders[relative] == nil { folders[relative] = name }
            }
        }
    }

    // MARK: XcodeGen

    private mutating func readXcodeGen(_ text: String, in folder: String) {
        guard let spec = (try? Yams.load(yaml: text)) as? [String: Any],
            let targets = spec["targets"] as? [String: Any]
        else { return }
        for (name, value) in targets.sorted(by: { $0.key < $1.key }) {
            guard let target = value as? [String: Any] else { continue }
            let sources: [Any] = (target["sources"] as? [Any]) ?? (target["sources"].map { [$0] } ?? [])
            for source in sources {
                let path = (source as? String) ?? ((source as? [String: Any])?["path"] as? String)
                guard let path else { continue }
                let relative = folder.appendingPath(path.trimmingSlashes)
                if relative.hasSuffix(".swift") {
                    if files[relative] == nil { files[relative] = name }
                } else if folders[relative] == nil {
                    folders[relative] = name
                }
            }
        }
    }

    // MARK: Xcode projects

    private mutating func readXcodeProject(_ text: String, in folder: String) {
        guard let root = OpenStepPlist.parse(text) as? [String: Any],
            let objects = root["objects"] as? [String: Any], let projectID = root["rootObject"] as? String,
            let project = objects[projectID] as? [String: Any]
        else { return }
        // The path of every file reference and group, from the main group down.
        var paths: [String: String] = [:]
        func visit(_ id: String, parent: String, depth: Int) {
            // A group listed twice, or in itself (a hostile file), is visited once.
            guard depth < 64, paths[id] == nil, let object = objects[id] as? [String: Any] else { return }
            let own = object["path"] as? String
            let base: String
            switch object["sourceTree"] as? String {
            case "SOURCE_ROOT": base = folder
            case "<group>", nil: base = parent
            default: return  // the SDK, a build product, an absolute path: not a file under the root
            }
            let path = own.map { base.appendingPath($0) } ?? base
            paths[id] = path
            for child in object["children"] as? [String] ?? [] { visit(child, parent: path, depth: depth + 1) }
        }
        if let main = project["mainGroup"] as? String { visit(main, parent: folder, depth: 0) }
        for targetID in project["targets"] as? [String] ?? [] {
            guard let target = objects[targetID] as? [String: Any], let name = target["name"] as? String else {
                continue
            }
            for phaseID in target["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID] as? [String: Any], phase["isa"] as? String == "PBXSourcesBuildPhase"
                else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let buildFile = objects[buildFileID] as? [String: Any],
                        let reference = buildFile["fileRef"] as? String, let path = paths[reference]
                    else { continue }
                    if files[path] == nil { files[path] = name }
                }
            }
            for groupID in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                guard let path = paths[groupID] else { continue }
                if folders[path] == nil { folders[path] = name }
            }
        }
    }
}

/// A reader of the old-style (OpenStep) property lists Xcode writes `project.pbxproj` in: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted and bare strings, `/* comments */`. Values are `String`,
/// `[Any]` and `[String: Any]`; `nil` for text that is not such a list.
enum OpenStepPlist {
    static func parse(_ text: String) -> Any? {
        var reader = Reader(bytes: Array(text.utf8))
        return reader.value(depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// Deeper than any project file nests: a hostile file cannot overflow the stack.
        static let maximumDepth = 64

        mutating func value(depth: Int) -> Any? {
            guard depth < Self.maximumDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var dictionary: [String: Any] = [:]
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return dictionary
                    }
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                    index += 1
                    guard let value = value(depth: depth + 1) else { return nil }
                    dictionary[key] = value
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
                }
            case UInt8(ascii: "("):
                index += 1
                var array: [Any] = []
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return array
                    }
                    guard let element = value(depth: depth + 1) else { return nil }
                    array.append(element)
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            default:
                return string()
            }
        }

        mutating func string() -> String? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var result: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        index += 1
                        switch bytes[index] {
                        case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                        default: result.append(bytes[index])
                        }
                    } else {
                        result.append(bytes[index])
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return String(decoding: result, as: UTF8.self)
            }
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
                UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "<"),
                UInt8(ascii: ">"):
                true
            default: false
            }
        }

        /// Skips white space and `/* … */` and `// …` comments.
        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                    || byte == UInt8(ascii: "\r")
                {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    index = min(index + 2, bytes.count)
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else {
                    return
                }
            }
        }
    }
}

extension FunctionCallExprSyntax {
    /// The string literal passed as the argument labelled `label` (`name: "App"`), without interpolations.
    fileprivate func stringArgument(_ label: String) -> String? {
        guard let argument = arguments.first(where: { $0.label?.text == label }),
            let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }
}

/// Every call in a manifest, in source order.
private final class CallCollector: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}

extension String {
    /// The folder of a relative path (`""` for a file at the root).
    fileprivate var parentPath: String {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(self[..<slash])
    }

    /// `component` under this relative folder, with `.` and `..` components resolved.
    fileprivate func appendingPath(_ component: String) -> String {
        var parts = isEmpty ? [] : split(separator: "/").map(String.init)
        for part in component.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    fileprivate var trimmingSlashes: String {
        var result = Substring(self)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
