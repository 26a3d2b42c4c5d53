#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A single pass over a file's bytes that bounds how deeply its syntax nests, run before SwiftParser sees
/// the file: what is too deep is reported instead of parsed.
///
/// SwiftParser and the walks over its tree recurse once per level of nesting, so a file nested thousands of
/// levels deep (`[[[…]]]`, `try try …`, `a!!!…`, `B().a(1).a(1)…`) overflows the stack and kills the whole
/// run. SwiftParser's own `maximumNestingLevel` only counts brackets and not its lookahead, which also
/// explores nested collection types such as `[[[Int]]]` twice per level, in time exponential in their
/// nesting. The scan tokenises just enough of Swift (comments, string literals with interpolations, raw
/// strings, identifiers, numbers, brackets and operators) to measure, in linear time:
///
/// - ``depth``: open brackets plus, within each, the links of the expression being written (member
///   accesses, calls, subscripts, postfix `!` and `?`, `try`/`await`/`else`-like prefix keywords, ternary
///   `?`, `->`) and open `#if` blocks. A measure of the tree's depth: the parsed tree is at most a few
///   times deeper.
/// - ``conditionalDepth``: `#if` blocks open at once (SwiftParser's time is quadratic in it).
/// - ``collectionTypeRun``: square brackets opened in a row where a type could be (`[[[Int]]]`,
///   `[(Int, [(Int, …`): SwiftParser's lookahead is exponential in it.
/// - ``interpolationDepth``: string interpolations open at once (`"\("\(…)")"`): SwiftParser's memory is
///   quadratic in it, for each statement (2.7 GB for a 1 MiB file of statements nested 250 deep).
///
/// Where it cannot tell what SwiftParser's lexer will make of some text (a `/` that may open a regex
/// literal), it reads the text as code in which quotes, comment markers and backticks start nothing: it
/// may then count brackets that are in a literal, never miss one that is not. A bracket in a regex
/// literal counts as a bracket.
struct NestingScan {
    /// The limits, with the measure that exceeds them.
    enum Limit: Sendable, Equatable {
        case depth, conditionalDepth, collectionTypeRun, interpolationDepth

        /// The most a file may reach (inclusive).
        var maximum: Int {
            switch self {
            case .depth: 256
            case .conditionalDepth: 32
            case .collectionTypeRun: 6
            case .interpolationDepth: 16
            }
        }
    }

    /// The first limit the file exceeds and the offset where it does; `nil` when the file is within them.
    private(set) var excess: (limit: Limit, offset: Int)?
    /// The deepest nesting reached (up to the excess, if any).
    private(set) var depth = 0
    /// The most `#if` blocks open at once (up to the excess, if any).
    private(set) var conditionalDepth = 0
    /// The longest run of square brackets opened where a type could be (up to the excess, if any).
    private(set) var collectionTypeRun = 0
    /// The most string interpolations open at once (up to the excess, if any).
    private(set) var interpolationDepth = 0

    /// Scans `bytes`, stopping at the first limit exceeded.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = Scanner(bytes)
        scanner.scan()
        excess = scanner.excess
        depth = scanner.maxDepth
        conditionalDepth = scanner.maxConditional
        collectionTypeRun = scanner.maxRun
        interpolationDepth = scanner.maxInterpolation
    }
}

// MARK: - The scanner

/// The state of one scan. Brackets push frames; each frame remembers the run of links outside it.
private struct Scanner {
    private struct Frame {
        /// The closing byte: `)`, `]`, `}`, or `>` for a generic argument list.
        var closer: UInt8
        var outerBase: Int
        var outerRun: Int
        /// For a square bracket counted in the collection-type run: the epoch it was opened in, else -1.
        var epoch: Int
        /// For the `(` of a string interpolation: the string to resume when it closes.
        var string: StringKind?
    }

    private struct StringKind {
        /// `"`, or `'` (not Swift, but SwiftParser's lexer reads `'…'` as a string to recover).
        var quote: UInt8
        var hashes: Int
        var multiline: Bool
    }

    /// What the previous token was, for telling postfix from prefix and statements apart.
    private enum Previous {
        /// Start of file, an opening bracket, an operator or a separator: an operand may follow.
        case other
        /// An identifier, a literal, a closing bracket or a postfix operator: it can be continued.
        case operand
        /// The keyword `else` (`else if` continues the `if` it belongs to).
        case elseKeyword
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var excess: (limit: NestingScan.Limit, offset: Int)?
    var maxDepth = 0
    var maxConditional = 0
    var maxRun = 0
    var maxInterpolation = 0

