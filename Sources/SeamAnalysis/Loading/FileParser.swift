import Foundation
import SwiftSyntax

/// Everything one file tells on its own: read, validate, parse, then walk its declarations and its bodies.
/// The tree is dropped afterwards unless the caller keeps syntax (`seam migrate`).
struct ParsedFile: Sendable {
    var entry: SourceDiscovery.Entry
    /// The source, when it decoded (read back by `BodyFactResolver` for global-instance references).
    var text: String?
    /// The tree, when it is retained.
    var tree: SourceFileSyntax?
    var lineTable: LineTable?
    var suppressions = Suppressions()
    var fragments: [DeclaredFragment] = []
    var globals: [DeclaredGlobal] = []
    var aliases: [DeclaredAlias] = []
    /// See ``FileCollector/capitalizedFunctions``.
    var capitalizedFunctions: [String] = []
    var body = BodyFacts()
    var problem: FileProblem?

    /// Whether the file is test code: its path says so (`String.isTestFilePath`), or it imports a test framework
    /// (fastlane's `Screenshots/SnapshotHelper.swift` imports XCTest outside any `Tests` folder).
    var isTest = false
    /// The build target of the file (see `ProjectTargets`).
    var target = ""
    /// How deeply the file nests (`NestingScan.depth`).
    var nestingDepth = 0
    /// Whether the file says it was generated (SwiftGen, R.swift, Sourcery, "DO NOT EDIT"…), or is a build manifest
    /// (it imports `ProjectDescription` or `PackageDescription`): code nobody writes as the app's.
    var isGenerated = false

    var context: FileContext? {
        lineTable.map {
            FileContext(
                path: entry.relativePath, lineTable: $0, isTest: isTest, target: target, nestingDepth: nestingDepth)
        }
    }

    /// The largest file parsed: 8 MiB, more than three times the largest generated Swift file in the
    /// open-source packages measured (2.3 MB). Larger files are reported as `too-large`, not parsed.
    package static let maximumFileSize = 8 << 20

    /// Reads, checks, parses and walks the file at `entry`; with a `cache`, takes its facts from the cache when an
    /// entry for exactly these bytes, path and target is there, and stores them there otherwise.
    static func parse(
        _ entry: SourceDiscovery.Entry, retainingSyntax: Bool, target: String = "", cache: AnalysisCache.Session? = nil
    ) -> ParsedFile {
        var result = ParsedFile(entry: entry)
        result.target = target
        let path = entry.relativePath
        let data: Data
        do {
            data = try FileAccess.read(entry.path)
        } catch {
            result.problem = FileProblem(
                kind: .unreadable, location: SourceLocation(file: path, line: 1, column: 1),
                message: "\(path) could not be read (\(Self.reason(error))); it was skipped")
            return result
        }
        guard data.count <= maximumFileSize else {
            result.problem = FileProblem(
                kind: .tooLarge, location: SourceLocation(file: path, line: 1, column: 1),
                message:
                    "\(path) is \(data.count) bytes, over seam's limit of \(maximumFileSize) bytes (8 MiB); it was skipped"
            )
            return result
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            result.problem = FileProblem(
                kind: .invalidUTF8, location: Self.firstInvalidByte(in: data, path: path),
                message: "\(path) is not valid UTF-8; it was skipped")
            return result
        }
        guard let cache else { return scanAndParse(result, data: data, text: text, retainingSyntax: retainingSyntax) }
        let key = AnalysisCache.FileKey(path: path, target: target, content: data.withUnsafeBytes { ContentDigest($0) })
        if let facts = cache.facts(for: key) {
            return ParsedFile(entry: entry, facts: facts, text: text, data: data)
        }
        let parsed = scanAndParse(result, data: data, text: text, retainingSyntax: retainingSyntax)
        cache.store(CachedFacts(parsed), for: key)
        return parsed
    }

    /// Checks a decoded file against the nesting limits, then parses and walks it.
    private static func scanAndParse(_ file: ParsedFile, data: Data, text: String, retainingSyntax: Bool) -> ParsedFile
    {
        var result = file
        let path = file.entry.relativePath
        let scan = data.withUnsafeBytes { NestingScan($0.bindMemory(to: UInt8.self)) }
        if let excess = scan.excess {
            let lineTable = data.withUnsafeBytes { LineTable($0.bindMemory(to: UInt8.self)) }
            result.problem = FileProblem(
                kind: .tooDeep,
                location: FileContext(path: path, lineTable: lineTable, isTest: false).location(at: excess.offset),
                message: Self.message(for: excess.limit, path: path))
            return result
        }
        result.nestingDepth = scan.depth
        let file = result
        return LargeStack.run(depth: scan.depth) {
            parse(file, data: data, text: text, retainingSyntax: retainingSyntax)
        }
    }

