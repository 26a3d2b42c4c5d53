extension Finding {
    /// The message on one line, for the line-based formats (`xcode`, `text`): a quoted expression that spans
    /// lines has its line breaks and indentation collapsed to single spaces, and a long one keeps its start and
    /// end around `…`; any other line break becomes a space. JSON and SARIF keep the message as it is.
    ///
    /// ```swift
    /// // subject "client\n    .fetch(id)!" → Force unwrap 'client .fetch(id)!' crashes when the value is nil
    /// ```
    public var oneLineMessage: String {
        var message = self.message
        if let subject, subject.contains(where: \.isNewline) || subject.count > Self.subjectLimit,
            message.contains(subject)
        {
            message = message.replacingOccurrences(of: subject, with: Self.shortened(Self.collapsed(subject)))
        }
        return message.contains(where: \.isNewline) ? Self.collapsed(message) : message
    }

    /// The longest quoted subject shown whole.
    static let subjectLimit = 80

    /// Every run of white space that holds a line break becomes one space.
    static func collapsed(_ text: String) -> String {
        var result = ""
        var pending = ""
        for character in text {
            if character.isWhitespace {
                pending.append(character)
                continue
            }
            if !pending.isEmpty {
                result += pending.contains(where: \.isNewline) ? " " : pending
                pending = ""
            }
            result.append(character)
        }
        return result + (pending.contains(where: \.isNewline) ? "" : pending)
    }

    /// `text`, or its first and last characters around `…` when it is longer than `subjectLimit`.
    static func shortened(_ text: String) -> String {
        guard text.count > subjectLimit else { return text }
        return String(text.prefix(subjectLimit - 21)) + "…" + String(text.suffix(20))
    }
}