    private var frames: [Frame] = []
    /// The frames that are string interpolations.
    private var interpolation = 0
    /// The depth outside the innermost frame, including the frame itself.
    private var base = 0
    /// Links of the expression being written in the innermost frame.
    private var run = 0
    private var conditional = 0
    private var previous = Previous.other
    /// Whether whitespace or a comment separates the current token from the previous one.
    private var spaced = true
    /// Whether the previous token was an identifier (a generic argument list may follow).
    private var afterIdentifier = false
    /// Square brackets opened where a type could be since the last token that cannot be in a type.
    private var typeRun = 0
    /// Incremented whenever `typeRun` restarts, so that brackets opened before are not counted down.
    private var epoch = 0
    /// While a `#if` line is read: the frame count it started at and the state to restore after it.
    private var directive: (frames: Int, run: Int, previous: Previous)?
    /// Up to this offset, the text may be a regex literal: `"`, `#`, `/` and backticks start nothing.
    private var plainEnd = 0

    /// The class of every byte value (``ByteClass`` bits) and the keyword table, read once per scan: a
    /// global's lazy initialisation check costs more than the lookup itself.
    private let classes = byteClasses
    private let keywords = keywordTable
    /// Set when a limit is exceeded: the scan stops.
    private var stopped = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var current: Int { base + run + conditional }

