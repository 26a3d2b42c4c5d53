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
/// - XcodeGen `project.yml`: each target's `sources` folders and files, those of its `templates` included.
/// - Tuist `Project.swift` (a manifest importing `ProjectDescription`): each target made with a `name:` and
///   `sources:` or `buildableFolders:` string literals (`Target.target(name: "App", buildableFolders: ["Sources"])`,
///   `.target(name: "Tests", sources: .sourceFilesList(globs: [.glob("Tests/**")]))`), a glob's folder before its
///   first wildcard. A manifest naming no sources builds its project through a helper of the team's
///   (`Project.framework(name: "Core", ...)`), whose conventions cannot be read: its folder is the project's
///   named target.
/// - Otherwise the file's top folder under the audited root (`iOS/`, `Widget/`), or the root itself.
///
/// A type is identified by its target and name: two targets may each declare an `AppDelegate` (an iOS app and
/// its watch app), and they stay two types. A file compiled into several targets is given the first one
/// (in the build file's order).
struct ProjectTargets: Sendable {
    /// Relative file path → target, for files an Xcode project lists one by one.
    private var files: [String: String] = [:]
    /// Files listed one by one in more than one target (Aidoku's `Shared/` files, in its iOS and macOS apps), with
    /// every target listing them, in the project's order.
    private var filesInSeveralTargets: [String: [String]] = [:]
    /// The lowercased paths of `files` and `filesInSeveralTargets`, to their paths as listed: a project made on a
    /// case-insensitive disk (macOS's default) may spell a folder otherwise than the disk does (halloapp lists
    /// `HalloApp/Components/…` for the folder `Halloapp/Components`), and Xcode builds the file all the same.
    private var listedSpellings: [String: String] = [:]
    /// The folders holding a file listed one by one, lowercased (see `listedSpellings`).
    private var listedFolders: Set<String> = []
    /// Relative folder → target, for SwiftPM targets, XcodeGen sources and synchronized folders; the
    /// longest folder holding a file wins.
    private var folders: [String: String] = [:]

    init() {}

    /// Reads the build files found under the root (see `SourceDiscovery.buildFiles`).
    init(buildFiles: [SourceDiscovery.BuildFile]) {
        for file in buildFiles.sorted(by: { $0.entry.relativePath < $1.entry.relativePath }) {
            let name = file.entry.name
            guard
                name == "Package.swift" || name == "project.pbxproj" || name == "project.yml"
                    || name == "Project.swift",
                let text = String(data: file.data, encoding: .utf8)
            else { continue }
            let folder = file.entry.relativePath.parentPath
            switch name {
            case "Package.swift": readPackage(text, in: folder)
            case "project.yml": readXcodeGen(text, in: folder)
            case "Project.swift": readTuist(text, in: folder)
            default:
                // `App.xcodeproj/project.pbxproj`: paths are relative to the folder holding `App.xcodeproj`.
                readXcodeProject(text, in: folder.parentPath)
            }
        }
    }

    /// Whether an Xcode project lists the file one by one (not through a synchronized folder): a new file beside
    /// it is compiled only once it is added to the project.
    func isListedOneByOne(_ path: String) -> Bool { files[listed(path)] != nil }

    /// Whether an Xcode project or XcodeGen spec lists the file in more than one target.
    func isInSeveralTargets(_ path: String) -> Bool { filesInSeveralTargets[listed(path)] != nil }

    /// The targets listing a file listed in more than one, in the project's order; `nil` for other files.
    func targetsListing(_ path: String) -> [String]? { filesInSeveralTargets[listed(path)] }

    /// `path` as a build file lists it: itself, or the one listed path that differs from it in case only.
    private func listed(_ path: String) -> String {
        files[path] != nil ? path : listedSpellings[path.lowercased()] ?? path
    }

    /// Gives `path` to `target` unless another target has it already, which it then shares.
    private mutating func list(_ path: String, in target: String) {
        listedFolders.insert(path.parentPath.lowercased())
        if listedSpellings[path.lowercased()] == nil { listedSpellings[path.lowercased()] = path }
        if let existing = files[path] {
            if existing != target, !(filesInSeveralTargets[path]?.contains(target) ?? false) {
                filesInSeveralTargets[path, default: [existing]].append(target)
            }
        } else {
            files[path] = target
        }
    }

    /// The target of a file no target builds: one a project leaves out of a folder whose other files it lists.
    static let notBuilt = "(not built)"

