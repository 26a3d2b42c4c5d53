import Yams

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a configuration file writes each key, and which keys hold a mapping or a list rather than a value.
///
/// swift-configuration flattens a file into dotted keys, so `cacheTTL: {minutes: 30}` only sets
/// `forecast.cacheTTL.minutes`, and reading `forecast.cacheTTL` would silently fall back to a default; the
/// outline lets that read fail at the file's line instead.
struct LayerOutline: Sendable {
    /// The 1-based line of each key's value, by dotted key.
    private(set) var lines: [String: Int] = [:]
    /// Keys whose value is a mapping (`a mapping`).
    private(set) var mappings: Set<String> = []

    /// The outline of a YAML (or JSON) document; empty when it does not parse (the provider reports that).
    init(text: String) {
        guard let root = try? Yams.compose(yaml: text) else { return }
        visit(root, key: [])
    }

    /// Reads the file at `path`; `nil` when it cannot be read.
    init?(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(text: String(decoding: data, as: UTF8.self))
    }

    private mutating func visit(_ node: Node, key: [String]) {
        let dotted = key.joined(separator: ".")
        if !key.isEmpty, let line = node.mark?.line { lines[dotted] = line }
        guard let mapping = node.mapping else { return }
        if !key.isEmpty { mappings.insert(dotted) }
        for (name, value) in mapping {
            guard let component = name.scalar?.string else { continue }
            visit(value, key: key + [component])
        }
    }

    /// The line where `key`'s value is written, when the file writes it.
    func line(of key: String) -> Int? { lines[key] }

    /// Whether the file writes a mapping at `key`.
    func holdsMapping(at key: String) -> Bool { mappings.contains(key) }
}