    mutating func scan() {
        let count = bytes.count
        while index < count, !stopped {
            let byte = bytes[index]
            if index < plainEnd, Self.isLiteralStart(byte) || byte == UInt8(ascii: "\\") {
                // An escape (`\(` in a regex) is skipped whole: SwiftParser's own bracket limit covers the
                // case where its lexer reads it as code.
                index += byte == UInt8(ascii: "\\") ? 2 : 1
                token(.other)
                continue
            }
            // The most frequent first: identifiers and keywords, then spaces and line breaks.
            let byteClass = classes[Int(byte)]
            if byteClass & ByteClass.identifierStart != 0 {
                readIdentifier()
                continue
            }
            if byteClass & ByteClass.space != 0 {
                spaced = true
                index += 1
                if directive != nil {
                    // On a `#if` line, its end matters: one byte at a time.
                    if byte == 0x0A { endDirectiveLine() }
                } else {
                    while index < count, classes[Int(bytes[index])] & ByteClass.space != 0 { index += 1 }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "/"):
                if next(1) == UInt8(ascii: "/") {
                    skipLineComment()
                } else if next(1) == UInt8(ascii: "*") {
                    skipBlockComment()
                } else if previous != .operand {
                    markPossibleRegex()
                    index += 1
                    token(.other)
                } else {
                    readOperator()
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                readString(hashes: 0)
            case UInt8(ascii: "#"):
                readPound()
            case UInt8(ascii: "("):
                open(UInt8(ascii: ")"))
            case UInt8(ascii: "["):
                open(UInt8(ascii: "]"))
            case UInt8(ascii: "{"):
                open(UInt8(ascii: "}"))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                index += 1
                close(byte)
            case UInt8(ascii: "."):
                readPeriod()
            case UInt8(ascii: ","):
                index += 1
                run = 0
                if frames.last.map({ $0.closer == UInt8(ascii: "]") || $0.closer == UInt8(ascii: "}") }) ?? true {
                    breakTypeRun()
                }
                token(.other)
            case UInt8(ascii: ";"):
                index += 1
                run = 0
                closeGenericLists()
                breakTypeRun()
                token(.other)
            case UInt8(ascii: ":"):
                index += 1
                run = 0
                closeGenericLists()
                if frames.last?.closer != UInt8(ascii: "]") { breakTypeRun() }
                token(.other)
            case UInt8(ascii: "@"):
                index += 1
                token(.other)
            case UInt8(ascii: "`"):
                readBacktickIdentifier()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                readNumber()
            default:
                readOperator()
            }
        }
    }

    // MARK: Depth bookkeeping

    private func next(_ distance: Int) -> UInt8? {
        index + distance < bytes.count ? bytes[index + distance] : nil
    }

    private mutating func token(_ kind: Previous, identifier: Bool = false) {
        previous = kind
        spaced = false
        afterIdentifier = identifier
    }

    /// One more link in the expression being written.
    private mutating func link(at offset: Int) {
        run += 1
        check(at: offset)
    }

    private mutating func stop(_ limit: NestingScan.Limit, at offset: Int) {
        if excess == nil { excess = (limit, offset) }
        stopped = true
    }

    private mutating func check(at offset: Int) {
        let depth = current
        if depth > maxDepth {
            maxDepth = depth
            if depth > NestingScan.Limit.depth.maximum { stop(.depth, at: offset) }
        }
    }

    /// A token that cannot be part of a type: square brackets opened before it are not explored with
    /// what follows.
    private mutating func breakTypeRun() {
        guard typeRun > 0 else { return }
        typeRun = 0
        epoch += 1
    }

    /// A new statement on the same bracket level: the links before it end.
    private mutating func endStatement() {
        run = 0
        closeGenericLists()
        breakTypeRun()
    }

    private mutating func open(_ closer: UInt8, string: StringKind? = nil) {
        let offset = index
        index += 1
        let attached = !spaced && previous == .operand
        if attached && closer != UInt8(ascii: "}") {
            // A call or a subscript: one more link, and not a type.
            link(at: offset)
            breakTypeRun()
        }
        if closer == UInt8(ascii: "}") {
            closeGenericLists()
            breakTypeRun()
        }
        var frame = Frame(closer: closer, outerBase: base, outerRun: run, epoch: -1, string: string)
        if closer == UInt8(ascii: "]") && !attached {
            typeRun += 1
            frame.epoch = epoch
            if typeRun > maxRun {
                maxRun = typeRun
                if typeRun > NestingScan.Limit.collectionTypeRun.maximum { stop(.collectionTypeRun, at: offset) }
            }
        }
        frames.append(frame)
        if string != nil {
            interpolation += 1
            if interpolation > maxInterpolation {
                maxInterpolation = interpolation
                if interpolation > NestingScan.Limit.interpolationDepth.maximum {
                    stop(.interpolationDepth, at: offset)
                }
            }
        }
        base += run + 1
        run = 0
        check(at: offset)
        token(.other)
    }

    /// Closes the innermost frame closed by `closer`, and any left open inside it (a bracket in a regex
    /// literal, a comparison taken for a generic argument list). A closer that closes nothing is ignored.
    private mutating func close(_ closer: UInt8) {
        guard let position = frames.lastIndex(where: { $0.closer == closer }) else {
            token(.operand)
            return
        }
        let frame = frames[position]
        for inner in frames[position...] {
            if inner.epoch == epoch && inner.epoch >= 0 { typeRun -= 1 }
            if inner.string != nil { interpolation -= 1 }
        }
        frames.removeSubrange(position...)
        base = frame.outerBase
        run = frame.outerRun
        token(.operand)
        if let string = frame.string { readStringBody(string) }
    }

    /// Generic argument lists hold types only: a token that cannot be in one shows that the `<` was a
    /// comparison.
    private mutating func closeGenericLists() {
        while let last = frames.last, last.closer == UInt8(ascii: ">") {
            frames.removeLast()
            base = last.outerBase
            run = last.outerRun
        }
    }

    // MARK: Tokens

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        classes[Int(byte)] & ByteClass.identifierStart != 0
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        classes[Int(byte)] & ByteClass.identifier != 0
    }

    /// Reads an identifier and returns its bytes packed little-endian when it may be a keyword (eight bytes
    /// at most, starting with a lowercase letter or `_`), else 0.
    private mutating func scanIdentifier() -> UInt64 {
        let start = index
        while index < bytes.count, classes[Int(bytes[index])] & ByteClass.identifier != 0 { index += 1 }
        guard index > start else { return 0 }
        let first = bytes[start]
        guard index - start <= 8, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_")
        else { return 0 }
        var packed: UInt64 = 0
        for position in start..<index { packed |= UInt64(bytes[position]) << (8 * UInt64(position - start)) }
        return packed
    }

    private mutating func readIdentifier() {
        let offset = index
        let word = scanIdentifier()
        switch Keyword(word, table: keywords) {
        case .prefix:
            // `try`, `await`, `some`…: the operand that follows nests in it.
            if previous == .operand && spaced { endStatement() }
            link(at: offset)
            token(.other)
        case .elseKeyword:
            link(at: offset)
            token(.elseKeyword)
        case .ifKeyword where previous == .elseKeyword:
            token(.other)
        case .statement, .ifKeyword:
            endStatement()
            token(.other)
        case .none:
            if previous == .operand && spaced { endStatement() }
            token(.operand, identifier: true)
        }
    }