    /// The target of a file, by its path relative to the root.
    func target(of path: String) -> String {
        if let target = files[listed(path)] { return target }
        var folder = path.parentPath
        while true {
            if let target = folders[folder] { return target }
            if folder.isEmpty { break }
            folder = folder.parentPath
        }
        // Beside files a project lists one by one, a file it does not list is built by no target (DuckDuckGo's
        // leftover `DuckDuckGo/UserAuthenticator.swift` beside the built `Core/UserAuthenticator.swift`): its types
        // must not stand in for the built ones of the app's target.
        if listedFolders.contains(path.parentPath.lowercased()) { return Self.notBuilt }
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

    // MARK: Tuist

    private mutating func readTuist(_ text: String, in folder: String) {
        guard text.contains("import ProjectDescription") else { return }
        let calls = CallCollector(viewMode: .sourceAccurate)
        calls.walk(Parser.parse(source: text))
        var namesSources = false
        for call in calls.found {
            guard let name = call.stringArgument("name") else { continue }
            let globs = call.arguments.filter { $0.label?.text == "sources" || $0.label?.text == "buildableFolders" }
                .flatMap { StringLiteralCollector.literals(in: $0.expression) }
            for glob in globs {
                guard let path = Self.tuistFolder(of: glob) else { continue }
                namesSources = true
                let relative = folder.appendingPath(path)
                if folders[relative] == nil { folders[relative] = name }
            }
        }
        // The project's own name: the first call naming one on `Project` (`Project(name:)`, `Project.framework(name:)`).
        guard !namesSources,
            let project = calls.found.first(where: { call in
                let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.base ?? call.calledExpression
                return callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "Project"
                    && call.stringArgument("name") != nil
            }),
            let name = project.stringArgument("name")
        else { return }
        if folders[folder] == nil { folders[folder] = name }
    }

    /// The folder a Tuist sources glob or buildable folder names (`Sources/**/*.swift` → `Sources`), `nil` for
    /// one file (`Derived/API.swift`) or the manifest's own folder.
    private static func tuistFolder(of glob: String) -> String? {
        guard let wildcard = glob.firstIndex(where: { "*?[{".contains($0) }) else {
            return glob.hasSuffix(".swift") ? nil : glob.trimmingSlashes.nilIfEmpty
        }
        let prefix = glob[..<wildcard]
        guard let slash = prefix.lastIndex(of: "/") else { return nil }
        return String(prefix[..<slash]).trimmingSlashes.nilIfEmpty
    }

    // MARK: XcodeGen

    private mutating func readXcodeGen(_ text: String, in folder: String) {
        guard let spec = (try? Yams.load(yaml: text)) as? [String: Any],
            let targets = spec["targets"] as? [String: Any]
        else { return }
        let templates = spec["targetTemplates"] as? [String: Any] ?? [:]
        for (name, value) in targets.sorted(by: { $0.key < $1.key }) {
            guard let target = value as? [String: Any] else { continue }
            for source in Self.xcodeGenSources(of: target, templates: templates) {
                let path = (source as? String) ?? ((source as? [String: Any])?["path"] as? String)
                guard let path, !path.contains("${") else { continue }
                let relative = folder.appendingPath(path.trimmingSlashes)
                if relative.hasSuffix(".swift") {
                    list(relative, in: name)
                } else if folders[relative] == nil {
                    folders[relative] = name
                }
            }
        }
    }

    /// A target's `sources`, after those of the `templates` it names (kiwix's `Kiwix` target takes `App`, `Model`,
    /// `Views`… from its `ApplicationTemplate`), templates of templates included, each once.
    private static func xcodeGenSources(of target: [String: Any], templates: [String: Any]) -> [Any] {
        func sources(_ entry: [String: Any]) -> [Any] {
            (entry["sources"] as? [Any]) ?? (entry["sources"].map { [$0] } ?? [])
        }
        var result: [Any] = []
        var seen: Set<String> = []
        func addTemplates(of entry: [String: Any]) {
            for name in entry["templates"] as? [String] ?? [] where seen.insert(name).inserted {
                guard let template = templates[name] as? [String: Any] else { continue }
                addTemplates(of: template)
                result += sources(template)
            }
        }
        addTemplates(of: target)
        return result + sources(target)
    }

    // MARK: Xcode projects

    private mutating func readXcodeProject(_ text: String, in folder: String) {
        guard let project = XcodeProjectFile.parse(text), let objects = project.objects,
            let projectID = project.rootObject, let root = objects[projectID]
        else { return }
        // The path of every file reference and group, from the main group down.
        var paths: [String: String] = [:]
        func visit(_ id: String, parent: String, depth: Int) {
            // A group listed twice, or in itself (a hostile file), is visited once.
            guard depth < 64, paths[id] == nil, let object = objects[id] else { return }
            let base: String
            switch object.sourceTree {
            case "SOURCE_ROOT": base = folder
            case "<group>", nil: base = parent
            default: return  // the SDK, a build product, an absolute path: not a file under the root
            }
            let path = object.path.map { base.appendingPath($0) } ?? base
            paths[id] = path
            for child in object.children ?? [] { visit(child, parent: path, depth: depth + 1) }
        }
        if let main = root.mainGroup { visit(main, parent: folder, depth: 0) }
        for targetID in root.targets ?? [] {
            guard let target = objects[targetID], let name = target.name else { continue }
            for phaseID in target.buildPhases ?? [] {
                guard let phase = objects[phaseID], phase.isa == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase.files ?? [] {
                    guard let reference = objects[buildFileID]?.fileRef, let path = paths[reference] else { continue }
                    list(path, in: name)
                }
            }
            for groupID in target.fileSystemSynchronizedGroups ?? [] {
                guard let path = paths[groupID] else { continue }
                if folders[path] == nil { folders[path] = name }
            }
        }
        // A synchronized folder's exception set for a target that does not synchronize the folder adds the files it
        // names to that target, one by one (wwdc's `Bootstrap`, compiled by the app only through such a list): a new
        // file there is compiled by no target until someone adds it.
        let synchronized = objects.filter { $0.value.isa == "PBXFileSystemSynchronizedRootGroup" }
        for (groupID, group) in synchronized.sorted(by: { $0.key < $1.key }) {
            guard let folderPath = paths[groupID] else { continue }
            for exceptionID in group.exceptions ?? [] {
                guard let exception = objects[exceptionID], let targetID = exception.target,
                    let target = objects[targetID], let name = target.name,
                    !(target.fileSystemSynchronizedGroups ?? []).contains(groupID)
                else { continue }
                for file in exception.membershipExceptions ?? [] where file.hasSuffix(".swift") {
                    list(folderPath.appendingPath(file), in: name)
                }
            }
        }
    }
}

/// What a `project.pbxproj` says about targets and files, read from the old-style (OpenStep) property list Xcode
/// writes it in: dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted and bare strings, `/* comments */`.
///
/// Only the fields ``ProjectTargets`` reads are kept, each object as a ``Object`` of them: the rest is checked and
/// skipped without being built (a large app's project file holds tens of thousands of objects, and a dictionary of
/// `Any` per object cost ~2% of its audit). A field whose value has another shape than expected (a dictionary for
/// `path`, an array holding a dictionary for `children`) reads as absent; a key written twice keeps its last value.
/// Text that is not such a list gives `nil`.
struct XcodeProjectFile {
    /// One entry of `objects`: a group, file reference, build file, build phase, target or the project.
    struct Object {
        var isa: String?
        var name: String?
        var path: String?
        var sourceTree: String?
        var fileRef: String?
        var mainGroup: String?
        var children: [String]?
        var buildPhases: [String]?
        var files: [String]?
        var targets: [String]?
        var fileSystemSynchronizedGroups: [String]?
        /// A synchronized folder's exception sets.
        var exceptions: [String]?
        /// An exception set's file names, relative to its folder, and the target it is for.
        var membershipExceptions: [String]?
        var target: String?
    }

