/// Percent-encoding of URL parts (RFC 3986), in Swift over UTF-8 bytes: Foundation's
/// `addingPercentEncoding` goes through CoreFoundation strings and was a fifth of the client's own
/// cost per request on Linux.
enum PercentEncoding {
    /// The bytes a path may keep: unreserved, sub-delimiters, `:`, `@` and `/` (Foundation's `urlPathAllowed`).
    static let path = AllowedBytes("!$&'()*+,;=:@/")
    /// The bytes a query item's name or value may keep: Foundation's `urlQueryAllowed` without the
    /// separators `&`, `=`, `+` (a space to form decoders), `?` and `#`.
    static let queryComponent = AllowedBytes("!$'()*,;:@/")

    /// A set of ASCII bytes, plus the unreserved ones (`A-Z a-z 0-9 - . _ ~`) always.
    struct AllowedBytes: Sendable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ extra: String) {
            for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8 { insert(byte) }
            for byte in extra.utf8 { insert(byte) }
        }

        private mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << byte) != 0 : byte < 128 && high & (1 << (byte - 64)) != 0
        }
    }

    /// `text` with every byte outside `allowed` written as `%XX`; `text` itself when nothing needs encoding.
    static func encode(_ text: String, allowing allowed: AllowedBytes) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { !allowed.contains($0) }) else { return nil }
            var encoded = [UInt8]()
            encoded.reserveCapacity(bytes.count + 16)
            encoded.append(contentsOf: bytes[..<first])
            let hex = Array("0123456789ABCDEF".utf8)
            for byte in bytes[first...] {
                if allowed.contains(byte) {
                    encoded.append(byte)
                } else {
                    encoded.append(UInt8(ascii: "%"))
                    encoded.append(hex[Int(byte >> 4)])
                    encoded.append(hex[Int(byte & 0xF)])
                }
            }
            return String(decoding: encoded, as: UTF8.self)
        } ?? text
    }
}
