import SwiftParser
import SwiftSyntax

/// What an `#if` condition says about the builds that compile its code.
enum CompilationCondition {
    /// Whether `condition` holds only in debug, preview, test, snapshot or mock builds: a flag naming one (see
    /// ``isDebugFlag(_:)``: `DEBUG`, `PREVIEWS`, `UI_TESTING`, `SNAPSHOT_TESTS`, `QA`), a
    /// conjunction with such a flag (`DEBUG && os(iOS)`), or a disjunction of them only (`DEBUG || PREVIEWS`).
    /// A negation holds in release builds (`!DEBUG`, `RELEASE && !DEBUG`), and a word inside a longer word names
    /// another build (`TESTFLIGHT`, `DEBUGGABLE`), as does `TEST_FLIGHT`. A condition that does not parse is not
    /// debug-only.
    static func isDebugOnly(_ condition: String) -> Bool {
        // Most conditions name no debug word at all (`os(iOS)`, `canImport(UIKit)`), and many are one flag
        // (`DEBUG`): both are decided without a parse.
        let upper = condition.uppercased()
        guard debugWords.contains(where: upper.contains) else { return false }
        if condition.utf8.allSatisfy({ byte in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }) {
            return isDebugFlag(condition)
        }
        var parser = Parser(condition)
        let expression = ExprSyntax.parse(from: &parser)
        guard !expression.hasError, expression.trimmedDescription == condition[...].trimmingWhitespace else {
            return false
        }
        return isDebugOnly(expression)
    }

    /// Words one of which a debug-only condition holds somewhere: without any, a condition is decided unparsed.
    private static let debugWords: [String] = ["DEBUG", "PREVIEW", "TEST", "SNAPSHOT", "MOCK", "QA"]

    /// Whether a flag names a debug build: one of its `_`-separated words is `DEBUG`, `PREVIEW(S)`, `SNAPSHOT(S)`,
    /// `MOCK(S)` or `QA` (a build for the team's testers: Waktaverse Music's `#if DEBUG || QA` log viewer), or it is a test build (`TEST`, `TESTING`, `UI_TESTING`, `UNIT_TESTS`). A test word elsewhere names
    /// another build (`TEST_FLIGHT`, `AB_TESTING`).
    private static func isDebugFlag(_ flag: String) -> Bool {
        let words = flag.uppercased().split(separator: "_").map(String.init)
        if words.contains(where: debugBuildWords.contains) { return true }
        guard let last = words.last, testWords.contains(last) else { return false }
        return words.count == 1 || (words.count == 2 && ["UI", "UNIT"].contains(words[0]))
    }

    private static let debugBuildWords: Set<String> = [
        "DEBUG", "PREVIEW", "PREVIEWS", "SNAPSHOT", "SNAPSHOTS", "MOCK", "MOCKS", "QA",
    ]
    private static let testWords: Set<String> = ["TEST", "TESTS", "TESTING", "UITEST", "UITESTS", "UITESTING"]

    private static func isDebugOnly(_ expression: ExprSyntax) -> Bool {
        if let flag = expression.as(DeclReferenceExprSyntax.self) { return isDebugFlag(flag.baseName.text) }
        if let parenthesized = expression.as(TupleExprSyntax.self), parenthesized.elements.count == 1,
            let only = parenthesized.elements.first, only.label == nil
        {
            return isDebugOnly(only.expression)
        }
        // The parser leaves `a && b || c` unfolded: `||` binds looser than `&&`, so it is a disjunction of
        // conjunctions, debug-only when each conjunction has a debug-only operand.
        if let sequence = expression.as(SequenceExprSyntax.self) {
            var conjunctions: [[ExprSyntax]] = [[]]
            for (index, element) in sequence.elements.enumerated() {
                guard index.isMultiple(of: 2) else {
                    switch element.as(BinaryOperatorExprSyntax.self)?.operator.text {
                    case "&&": continue
                    case "||": conjunctions.append([])
                    default: return false
                    }
                    continue
                }
                conjunctions[conjunctions.count - 1].append(element)
            }
            return conjunctions.allSatisfy { $0.contains(where: isDebugOnly) }
        }
        // A negation (`!DEBUG`), a platform or feature test (`os(iOS)`, `canImport(UIKit)`), a literal.
        return false
    }
}