    /// The objects by identifier; `nil` when `objects` is not a dictionary. Entries that are not dictionaries are
    /// left out.
    var objects: [String: Object]?
    /// The identifier of the project object.
    var rootObject: String?

    static func parse(_ text: String) -> XcodeProjectFile? {
        var reader = Reader(bytes: Array(text.utf8))
        return reader.projectFile()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// Deeper than any project file nests: a hostile file cannot overflow the stack.
        static let maximumDepth = 64

        /// The root dictionary.
        mutating func projectFile() -> XcodeProjectFile? {
            var file = XcodeProjectFile()
            let complete = dictionary(depth: 0) { reader, key in
                switch key {
                case "objects": return reader.objects(&file.objects)
                case "rootObject": return reader.string(into: &file.rootObject, depth: 1)
                default: return reader.skipValue(depth: 1)
                }
            }
            return complete ? file : nil
        }

        /// The `objects` dictionary, at depth 1.
        private mutating func objects(_ objects: inout [String: Object]?) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
                objects = nil
                return skipValue(depth: 1)
            }
            var result: [String: Object] = [:]
            let complete = dictionary(depth: 1) { reader, id in
                reader.skipSpace()
                guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "{") else {
                    result[id] = nil
                    return reader.skipValue(depth: 2)
                }
                var object = Object()
                let complete = reader.dictionary(depth: 2) { reader, key in
                    switch key {
                    case "isa": reader.string(into: &object.isa, depth: 3)
                    case "name": reader.string(into: &object.name, depth: 3)
                    case "path": reader.string(into: &object.path, depth: 3)
                    case "sourceTree": reader.string(into: &object.sourceTree, depth: 3)
                    case "fileRef": reader.string(into: &object.fileRef, depth: 3)
                    case "mainGroup": reader.string(into: &object.mainGroup, depth: 3)
                    case "children": reader.strings(into: &object.children, depth: 3)
                    case "buildPhases": reader.strings(into: &object.buildPhases, depth: 3)
                    case "files": reader.strings(into: &object.files, depth: 3)
                    case "targets": reader.strings(into: &object.targets, depth: 3)
                    case "fileSystemSynchronizedGroups":
                        reader.strings(into: &object.fileSystemSynchronizedGroups, depth: 3)
                    case "exceptions": reader.strings(into: &object.exceptions, depth: 3)
                    case "membershipExceptions": reader.strings(into: &object.membershipExceptions, depth: 3)
                    case "target": reader.string(into: &object.target, depth: 3)
                    default: reader.skipValue(depth: 3)
                    }
                }
                result[id] = object
                return complete
            }
            objects = result
            return complete
        }

        /// A dictionary at `depth`, each key's value read by `value` (which returns whether it was well formed).
        private mutating func dictionary(depth: Int, _ value: (inout Reader, String) -> Bool) -> Bool {
            guard depth < Self.maximumDepth else { return false }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
            index += 1
            while true {
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return true
                }
                guard let key = string() else { return false }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return false }
                index += 1
                guard value(&self, key) else { return false }
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            }
        }

        /// A value at `depth` that should be a string: `nil` into `field` when it is an array or a dictionary.
        private mutating func string(into field: inout String?, depth: Int) -> Bool {
            skipSpace()
            guard depth < Self.maximumDepth, index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "(") {
                field = nil
                return skipValue(depth: depth)
            }
            guard let value = string() else { return false }
            field = value
            return true
        }

        /// A value at `depth` that should be an array of strings: `nil` into `field` when it is anything else.
        private mutating func strings(into field: inout [String]?, depth: Int) -> Bool {
            skipSpace()
            guard depth < Self.maximumDepth, index < bytes.count else { return false }
            guard bytes[index] == UInt8(ascii: "(") else {
                field = nil
                return skipValue(depth: depth)
            }
            index += 1
            var result: [String]? = []
            while true {
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    field = result
                    return true
                }
                if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "(") {
                    result = nil
                    guard skipValue(depth: depth + 1) else { return false }
                } else {
                    guard depth + 1 < Self.maximumDepth, let element = string() else { return false }
                    result?.append(element)
                }
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }

        /// Checks and passes over a value at `depth` without building it.
        private mutating func skipValue(depth: Int) -> Bool {
            guard depth < Self.maximumDepth else { return false }
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                return dictionary(depth: depth) { reader, _ in reader.skipValue(depth: depth + 1) }
            case UInt8(ascii: "("):
                index += 1
                while true {
                    skipSpace()
                    guard index < bytes.count else { return false }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return true
                    }
                    guard skipValue(depth: depth + 1) else { return false }
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            default:
                return skipString()
            }
        }

        /// A quoted or bare string.
        mutating func string() -> String? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                    index += 1
                }
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "\"") {
                    // No escapes: the common case, decoded in place.
                    index += 1
                    return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
                }
                var result = Array(bytes[start..<index])
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

        /// Passes over a quoted or bare string, as ``string()`` reads it, without making it.
        private mutating func skipString() -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                    index += 1
                }
                guard index < bytes.count else { return false }
                index += 1
                return true
            }
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            return index > start
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
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
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

