import Synchronization
import SeamLocking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Persists local flag overrides between launches.
public protocol FeatureFlagOverrideStore: Sendable {
    /// The saved overrides, by flag key; empty when nothing was saved yet.
    func load() throws -> [String: FlagPayload]
    /// Replaces the saved overrides.
    func save(_ overrides: [String: FlagPayload]) throws
}

/// Overrides in a JSON file, replaced atomically (written to a temporary file, then renamed over
/// the old one), so a crash mid-write leaves the previous overrides intact.
public struct FileFeatureFlagOverrideStore: FeatureFlagOverrideStore {
    /// The JSON file.
    public let fileURL: URL

    /// Stores overrides in `fileURL`; its directory is created on first save.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The saved overrides, or none when the file does not exist yet.
    public func load() throws -> [String: FlagPayload] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [:] }
        do {
            let data = try Data(contentsOf: fileURL)
            return try JSONDecoder().decode([String: FlagPayload].self, from: data)
        } catch {
            throw FeatureFlagStoreError(path: fileURL.path, operation: "read", underlying: error)
        }
    }

    /// Writes `overrides` as sorted, pretty-printed JSON, creating the directory if needed.
    public func save(_ overrides: [String: FlagPayload]) throws {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = try encoder.encode(overrides)
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true
            )
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw FeatureFlagStoreError(path: fileURL.path, operation: "write", underlying: error)
        }
    }
}

/// Overrides kept in memory: the store for tests and previews.
public final class InMemoryFeatureFlagOverrideStore: FeatureFlagOverrideStore {
    private let overrides: Locked<[String: FlagPayload]>

    /// Creates a store holding `overrides`.
    public init(_ overrides: [String: FlagPayload] = [:]) {
        self.overrides = Locked(overrides)
    }

    /// The overrides held in memory.
    public func load() throws -> [String: FlagPayload] { overrides.withLock { $0 } }

    /// Replaces the overrides held in memory.
    public func save(_ overrides: [String: FlagPayload]) throws {
        self.overrides.withLock { $0 = overrides }
    }
}

/// Reading or writing the override file failed; names the file.
public struct FeatureFlagStoreError: Error, CustomStringConvertible {
    /// The override file.
    public let path: String
    /// `read` or `write`.
    public let operation: String
    /// The underlying file-system or decoding error.
    public let underlying: any Error

    /// `cannot read feature flag overrides at <path>: <error>`.
    public var description: String {
        "cannot \(operation) feature flag overrides at \(path): \(underlying)"
    }
}
