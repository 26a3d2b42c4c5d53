/// Why `seam mocks` generated nothing, or could not write what it generated.
///
/// Each message names the culprit (a pattern, a folder, a file) so it can be fixed.
public struct MockGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case unreadableRoot(path: String, reason: String)
        case invalidMockNameTemplate(String)
        case emptyPattern
        case unmatchedPatterns([String])
        case nothingToMock(root: String)
        case outputOutsideRoot(directory: String, root: String)
        case writeFailed(file: String, reason: String)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    static func unreadableRoot(path: String, reason: String) -> MockGenerationError {
        MockGenerationError(.unreadableRoot(path: path, reason: reason))
    }

    static func invalidMockNameTemplate(_ template: String) -> MockGenerationError {
        MockGenerationError(.invalidMockNameTemplate(template))
    }

    static let emptyPattern = MockGenerationError(.emptyPattern)

    static func unmatchedPatterns(_ patterns: [String]) -> MockGenerationError {
        MockGenerationError(.unmatchedPatterns(patterns))
    }

    static func nothingToMock(root: String) -> MockGenerationError {
        MockGenerationError(.nothingToMock(root: root))
    }

    static func outputOutsideRoot(directory: String, root: String) -> MockGenerationError {
        MockGenerationError(.outputOutsideRoot(directory: directory, root: root))
    }

    static func writeFailed(file: String, reason: String) -> MockGenerationError {
        MockGenerationError(.writeFailed(file: file, reason: reason))
    }

    /// A one-line explanation naming the culprit.
    public var description: String {
        switch code {
        case .unreadableRoot(let path, let reason):
            "could not read \(path): \(reason)"
        case .invalidMockNameTemplate(let template):
            "the mock name template `\(template)` must contain {name} and make a Swift identifier"
        case .emptyPattern:
            "a protocol pattern is empty"
        case .unmatchedPatterns(let patterns):
            "no protocol matches " + patterns.map { "`\($0)`" }.joined(separator: ", ")
        case .nothingToMock(let root):
            "no protocol under \(root) is marked `// seam:mock`, and no name pattern was given"
        case .outputOutsideRoot(let directory, let root):
            "the output directory \(directory) is outside \(root); mocks are written inside the folder they are generated for"
        case .writeFailed(let file, let reason):
            "could not write \(file): \(reason)"
        }
    }
}