    /// `` `name` `` (or a raw identifier, `` `with spaces` ``) up to a backtick on the same line; without
    /// one, the backtick alone, as SwiftParser's lexer reads it.
    private mutating func readBacktickIdentifier() {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "`") else {
            index += 1
            token(.other)
            return
        }
        index = end + 1
        if previous == .operand && spaced { endStatement() }
        token(.operand, identifier: true)
    }

    private mutating func readNumber() {
        if previous == .operand && spaced { endStatement() }
        while index < bytes.count {
            let byte = bytes[index]
            if isIdentifierByte(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let after = next(1), after >= UInt8(ascii: "0"),
                after <= UInt8(ascii: "9")
            {
                index += 1
            } else {
                break
            }
        }
        token(.operand)
    }

    /// `.member` (a link when it continues an operand), `.5` or the start of an operator (`...`, `..<`).
    private mutating func readPeriod() {
        guard let after = next(1), after != UInt8(ascii: ".") else {
            readOperator()
            return
        }
        let offset = index
        index += 1
        if previous == .operand { link(at: offset) }
        if isIdentifierStart(after) {
            _ = scanIdentifier()
            token(.operand, identifier: true)
        } else if after == UInt8(ascii: "`") {
            readBacktickIdentifier()
        } else if after >= UInt8(ascii: "0") && after <= UInt8(ascii: "9") {
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            token(.operand)
        } else {
            token(.other)
        }
    }

    /// An operator, one byte at a time where it matters: postfix `!` and `?`, `->`, `<` and `>` of
    /// generic argument lists.
    private mutating func readOperator() {
        let offset = index
        let byte = bytes[index]
        if (byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")) && !spaced && previous == .operand {
            index += 1
            link(at: offset)
            token(.operand)
            return
        }
        if byte == UInt8(ascii: "-"), next(1) == UInt8(ascii: ">") {
            index += 2
            link(at: offset)
            token(.other)
            return
        }
        if byte == UInt8(ascii: "<"), !spaced, afterIdentifier {
            index += 1
            frames.append(Frame(closer: UInt8(ascii: ">"), outerBase: base, outerRun: run, epoch: -1, string: nil))
            base += run + 1
            run = 0
            check(at: offset)
            token(.other)
            return
        }
        if byte == UInt8(ascii: ">"), frames.last?.closer == UInt8(ascii: ">") {
            index += 1
            close(byte)
            return
        }
        if byte == UInt8(ascii: "?"), next(1).map(Self.isSpace) ?? true {
            // A ternary: the middle operand nests.
            index += 1
            link(at: offset)
            breakTypeRun()
            token(.other)
            return
        }
        var length = 0
        let dots = byte == UInt8(ascii: ".")
        while index < bytes.count,
            classes[Int(bytes[index])] & ByteClass.operator != 0 || (dots && bytes[index] == UInt8(ascii: "."))
        {
            // `a</b` is not a thing, but `a+/* comment */b` is: a comment ends the operator.
            if bytes[index] == UInt8(ascii: "/"), let after = next(1),
                after == UInt8(ascii: "/") || after == UInt8(ascii: "*")
            {
                break
            }
            index += 1
            length += 1
        }
        if length == 0 {
            index += 1  // a stray byte (`\`, a control character)
        }
        let isComposition = length == 1 && byte == UInt8(ascii: "&")
        if previous == .operand && !isComposition {
            // A binary operator: the operands of a sequence are siblings, not nested.
            run = 0
            closeGenericLists()
            breakTypeRun()
        } else if previous != .operand {
            // A prefix operator applies to the operand that follows.
            link(at: offset)
        }
        token(.other)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "\\"):
            true
        default:
            false
        }
    }

    static func isIdentifierStartByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    // MARK: Comments

    private mutating func skipLineComment() {
        // `memchr` finds the line break many bytes at a time: comments are a good part of real files.
        let rest = bytes.count - index
        if let base = bytes.baseAddress, let found = memchr(base + index, 0x0A, rest) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } else {
            index = bytes.count
        }
        spaced = true
    }

    private mutating func skipBlockComment() {
        var nesting = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), next(1) == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), next(1) == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
                if nesting == 0 { break }
            } else {
                index += 1
            }
        }
        spaced = true
    }

    // MARK: `#`: raw strings, directives, macros

    private mutating func readPound() {
        var hashes = 0
        while next(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if next(hashes) == UInt8(ascii: "\"") || next(hashes) == UInt8(ascii: "'") {
            index += hashes
            readString(hashes: hashes)
            return
        }
        if next(hashes) == UInt8(ascii: "/") {
            skipExtendedRegex(hashes: hashes)
            return
        }
        let offset = index
        index += 1
        let word = scanIdentifier()
        switch word {
        case Self.poundIf:
            conditional += 1
            if conditional > maxConditional {
                maxConditional = conditional
                if conditional > NestingScan.Limit.conditionalDepth.maximum { stop(.conditionalDepth, at: offset) }
            }
            check(at: offset)
            startDirectiveLine()
        case Self.poundElseIf, Self.poundElse:
            startDirectiveLine()
        case Self.poundEndIf:
            conditional = max(0, conditional - 1)
            startDirectiveLine()
        default:
            // `#selector`, `#available`, a freestanding macro: an operand.
            if previous == .operand && spaced { endStatement() }
            token(.operand, identifier: true)
        }
    }

    /// A `#if` line is not part of the expression around it (`a` `#if X` `.b` `#endif` is one chain): its
    /// condition is scanned, then the state before it is restored.
    private mutating func startDirectiveLine() {
        if directive == nil { directive = (frames.count, run, previous) }
        spaced = true
    }

    private mutating func endDirectiveLine() {
        guard let saved = directive, frames.count <= saved.frames else { return }
        closeGenericLists()
        if frames.count == saved.frames {
            run = saved.run
            previous = saved.previous
        }
        directive = nil
    }

    /// `#/…/#`: read as code in which literals start nothing, up to a `/` followed by as many `#`.
    private mutating func skipExtendedRegex(hashes: Int) {
        var end = index + hashes + 1
        while end < bytes.count {
            if bytes[end] == UInt8(ascii: "/"), hashesFollow(hashes, from: end + 1) { break }
            end += 1
        }
        plainEnd = max(plainEnd, min(end + 1 + hashes, bytes.count))
        if previous == .operand && spaced { endStatement() }
        index += hashes + 1
        token(.other)
    }

    /// A `/` where an operand is expected may open a regex literal (`/[a-z]+/`), up to the next `/` on
    /// the line: SwiftParser's lexer decides with heuristics this scan does not repeat, so up to there
    /// the text is read as code in which literals start nothing.
    private mutating func markPossibleRegex() {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != 0x0A, bytes[end] != 0x0D {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        plainEnd = max(plainEnd, min(end + 1, bytes.count))
    }

    /// The bytes that start a literal or a comment: `"`, `'`, `#`, `/`, a backtick.
    static func isLiteralStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: "`")
    }

    // MARK: Strings

    /// A string literal opening at `index` (after its `#`s).
    private mutating func readString(hashes: Int) {
        if previous == .operand && spaced { endStatement() }
        breakTypeRun()
        let quote = bytes[index]
        let multiline = quote == UInt8(ascii: "\"") && next(1) == quote && next(2) == quote && endsLine(from: index + 3)
        index += multiline ? 3 : 1
        readStringBody(StringKind(quote: quote, hashes: hashes, multiline: multiline))
    }

    /// Whether only spaces and tabs are left on the line from `position`. A `"""` followed by more text is
    /// no valid multi-line string: read as `""` and a string ending with the line, so that a misjudged
    /// quote hides one line at most.
    private func endsLine(from position: Int) -> Bool {
        var position = position
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position == bytes.count || bytes[position] == 0x0A || bytes[position] == 0x0D
    }

    /// Reads up to the end of the string, or into an interpolation (a frame that resumes the string when
    /// its `)` closes).
    private mutating func readStringBody(_ kind: StringKind) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(kind.hashes, from: index + 1) {
                let escaped = index + 1 + kind.hashes
                if escaped < bytes.count, bytes[escaped] == UInt8(ascii: "(") {
                    index = escaped
                    spaced = true
                    open(UInt8(ascii: ")"), string: kind)
                    return
                }
                index = escaped + 1
            } else if byte == kind.quote {
                let quotes = kind.multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ next($0) == kind.quote }), hashesFollow(kind.hashes, from: index + quotes)
                {
                    index += quotes + kind.hashes
                    token(.operand)
                    return
                }
                index += 1
            } else if byte == 0x0A, !kind.multiline {
                // An unterminated string: it ends with its line.
                break
            } else {
                index += 1
            }
        }
        token(.operand)
    }

    private func hashesFollow(_ count: Int, from position: Int) -> Bool {
        guard count > 0 else { return true }
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    // MARK: Keywords

    private static let poundIf = pack("if")
    private static let poundElseIf = pack("elseif")
    private static let poundElse = pack("else")
    private static let poundEndIf = pack("endif")

    static func pack(_ word: StaticString) -> UInt64 {
        var packed: UInt64 = 0
        word.withUTF8Buffer { buffer in
            for (offset, byte) in buffer.prefix(8).enumerated() { packed |= UInt64(byte) << (8 * UInt64(offset)) }
        }
        return packed
    }

    fileprivate enum Keyword: UInt8 {
        case none
        /// Nests the operand that follows (`try`, `await`, `some`, `any`…).
        case prefix
        case elseKeyword
        case ifKeyword
        /// Starts a statement or a declaration, or separates operands (`as`, `is`, `in`).
        case statement

        init(_ word: UInt64, table: UnsafePointer<KeywordEntry>) {
            guard word != 0 else {
                self = .none
                return
            }
            var slot = Self.slot(word)
            while true {
                let entry = table[slot]
                if entry.word == word {
                    self = Keyword(rawValue: entry.keyword) ?? .none
                    return
                }
                if entry.word == 0 {
                    self = .none
                    return
                }
                slot = (slot + 1) & (keywordTableSize - 1)
            }
        }

        static func slot(_ word: UInt64) -> Int {
            Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 57)
        }
    }
}

