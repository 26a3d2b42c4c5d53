@_spi(RawSyntax) import SwiftSyntax

/// Decides which literals are hard-coded values worth reporting. Works on the literal's text and on the
/// syntax of arithmetic, never on the source with patterns.
enum LiteralClassifier {
    /// The example domains themselves (RFC 2606), a preview's placeholder page; a named host under one
    /// (`api.example.com`) stands for a real one.
    private static let placeholderHosts: Set<String> = [
        "example.com", "www.example.com", "example.org", "www.example.org", "example.net", "www.example.net",
    ]
    /// Top-level names reserved for tests and examples (RFC 2606): no host under them is reachable.
    private static let reservedTopLevelNames = ["example", "test", "invalid"]
    private static let schemes = ["http://", "https://", "ws://", "wss://", "ftp://"].map { Array($0.utf8) }
    private static let topLevelDomains: Set<String> = [
        "com", "net", "org", "io", "dev", "app", "co", "ie", "uk", "de", "fr", "es", "it", "nl", "eu", "us",
        "ca", "au", "jp", "cloud", "api", "info", "biz", "me", "tv", "ai", "gov", "edu", "surf", "local",
    ]

    /// The prefixes of namespace and schema URIs: names of formats and protocols that are compared, never fetched
    /// (XMPP's `http://jabber.org/protocol/muc#user`, XML's `http://www.w3.org/2000/svg`, a property list's DTD,
    /// Google's OAuth scopes `https://www.googleapis.com/auth/gmail.readonly`, OPDS link relations
    /// `http://opds-spec.org/acquisition/borrow` and their Library Simplified terms, WebRTC's and the IETF's RTP
    /// header extensions `http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time`), lowercased as the screen
    /// compares them.
    private static let namespacePrefixes = [
        "http://jabber.org/protocol/", "https://jabber.org/protocol/", "http://www.w3.org/", "https://www.w3.org/",
        "http://www.apple.com/dtds/", "http://schemas.xmlsoap.org/", "http://purl.org/", "http://ns.adobe.com/",
        "http://xmlns.com/", "https://www.googleapis.com/auth/", "http://opds-spec.org/", "https://opds-spec.org/",
        "http://librarysimplified.org/terms/", "https://librarysimplified.org/terms/",
        // RTP header extensions, named by the URI of their specification (threema's group calls' SDP).
        "http://www.webrtc.org/experiments/", "http://www.ietf.org/id/", "http://tools.ietf.org/html/",
        "https://tools.ietf.org/html/",
    ].map { Array($0.utf8) }

