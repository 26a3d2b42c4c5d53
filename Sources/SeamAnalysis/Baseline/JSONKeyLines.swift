import Foundation

/// Where the keys of a JSON document are written: the line of each object key, found in one pass.
///
/// Used to point at a baseline's entries (`seam-baseline.json:12`). The document is assumed to be valid JSON (it
/// was decoded already); on anything else the scan still ends, with fewer keys.
enum JSONKeyLines {
    /// The 1-based line each object key starts on (its first occurrence), by its decoded text.
    static func scan(_ data: Data) -> [String: Int] {
        let bytes = [UInt8](data)
        var lines: [String: Int] = [:]
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == newline { line += 1 }
            guard byte == quote else { continue }
            // A string: up to the next quote not escaped by a backslash.
            let start = index
            let keyLine = line
            var escaped = false
            while index < bytes.count, escaped || bytes[index] != quote {
                escaped = !escaped && bytes[index] == backslash
                if bytes[index] == newline { line += 1 }
                index += 1
            }
            let end = index
            index += 1
            // A key when a colon follows.
            while index < bytes.count, whitespace.contains(bytes[index]) {
                if bytes[index] == newline { line += 1 }
                index += 1
            }
            guard index < bytes.count, bytes[index] == colon, let key = decode(bytes[start..<min(end, bytes.count)])
            else {
                continue
            }
            if lines[key] == nil { lines[key] = keyLine }
        }
        return lines
    }

    /// The text of a JSON string's contents (between the quotes).
    private static func decode(_ contents: ArraySlice<UInt8>) -> String? {
        guard contents.contains(backslash) else { return String(validating: contents, as: UTF8.self) }
        let literal = Data([quote] + contents + [quote])
        return (try? JSONSerialization.jsonObject(with: literal, options: [.fragmentsAllowed])) as? String
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let newline = UInt8(ascii: "\n")
    private static let whitespace: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), newline]
}
