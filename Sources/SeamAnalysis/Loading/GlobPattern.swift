/// A shell-style glob matched against `/`-separated paths relative to the audited root.
///
/// `*` matches within one path component, `**` matches any number of components (`**/` also
/// matches none), `?` matches one character. A pattern without `/` matches a file or folder name at any
/// depth, as in `.gitignore`.
///
/// ```swift
/// GlobPattern("Sources/**/*.swift").matches("Sources/App/Main.swift") // true
/// GlobPattern("*Generated.swift").matches("App/Models/APIGenerated.swift") // true
/// ```
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let characters: [UInt8]
    private let anchored: Bool

    /// Creates a pattern; a leading `./` or `/` is ignored.
    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasPrefix("/") { text.removeFirst() }
        while text.hasSuffix("/") && text.count > 1 { text.removeLast() }
        anchored = text.contains("/")
        characters = Array(text.utf8)
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether `path` (relative, `/`-separated) matches. Unanchored patterns are matched against every
    /// suffix of whole components, so `Generated` matches `App/Generated` and `*.swift` matches `A/b.swift`.
    public func matches(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        if anchored { return Self.match(characters[...], bytes[...]) }
        var start = 0
        while true {
            if Self.match(characters[...], bytes[start...]) { return true }
            guard let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) else { return false }
            start = slash + 1
        }
    }

    private static let star = UInt8(ascii: "*")
    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        while p < pattern.endIndex {
            let c = pattern[p]
            if c == star {
                let isDouble = p + 1 < pattern.endIndex && pattern[p + 1] == star
                if isDouble {
                    var rest = p + 2
                    // `**/` may match zero components.
                    if rest < pattern.endIndex && pattern[rest] == slash {
                        rest += 1
                        if match(pattern[rest...], text[t...]) { return true }
                    }
                    var index = t
                    while index <= text.endIndex {
                        if match(pattern[rest...], text[index...]) { return true }
                        index += 1
                    }
                    return false
                }
                var index = t
                while true {
                    if match(pattern[(p + 1)...], text[index...]) { return true }
                    if index == text.endIndex || text[index] == slash { return false }
                    index += 1
                }
            }
            guard t < text.endIndex else { return false }
            if c == question {
                if text[t] == slash { return false }
            } else if c != text[t] {
                return false
            }
            p += 1
            t += 1
        }
        return t == text.endIndex
    }
}
