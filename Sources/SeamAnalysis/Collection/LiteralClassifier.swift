import SwiftSyntax

/// Decides which literals are hard-coded values worth reporting. Works on the literal's text and on the
/// syntax of arithmetic, never on the source with patterns.
enum LiteralClassifier {
    private static let schemes = ["http://", "https://", "ws://", "wss://", "ftp://"]
    private static let topLevelDomains: Set<String> = [
        "com", "net", "org", "io", "dev", "app", "co", "ie", "uk", "de", "fr", "es", "it", "nl", "eu", "us",
        "ca", "au", "jp", "cloud", "api", "info", "biz", "me", "tv", "ai", "gov", "edu", "surf", "local",
    ]

    /// Whether `text` is a URL (`https://…`, a scheme prefix is enough when the literal is interpolated)
    /// or, for a complete literal, a bare host such as `api.example.com` (reverse-DNS identifiers such as
    /// `com.example.app` are not hosts).
    static func isURL(_ text: String, isComplete: Bool) -> Bool {
        let lowered = text.lowercased()
        if schemes.contains(where: { lowered.hasPrefix($0) && lowered.count > $0.count }) { return true }
        guard isComplete else { return false }
        return isHost(lowered)
    }

    private static func isHost(_ text: String) -> Bool {
        let host = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, let first = labels.first else { return false }
        guard topLevelDomains.contains(String(last)), !topLevelDomains.contains(String(first)) || first == "api"
        else { return false }
        for label in labels {
            guard !label.isEmpty, label.count <= 63 else { return false }
            for scalar in label.unicodeScalars {
                let isAllowed = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
                guard isAllowed else { return false }
            }
        }
        // `file.json`-style names have an extension that is not a TLD, so reaching here means a host.
        return true
    }

    /// Whether a plain literal is worth counting as a duplicate: at least three characters and one letter,
    /// and not only a format (`"%d"`, `"%.2f %@"`) or a separator.
    static func isMeaningful(_ text: String) -> Bool {
        var letters = 0
        var characters = 0
        var previousWasPercent = false
        for scalar in text.unicodeScalars {
            characters += 1
            if previousWasPercent {
                previousWasPercent = false
                continue  // a format specifier's conversion character
            }
            if scalar == "%" {
                previousWasPercent = true
                continue
            }
            if scalar.properties.isAlphabetic { letters += 1 }
        }
        return characters >= 3 && letters >= 2 && !text.hasPrefix("\\")
    }

    /// One `60 * 60` run inside a sequence expression.
    struct IntervalRun {
        var position: AbsolutePosition
        var text: String
    }

    private static let timeFactors: Set<String> = ["60", "3600", "86400", "1440", "60.0", "3600.0", "86400.0"]

    /// Runs of numeric literals joined by `*` that include a time factor (60, 3600, 86400, 1440):
    /// `30 * 60`, `24 * 60 * 60`. `2 * 3` and `width * 60` are not reported.
    static func timeIntervalRuns(in elements: ExprListSyntax) -> [IntervalRun] {
        var runs: [IntervalRun] = []
        var literals: [ExprSyntax] = []
        var expectsOperand = true
        func close() {
            if literals.count >= 2,
                literals.contains(where: { timeFactors.contains($0.trimmedDescription) }),
                let first = literals.first
            {
                let start = first.positionAfterSkippingLeadingTrivia
                let text = literals.map(\.trimmedDescription).joined(separator: " * ")
                runs.append(IntervalRun(position: start, text: text))
            }
            literals.removeAll(keepingCapacity: true)
            expectsOperand = true
        }
        for element in elements {
            if expectsOperand {
                if element.is(IntegerLiteralExprSyntax.self) || element.is(FloatLiteralExprSyntax.self) {
                    literals.append(element)
                    expectsOperand = false
                } else {
                    close()
                }
            } else if let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "*" {
                expectsOperand = true
            } else {
                close()
            }
        }
        close()
        return runs
    }
}
