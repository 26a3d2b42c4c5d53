import Foundation
import SwiftParser
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
    var body = BodyFacts()
    var problem: FileProblem?

    var isTest = false

    var context: FileContext? {
        lineTable.map { FileContext(path: entry.relativePath, lineTable: $0, isTest: isTest) }
    }

    static func parse(_ entry: SourceDiscovery.Entry, retainingSyntax: Bool) -> ParsedFile {
        var result = ParsedFile(entry: entry)
        let path = entry.relativePath
        let data: Data
        do {
            data = try Data(contentsOf: entry.url)
        } catch {
            result.problem = FileProblem(
                kind: .unreadable, location: SourceLocation(file: path, line: 1, column: 1),
                message: "\(path) could not be read (\(Self.reason(error))); it was skipped")
            return result
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            result.problem = FileProblem(
                kind: .invalidUTF8, location: Self.firstInvalidByte(in: data, path: path),
                message: "\(path) is not valid UTF-8; it was skipped")
            return result
        }
        let tree = Parser.parse(source: text)
        let lineTable = data.withUnsafeBytes { LineTable($0.bindMemory(to: UInt8.self)) }
        result.isTest = path.isTestFilePath
        let context = FileContext(path: path, lineTable: lineTable, isTest: result.isTest)
        result.text = text
        result.tree = retainingSyntax ? tree : nil
        result.lineTable = lineTable
        result.suppressions = data.withUnsafeBytes { raw in
            Suppressions(bytes: raw.bindMemory(to: UInt8.self), tree: tree, lineTable: lineTable)
        }
        let collector = data.withUnsafeBytes { raw in
            FileCollector.collect(tree, source: raw.bindMemory(to: UInt8.self), context: context)
        }
        result.fragments = collector.fragments
        result.globals = collector.globals
        result.aliases = collector.aliases
        result.body = collector.facts
        if tree.hasError {
            let location = context.location(at: Self.firstError(in: Syntax(tree)).position.utf8Offset)
            result.problem = FileProblem(
                kind: .syntaxError, location: location,
                message: "\(path) could not be parsed completely; findings in this file may be incomplete")
        }
        return result
    }

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

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(posix.rawValue))
        }
        return nsError.localizedDescription
    }
}
