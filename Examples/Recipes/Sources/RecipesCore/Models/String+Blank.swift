import Foundation

extension String {
    /// The string trimmed of whitespace and newlines.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The trimmed string, or `nil` when nothing is left: TheMealDB sends `""`, `" "` and `null`
    /// for the same "no value".
    var nonBlank: String? {
        let trimmed = trimmed
        return trimmed.isEmpty ? nil : trimmed
    }
}
