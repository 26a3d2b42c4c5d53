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
    private let anchored: Bool

    /// Creates a pattern; a leading `./` or `/` is ignored.
    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasPrefix("/") { text.removeFirst() }
        while text.hasSuffix("/") && text.count > 1 { text.removeLast() }
        anchored = text.contains("/")
        elements = Self.compile(Array(text.utf8))
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether `path` (relative, `/`-separated) matches. Unanchored patterns are matched against every
    /// suffix of whole components, so `Generated` matches `App/Generated` and `*.swift` matches `A/b.swift`.
    ///
    /// Runs in time proportional to the path's length times the pattern's: the pattern is simulated as
    /// an automaton over all its positions at once, never by backtracking (`*a*a*a*a*a*a*a*b` against a
    /// long name of `a`s backtracked exponentially).
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { Matcher(elements: elements, anchored: anchored).matches($0) }
    }

    // MARK: Matching

    /// One step of a compiled pattern.
    fileprivate enum Element: Hashable {
        /// This byte.
        case byte(UInt8)
        /// `?`: one byte other than `/`.
        case any
        /// `*`: any bytes other than `/`.
        case star
        /// `**` not followed by `/`: any bytes.
        case anything
        /// `**/`: any number of whole components, none included.
        case components
    }

    private let elements: [Element]

    private static func compile(_ bytes: [UInt8]) -> [Element] {
        var elements: [Element] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    if index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "/") {
                        elements.append(.components)
                        index += 3
                    } else {
                        elements.append(.anything)
                        index += 2
                    }
                } else {
                    elements.append(.star)
                    index += 1
                }
            } else {
                elements.append(byte == UInt8(ascii: "?") ? .any : .byte(byte))
                index += 1
            }
        }
        return elements
    }
}

/// Simulates a compiled pattern as a nondeterministic automaton: the states are the pattern's positions
/// (`elements.count` is the accepting one) and, for each `**/`, a second state "inside a component it
/// skips" (numbered `elements.count + 1 + position`).
private struct Matcher {
    let elements: [GlobPattern.Element]
    let anchored: Bool

    func matches(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = elements.count
        let stateCount = 2 * (end + 1)
        var current: [Int] = []
        var next: [Int] = []
        current.reserveCapacity(stateCount)
        next.reserveCapacity(stateCount)
        // `seen[state] == step` when `state` is already in the set being built for `step`.
        var seen = [Int](repeating: -1, count: stateCount)
        var step = 0

        func add(_ state: Int, to set: inout [Int]) {
            var state = state
            // Follow the empty moves: past `*`, `**` and `**/`, which may match nothing.
            while seen[state] != step {
                seen[state] = step
                set.append(state)
                guard state < end else { return }
                switch elements[state] {
                case .star, .anything, .components: state += 1
                case .byte, .any: return
                }
            }
        }

        add(0, to: &current)
        let slash = UInt8(ascii: "/")
        for byte in path {
            step += 1
            next.removeAll(keepingCapacity: true)
            for state in current {
                if state > end {
                    // Inside a component a `**/` skips: to its end, then back to the `**/`.
                    add(byte == slash ? state - end - 1 : state, to: &next)
                    continue
                }
                guard state < end else { continue }
                switch elements[state] {
                case .byte(let expected): if byte == expected { add(state + 1, to: &next) }
                case .any: if byte != slash { add(state + 1, to: &next) }
                case .star: if byte != slash { add(state, to: &next) }
                case .anything: add(state, to: &next)
                case .components: add(byte == slash ? state : end + 1 + state, to: &next)
                }
            }
            // An unanchored pattern may also start at the next component.
            if !anchored && byte == slash { add(0, to: &next) }
            swap(&current, &next)
            if current.isEmpty && anchored { return false }
        }
        return current.contains(end)
    }
}