/// The string literals of an expression without interpolations, those of `excluding:` arguments left out.
private final class StringLiteralCollector: SyntaxVisitor {
    var found: [String] = []

    static func literals(in expression: ExprSyntax) -> [String] {
        let collector = StringLiteralCollector(viewMode: .sourceAccurate)
        collector.walk(expression)
        return collector.found
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        node.label?.text == "excluding" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if node.segments.count == 1, let segment = node.segments.first?.as(StringSegmentSyntax.self) {
            found.append(segment.content.text)
        }
        return .skipChildren
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
        // Both plain (a large project's every group and file comes here): joined as they are, which is what
        // splitting and joining them gives.
        if isPlainPath, component.isPlainPath {
            return isEmpty ? component : component.isEmpty ? self : self + "/" + component
        }
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

    /// Whether the path is `""` or names one part after another (`a/b.swift`): no empty part (no leading, trailing
    /// or doubled `/`) and no `.` or `..` part.
    private var isPlainPath: Bool {
        var partLength = 0
        var partIsDots = true
        for byte in utf8 {
            if byte == UInt8(ascii: "/") {
                if partLength == 0 || (partIsDots && partLength <= 2) { return false }
                partLength = 0
                partIsDots = true
            } else {
                partLength += 1
                partIsDots = partIsDots && byte == UInt8(ascii: ".")
            }
        }
        return isEmpty || !(partLength == 0 || (partIsDots && partLength <= 2))
    }

    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }

    fileprivate var trimmingSlashes: String {
        var result = Substring(self)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
