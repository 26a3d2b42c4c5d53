import Foundation
import HTTPTypes

/// The `Cache-Control` directives the client cache obeys (RFC 9111 §5.2.2).
struct CacheControl: Hashable, Sendable {
    var maxAge: Int?
    var noStore = false
    var noCache = false

    /// The directives of `fields`' `Cache-Control` lines (all of them, comma-separated, case-insensitive).
    init(_ fields: HTTPFields) {
        for line in fields[values: .cacheControl] {
            for directive in line.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1)
                let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                let value = parts.count > 1
                    ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    : nil
                switch name {
                case "max-age": maxAge = value.flatMap { Int($0) }.map { max(0, $0) }
                case "no-store": noStore = true
                case "no-cache": noCache = true
                default: break
                }
            }
        }
    }
}
