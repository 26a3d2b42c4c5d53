/// Strict percent-decoding of the parts of a deep link, the same on every platform: Foundation on Linux
/// lets `%ZZ` through as text, so the escapes are checked here rather than left to `removingPercentEncoding`.
///
/// A decoded value is refused when it holds a control character (`%00`, line breaks) or, once decoded,
/// leaves its place: a `/` or a `..` in a path segment (`..%2F..%2F`), a `..` component in a query value.
enum LinkText {
    /// What is wrong with an encoded part.
    enum Problem: Error, Equatable {
        case invalidEscape
        case invalidUTF8
        case controlCharacter(Unicode.Scalar)
        case traversal(String)
    }

    /// `encoded` with every `%XX` decoded, or the problem that makes it unsafe.
    static func decode(_ encoded: Substring, isPathSegment: Bool) -> Result<String, Problem> {
        var bytes: [UInt8] = []
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return .failure(.invalidEscape)
            }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { return .failure(.invalidUTF8) }
        if let control = decoded.unicodeScalars.first(where: isControl) { return .failure(.controlCharacter(control)) }
        let components = decoded.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        if components.contains(where: { $0 == ".." }) || (isPathSegment && (components.count > 1 || decoded == ".")) {
            return .failure(.traversal(decoded))
        }
        return .success(decoded)
    }

    /// The first `%` not followed by two hexadecimal digits in `text`, with what follows it.
    static func invalidEscape(in text: String) -> Substring? {
        var index = text.startIndex
        while let percent = text[index...].firstIndex(of: "%") {
            let digits = text[text.index(after: percent)...].prefix(2)
            guard digits.count == 2, digits.allSatisfy(\.isHexDigit) else { return text[percent...].prefix(3) }
            index = text.index(after: percent)
        }
        return nil
    }

    /// Why a part is refused, naming it: `path segment 'a%ZZ' has an invalid percent-escape`.
    static func message(_ problem: Problem, part: String) -> String {
        switch problem {
        case .invalidEscape: "\(part) has an invalid percent-escape"
        case .invalidUTF8: "\(part) has percent-escapes that are not UTF-8 (an invalid percent-encoding)"
        case .controlCharacter(let scalar):
            "\(part) decodes to a control character (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
        case .traversal(let decoded): "\(part) decodes to \"\(decoded)\": a '/' or '..' in a value could leave its path"
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
