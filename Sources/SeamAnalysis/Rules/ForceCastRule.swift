@_spi(RawSyntax) import SwiftSyntax

extension RuleID {
    /// An `as!` cast.
    public static let forceCast: RuleID = "force-cast"
}

/// `force-cast`: `as!` outside test files, previews (`#Preview`, a `PreviewProvider`) and debug-only code (`#if DEBUG`).
struct ForceCastRule: ObservationRule {
    static let description = RuleDescription(
        id: .forceCast, name: "ForceCast", defaultSeverity: .warning,
        summary: "An as! cast.",
        help: "Cast with as? and handle failure.",
        discussion: """
            Each `as!` outside test files, previews (`#Preview`, a `PreviewProvider`) and debug-only code (`#if DEBUG`, \
            which ships to no user), reported at `as`. `as?` and `as` are not reported.
            """,
        triggeringExamples: ["func number(_ any: Any) -> Int { any as! Int }\n"],
        nonTriggeringExamples: [
            "func number(_ any: Any) -> Int? { any as? Int }\n",
            "#if DEBUG\nfunc sampleNumber(_ any: Any) -> Int { any as! Int }\n#endif\n",
        ])

    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String) {
        ("'as!' crashes when the cast fails", "Use 'as?' and handle the failure, or make the type known statically")
    }
}

extension FileCollector {
    /// `force-cast`'s hook into the body walk, for each `asExpr` (after sequence folding) and
    /// `unresolvedAsExpr` (before) outside test files: an `as!` is observed at `as`.
    mutating func observeForceCast(_ node: RawNode) {
        let mark: RawTokenSyntax?
        let keyword: RawTokenSyntax
        if let cast = node.as(RawUnresolvedAsExprSyntax.self) {
            (mark, keyword) = (cast.questionOrExclamationMark, cast.asKeyword)
        } else if let cast = node.as(RawAsExprSyntax.self) {
            (mark, keyword) = (cast.questionOrExclamationMark, cast.asKeyword)
        } else {
            return
        }
        if mark?.tokenKind == .exclamationMark { observe(.forceCast, at: node.child(keyword).start, subject: "as!") }
    }
}
