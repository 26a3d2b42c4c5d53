/// Path arithmetic on strings, byte by byte, for paths as users type them.
///
/// Foundation's `NSString.deletingLastPathComponent` traps on some short paths on Linux (a one-character
/// name), so every path `seam` splits for writing goes through here.
///
/// ```swift
/// PathText.folder(of: "r")            // ""
/// PathText.folder(of: "/tmp/r.txt")   // "/tmp"
/// PathText.name(of: "a/b/")           // "b"
/// ```
package enum PathText {
    /// The folder part of `path`: `""` for a bare name, `"/"` for a name in the root folder.
    package static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard let index = bytes.lastIndex(of: slash) else { return "" }
        var end = index
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component of `path` (trailing slashes ignored); `"/"` for the root folder, `""` for `""`.
    package static func name(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        if bytes == [slash] { return "/" }
        guard let index = bytes.lastIndex(of: slash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(index + 1)...], as: UTF8.self)
    }

    /// `folder + "/" + name`, or `name` alone when `folder` is empty (no doubled slash after `"/"`).
    package static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The bytes of a name as text: valid UTF-8 as it is, every other byte as `\xNN`, so a name that is not
    /// UTF-8 can still be shown, unambiguously (`caf\xE9.swift`). `nil` when the bytes are valid UTF-8.
    package static func escapedIfNotUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let array = Array(bytes)
        if String(validating: array, as: UTF8.self) != nil { return nil }
        var text = ""
        var index = 0
        while index < array.count {
            let lead = array[index]
            let length =
                lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= array.count,
                let character = String(validating: array[index..<(index + length)], as: UTF8.self)
            {
                text += character
                index += length
            } else {
                text += "\\x" + String(lead, radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return text
    }

    private static let slash = UInt8(ascii: "/")
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