// MARK: - Tables

/// Bits of ``byteClasses``.
private enum ByteClass {
    static let identifierStart: UInt8 = 1
    static let identifier: UInt8 = 2
    static let space: UInt8 = 4
    static let `operator`: UInt8 = 8
}

/// The ``ByteClass`` bits of every byte value. Written once when first read, read-only after.
nonisolated(unsafe) private let byteClasses: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for value in 0..<256 {
        let byte = UInt8(value)
        var bits: UInt8 = 0
        if Scanner.isIdentifierStartByte(byte) { bits |= ByteClass.identifierStart | ByteClass.identifier }
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { bits |= ByteClass.identifier }
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0B || byte == 0x0C || byte == 0x0D {
            bits |= ByteClass.space
        }
        if Scanner.isOperatorByte(byte) { bits |= ByteClass.operator }
        table[value] = bits
    }
    return UnsafePointer(table)
}()

/// One slot of ``keywordTable``: a keyword packed as by `Scanner.pack`, and its `Scanner.Keyword` raw value.
private struct KeywordEntry {
    var word: UInt64
    var keyword: UInt8
}

private let keywordTableSize = 128

/// The keywords the scan tells apart, open-addressed (one multiplication and usually one load per
/// identifier, where a `Set` would hash it). Written once when first read, read-only after.
nonisolated(unsafe) private let keywordTable: UnsafePointer<KeywordEntry> = {
    let prefix: [StaticString] = [
        "try", "await", "unsafe", "consume", "copy", "each", "repeat", "some", "any", "inout", "sending",
        "isolated", "_move", "_borrow",
    ]
    let statement: [StaticString] = [
        "let", "var", "func", "guard", "for", "while", "switch", "case", "default", "do", "catch", "return",
        "throw", "class", "struct", "enum", "protocol", "import", "init", "deinit", "defer", "break",
        "continue", "in", "as", "is", "where", "actor",
    ]
    let table = UnsafeMutablePointer<KeywordEntry>.allocate(capacity: keywordTableSize)
    table.initialize(repeating: KeywordEntry(word: 0, keyword: 0), count: keywordTableSize)
    func insert(_ word: StaticString, _ keyword: Scanner.Keyword) {
        let packed = Scanner.pack(word)
        var slot = Scanner.Keyword.slot(packed)
        while table[slot].word != 0 { slot = (slot + 1) & (keywordTableSize - 1) }
        table[slot] = KeywordEntry(word: packed, keyword: keyword.rawValue)
    }
    for word in prefix { insert(word, .prefix) }
    for word in statement { insert(word, .statement) }
    insert("else", .elseKeyword)
    insert("if", .ifKeyword)
    return UnsafePointer(table)
}()
