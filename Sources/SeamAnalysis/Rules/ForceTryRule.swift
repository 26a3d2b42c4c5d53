@_spi(RawSyntax) import SwiftSyntax

extension RuleID {
    /// A `try!`.
    public static let forceTry: RuleID = "force-try"
}

/// `force-try`: `try!` outside test files, previews (`#Preview`, a `PreviewProvider`) and debug-only code (`#if DEBUG`).
struct ForceTryRule: ObservationRule {
    static let description = RuleDescription(
        id: .forceTry, name: "ForceTry", defaultSeverity: .warning,
        summary: "A try!.",
        help: "Propagate or handle the error.",
        discussion: """
            Each `try!` outside test files, previews (`#Preview`, a `PreviewProvider`) and debug-only code (`#if DEBUG`, \
            which ships to no user), reported at `try`. `try?` and `try` are not reported.
            """,
        triggeringExamples: [
            "import Foundation\nfunc decode(_ data: Data) -> Int { try! JSONDecoder().decode(Int.self, from: data) }\n"
        ],
        nonTriggeringExamples: [
            "import Foundation\nfunc decode(_ data: Data) -> Int? { try? JSONDecoder().decode(Int.self, from: data) }\n",
            """
            import SwiftUI
            struct SpotView_Previews: PreviewProvider {
                static var previews: some View { Text(try! String(contentsOfFile: "spot.json", encoding: .utf8)) }
            }
            """,
        ])

    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String) {
        ("'try!' crashes when the call throws", "Use 'try' and handle or propagate the error")
    }
}

extension FileCollector {
    /// `force-try`'s hook into the body walk, for each `tryExpr` outside test files: a `try!` is observed at
    /// `try`.
    mutating func observeForceTry(_ node: RawNode) {
        guard let tryExpression = node.as(RawTryExprSyntax.self),
            tryExpression.questionOrExclamationMark?.tokenKind == .exclamationMark
        else { return }
        observe(.forceTry, at: node.child(tryExpression.tryKeyword).start, subject: "try!")
    }
}