    /// Whether `text` is a URL (`https://…`, a scheme prefix is enough when the literal is interpolated)
    /// or, for a complete literal, a bare host such as `api.example.com` (reverse-DNS identifiers such as
    /// `com.example.app` are not hosts). A namespace or schema URI (see `namespacePrefixes`) is an identifier.
    static func isURL(_ text: String, isComplete: Bool) -> Bool {
        // On UTF-8 bytes, cheap screens first: most literals are neither (no lowercased copies, no splits).
        var text = text
        return text.withUTF8 { bytes in
            var hasDot = false
            var hasColon = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "."): hasDot = true
                case UInt8(ascii: ":"): hasColon = true
                case UInt8(ascii: " "), UInt8(ascii: "\\"): if !hasColon { return false }
                default: break
                }
            }
            if hasColon,
                let scheme = schemes.first(where: { bytes.count > $0.count && bytes.hasPrefix(lowercased: $0) })
            {
                return !namespacePrefixes.contains { bytes.count >= $0.count && bytes.hasPrefix(lowercased: $0) }
                    && !isPlaceholderAddress(bytes, after: scheme.count, isComplete: isComplete)
            }
            guard isComplete, hasDot, !hasColon else { return false }
            // A host is written in lower case; `"Hashdit.io"` is a brand shown as text.
            guard !bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return false }
            return isHost(bytes)
        }
    }

    /// Whether the address after the scheme names no host a device could reach: one label without a dot that is
    /// not `localhost` (nostur's `"wss://memory"`, a feed's label), or a placeholder (RFC 2606: `example.com`,
    /// `www.example.org`, a host under `.test`). An interpolated host is not known, so not one.
    private static func isPlaceholderAddress(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int, isComplete: Bool)
        -> Bool
    {
        let terminators: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "#")]
        // `[::1]`, an IPv6 address, is a host.
        guard bytes[start] != UInt8(ascii: "[") else { return false }
        let end = bytes[start...].firstIndex(where: terminators.contains) ?? bytes.count
        guard isComplete || end < bytes.count, end > start else { return false }
        let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).lowercased()
        if Self.placeholderHosts.contains(host)
            || Self.reservedTopLevelNames.contains(where: { host.hasSuffix("." + $0) })
        {
            return true
        }
        return !host.contains(".") && host != "localhost" && !host.allSatisfy(\.isNumber)
    }

    /// `api.example.com`, `example.io/path`: dot-separated labels of letters, digits and `-`, ending in a known
    /// top-level domain, the first label not one (`com.example.app` is a reverse-DNS identifier).
    private static func isHost(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let hostEnd = text.firstIndex(of: UInt8(ascii: "/")) ?? text.count
        var labels: [Range<Int>] = []
        var labelStart = 0
        for index in 0...hostEnd {
            guard index == hostEnd || text[index] == UInt8(ascii: ".") else {
                let byte = text[index] | 0x20  // ASCII letters lowercased
                let isAllowed =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9"))
                    || text[index] == UInt8(ascii: "-")
                if !isAllowed { return false }
                continue
            }
            guard index > labelStart, index - labelStart <= 63 else { return false }
            labels.append(labelStart..<index)
            labelStart = index + 1
        }
        guard labels.count >= 2, let first = labels.first, let last = labels.last else { return false }
        func label(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self).lowercased()
        }
        let firstLabel = label(first)
        // `file.json`-style names have an extension that is not a TLD, so a known TLD means a host.
        return topLevelDomains.contains(label(last)) && (!topLevelDomains.contains(firstLabel) || firstLabel == "api")
    }

    /// Whether `text` holds a format specifier (`%@`, `%d`, `%ld`, `%.2f`, `%K`): a template values are put into
    /// (`NSPredicate(format: "id == %@", id)`, `String(format:)`), which unrelated queries spell alike.
    /// A positional argument counts (`%1$@`, `%2$ld`); a percent-encoded byte (`%2F`, `%3A`: a digit and an
    /// upper-case hexadecimal letter, as URLs write them) does not.
    static func isFormatString(_ text: String) -> Bool {
        // Asked for nearly every literal: no copy of its bytes unless it has a `%` at all.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return false }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "%") else { continue }
            if index + 2 < bytes.count, isDigit(bytes[index + 1]), upperHexLetters.contains(bytes[index + 2]) {
                continue
            }
            // Flags, width, precision, a position (`1$`) and length modifiers, then the conversion.
            var next = index + 1
            while next < bytes.count {
                let byte = bytes[next]
                if formatModifiers.contains(byte) || (byte == UInt8(ascii: "$") && next > index + 1) {
                    next += 1
                    continue
                }
                if formatConversions.contains(byte) { return true }
                break
            }
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static let upperHexLetters = Set("ABCDEF".utf8)
    private static let formatModifiers = Set("0123456789.-+#lhqjztL".utf8)
    private static let formatConversions = Set("@dDiuUxXoOfFeEgGcCsSpaAK".utf8)

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
            if scalar.isASCII {
                let value = scalar.value | 0x20  // ASCII letters lowercased
                if value >= 0x61 && value <= 0x7A { letters += 1 }
            } else if scalar.properties.isAlphabetic {
                letters += 1
            }
        }
        return characters >= 3 && letters >= 2 && !text.hasPrefix("\\")
    }

    /// One `60 * 60` run inside a sequence expression.
    struct IntervalRun {
        /// Where the run's first literal starts.
        var offset: Int
        var text: String
    }

    private static let timeFactors: Set<String> = ["60", "3600", "86400", "1440", "60.0", "3600.0", "86400.0"]

    /// Runs of numeric literals joined by `*` that include a time factor (60, 3600, 86400, 1440):
    /// `30 * 60`, `24 * 60 * 60`. `2 * 3` and `width * 60` are not reported.
    ///
    /// - Parameter elements: a sequence expression's element list.
    static func timeIntervalRuns(in elements: RawNode) -> [IntervalRun] {
        // Most sequences are assignments or comparisons: leave before allocating anything.
        guard let layout = elements.raw.layoutView, layout.children.contains(where: { isMultiplication($0) })
        else { return [] }
        var runs: [IntervalRun] = []
        // The run's numeric literals: the first one's offset and every token's text.
        var start: Int?
        var literals: [String] = []
        var expectsOperand = true
        func close() {
            if literals.count >= 2, literals.contains(where: timeFactors.contains), let start {
                runs.append(IntervalRun(offset: start, text: literals.joined(separator: " * ")))
            }
            literals.removeAll(keepingCapacity: true)
            start = nil
            expectsOperand = true
        }
        elements.forEachChild { element in
            if expectsOperand {
                // A negative one (`-8 * 24 * 60 * 60`) keeps its sign.
                let negated = element.as(RawPrefixOperatorExprSyntax.self).flatMap { prefix in
                    prefix.operator.tokenText == "-" ? RawNode(prefix.expression.raw, at: element.start) : nil
                }
                let operand = negated ?? element
                let literal =
                    operand.as(RawIntegerLiteralExprSyntax.self)?.literal
                    ?? operand.as(RawFloatLiteralExprSyntax.self)?.literal
                if let literal {
                    if literals.isEmpty { start = element.start }
                    literals.append(negated == nil ? literal.text : "-" + literal.text)
                    expectsOperand = false
                } else {
                    close()
                }
            } else if isMultiplication(element.raw) {
                expectsOperand = true
            } else {
                close()
            }
        }
        close()
        return runs
    }

    private static func isMultiplication(_ element: RawSyntax?) -> Bool {
        guard let op = element?.as(RawBinaryOperatorExprSyntax.self)?.operator else { return false }
        return op.tokenKind == .binaryOperator && op.tokenText == "*"
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes start with `prefix` (lower-case ASCII), compared without case.
    fileprivate func hasPrefix(lowercased prefix: [UInt8]) -> Bool {
        count >= prefix.count
            && prefix.indices.allSatisfy { index in
                let byte = self[index]
                return (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == prefix[index]
            }
    }
}
