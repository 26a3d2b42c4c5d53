@_spi(RawSyntax) import SwiftSyntax

extension RuleID {
    /// A force unwrap (`value!`).
    public static let forceUnwrap: RuleID = "force-unwrap"
}

/// `force-unwrap`: `value!` outside test files, previews (`#Preview`, a `PreviewProvider`) and debug-only code (`#if DEBUG`).
struct ForceUnwrapRule: ObservationRule {
    static let description = RuleDescription(
        id: .forceUnwrap, name: "ForceUnwrap", defaultSeverity: .warning,
        summary: "A force unwrap (value!).",
        help: "Unwrap with guard let or if let and handle nil.",
        discussion: """
            Each `x!` outside test files, previews (`#Preview`, a `PreviewProvider`) and debug-only code (`#if DEBUG`, \
            which ships to no user), reported at the `!`. Implicitly unwrapped declarations such as \
            `var label: UILabel!` are not force unwraps.
            """,
        triggeringExamples: ["func count(_ data: [Int]?) -> Int { data!.count }\n"],
        nonTriggeringExamples: [
            "func count(_ data: [Int]?) -> Int { data?.count ?? 0 }\n",
            "import UIKit\nfinal class Cell { var label: UILabel! }\n",
            "import Foundation\n#if DEBUG\nenum PreviewData { static let url = Bundle.main.url(forResource: \"spots\", withExtension: \"json\")! }\n#endif\n",
        ])

    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String) {
        (
            "Force unwrap '\(observation.subject)' crashes when the value is nil",
            "Unwrap with 'guard let' or 'if let', or provide a default with '??'"
        )
    }
}

extension FileCollector {
    /// `force-unwrap`'s hook into the body walk, for each `forceUnwrapExpr` outside test files: observed at the
    /// `!`, about the whole expression.
    mutating func observeForceUnwrap(_ node: RawNode) {
        guard let unwrap = node.as(RawForceUnwrapExprSyntax.self) else { return }
        observe(.forceUnwrap, at: node.child(unwrap.exclamationMark).start, subject: node.trimmedText(in: source))
    }
}