    /// Parses and walks a file that ``NestingScan`` found within its limits.
    private static func parse(_ file: ParsedFile, data: Data, text: String, retainingSyntax: Bool) -> ParsedFile {
        var result = file
        let path = file.entry.relativePath
        let tree = SourceParser.parse(text)
        let lineTable = data.withUnsafeBytes { LineTable($0.bindMemory(to: UInt8.self)) }
        result.isTest =
            path.isTestFilePath
            || data.withUnsafeBytes { Self.imports(Self.testFrameworks, tree, bytes: $0.bindMemory(to: UInt8.self)) }
        result.isGenerated = data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            return Self.isGenerated(header: bytes.prefix(1_024)) || Self.isGeneratedName(path)
                || Self.imports(Self.manifestFrameworks, tree, bytes: bytes)
        }
        let context = FileContext(
            path: path, lineTable: lineTable, isTest: result.isTest, target: file.target,
            nestingDepth: file.nestingDepth)
        result.text = text
        result.tree = retainingSyntax ? tree : nil
        result.lineTable = lineTable
        result.suppressions = data.withUnsafeBytes { raw in
            Suppressions(bytes: raw.bindMemory(to: UInt8.self), tree: tree, lineTable: lineTable)
        }
        let collector = data.withUnsafeBytes { raw in
            FileCollector.collect(tree, source: raw.bindMemory(to: UInt8.self), context: context)
        }
        if let offset = collector.tooDeepOffset {
            // A tree deeper than the scan foresaw: nothing of the file is kept, as for a file the scan stops.
            var skipped = ParsedFile(entry: file.entry)
            skipped.problem = FileProblem(
                kind: .tooDeep, location: context.location(at: offset), message: Self.message(for: .depth, path: path))
            return skipped
        }
        result.fragments = collector.fragments
        result.globals = collector.globals
        result.aliases = collector.aliases
        result.capitalizedFunctions = collector.capitalizedFunctions
        result.body = collector.facts
        if tree.hasError {
            let location = context.location(at: Self.firstError(in: Syntax(tree)).position.utf8Offset)
            result.problem = FileProblem(
                kind: .syntaxError, location: location,
                message: "\(path) could not be parsed completely; findings in this file may be incomplete")
        }
        return result
    }

    /// What a file over a ``NestingScan`` limit is told.
    private static func message(for limit: NestingScan.Limit, path: String) -> String {
        switch limit {
        case .depth:
            "\(path) nests deeper than \(limit.maximum) levels here (brackets, chained calls and member accesses, "
                + "`try`/`await`, `else if`); seam skips files nested this deeply"
        case .conditionalDepth:
            "\(path) nests `#if` blocks deeper than \(limit.maximum) levels here; seam skips files nested this deeply"
        case .collectionTypeRun:
            "\(path) opens more than \(limit.maximum) square brackets in a row here (`[[[…`), which SwiftParser "
                + "takes exponential time to read; seam skips the file"
        case .interpolationDepth:
            "\(path) nests string interpolations deeper than \(limit.maximum) levels here (`\"\\(\"\\(…`), which "
                + "SwiftParser needs memory quadratic in the depth to read; seam skips the file"
        }
    }

    private static let generatedMarkers = [
        "generated using swiftgen", "generated by swiftgen", "r.generated", "generated by sourcery",
        "generated using sourcery", "do not edit", "autogenerated", "auto-generated", "@generated",
        "this file was generated", "this file is generated", "automatically generated", "code generated by",
        // Tuist's `Derived/` sources (hold-out 25, threedollars: its string tables' literals).
        "generated using tuist", "generated by tuist",
        // Apple's OpenAPI generator (hold-out 26, amakaflow's `Generated/Types.swift`: its content types' literals).
        "generated by swift-openapi-generator",
    ].map { Array($0.utf8) }

    /// Whether a file's name says a generator wrote it, header or not: its base name ends with a word `Generated`
    /// (Needle's `NeedleGenerated.swift`, which has no header; R.swift's `R.generated.swift`, SwiftGen's
    /// `Strings+Generated.swift`). `Degenerated.swift` is no such name.
    static func isGeneratedName(_ path: String) -> Bool {
        let name = Array(PathText.name(of: path).utf8)
        let suffix = Array("generated.swift".utf8)
        guard name.count > suffix.count else { return false }
        let start = name.count - suffix.count
        guard zip(name[start...], suffix).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return false }
        // `Generated` as a word of its own: capitalised, or after a separator.
        return name[start] == UInt8(ascii: "G")
            || !(name[start - 1] >= UInt8(ascii: "a") && name[start - 1] <= UInt8(ascii: "z"))
    }

    /// Whether the first kilobyte of a file carries a code generator's marker (compared without case).
    static func isGenerated(header: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        // Every marker holds "enerated" or "not edit": most headers hold neither, and are done in one pass
        // without the lower-cased copy (a GPL header's "General" is no marker).
        guard mayHoldMarker(header) else { return false }
        let lowered = header.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        return lowered.withUnsafeBufferPointer { bytes in generatedMarkers.contains { bytes.firstOffset(of: $0) != nil }
        }
    }

    /// Whether `bytes` hold "enerated" or "not edit" in any case: the last eight bytes, with ASCII letters' case
    /// bit set, are kept in one word and compared at each byte.
    private static func mayHoldMarker(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let enerated: UInt64 = 0x656E_6572_6174_6564  // "enerated"
        let notEdit: UInt64 = 0x6E6F_7420_6564_6974  // "not edit"
        var window: UInt64 = 0
        for byte in bytes {
            // Only letters matter, and a letter's capital differs from it by the 0x20 bit alone.
            window = window << 8 | UInt64(byte | 0x20)
            if window == enerated || window == notEdit { return true }
        }
        return false
    }

    /// Whether the file imports one of `frameworks` at its top level.
    static func imports(_ frameworks: Frameworks, _ tree: SourceFileSyntax, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most files name none of them anywhere: their statements are not looked at.
        guard frameworks.utf8Names.contains(where: { bytes.firstOffset(of: $0) != nil }) else { return false }
        return tree.statements.contains { item in
            guard let importDecl = item.item.as(ImportDeclSyntax.self), let module = importDecl.path.first?.name.text
            else { return false }
            return frameworks.names.contains(module)
        }
    }

    /// A set of module names, with their UTF-8 bytes for a first search of a file's bytes.
    struct Frameworks: Sendable {
        let names: Set<String>
        let utf8Names: [[UInt8]]

        init(_ names: Set<String>) {
            self.names = names
            utf8Names = names.map { Array($0.utf8) }
        }
    }

    /// A file importing one is a test's.
    static let testFrameworks = Frameworks(["XCTest", "Testing", "Quick", "Nimble"])
    /// A file importing one is a build manifest (Tuist's `Project.swift` and helpers, a package's manifest), read as
    /// generated code is: it declares no singletons and gives no force-operation or hard-coded-value findings.
    static let manifestFrameworks = Frameworks([
        "ProjectDescription", "ProjectDescriptionHelpers", "PackageDescription",
    ])

    /// The innermost, first node that carries a syntax error (a missing token or unexpected text).
    private static func firstError(in node: Syntax) -> Syntax {
        var current = node
        while let child = current.children(viewMode: .all).first(where: { $0.hasError }) {
            current = child
        }
        return current
    }

    private static func firstInvalidByte(in data: Data, path: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var valid = 0
        // Decode scalar by scalar; count lines until the first error.
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let length = UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    lineStart = valid + length
                }
                valid += length
            case .emptyInput, .error:
                break loop
            }
        }
        offset = valid
        return SourceLocation(file: path, line: line, column: offset - lineStart + 1)
    }

    /// Plain words for why a file could not be read (`not a regular file (a FIFO)`, `permission denied`).
    private static func reason(_ error: any Error) -> String {
        FileSystemError.words(for: error)
    }
}

extension CachedFacts {
    /// What the cache keeps of a parsed file.
    init(_ file: ParsedFile) {
        self.init(
            suppressions: file.suppressions, fragments: file.fragments, globals: file.globals, aliases: file.aliases,
            capitalizedFunctions: file.capitalizedFunctions, body: file.body, problem: file.problem,
            isTest: file.isTest, target: file.target,
            nestingDepth: file.nestingDepth, isGenerated: file.isGenerated, isWalked: file.text != nil)
    }
}

extension ParsedFile {
    /// The file as its parse left it, from its cached facts and its bytes (the text and the line table).
    init(entry: SourceDiscovery.Entry, facts: CachedFacts, text: String, data: Data) {
        self.init(entry: entry)
        suppressions = facts.suppressions
        fragments = facts.fragments
        globals = facts.globals
        aliases = facts.aliases
        capitalizedFunctions = facts.capitalizedFunctions
        body = facts.body
        problem = facts.problem
        isTest = facts.isTest
        target = facts.target
        nestingDepth = facts.nestingDepth
        isGenerated = facts.isGenerated
        if facts.isWalked {
            self.text = text
            lineTable = data.withUnsafeBytes { LineTable($0.bindMemory(to: UInt8.self)) }
        }
    }
}
