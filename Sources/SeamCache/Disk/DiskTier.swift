import Logging

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk tier: one file per entry in a directory, written atomically (temporary file, then
/// `rename(2)`), bounded in total size with least-recently-used eviction.
///
/// Owned by one ``Cache`` actor, which serialises every call. Recency is the file's modification
/// date, set on every disk write and disk hit (hits served by the memory tier do not touch the
/// disk), so eviction order survives a restart.
final class DiskTier<Key, Value> {
    private struct FileInfo {
        var size: Int
        var lastAccess: Date
    }

    private static var entryExtension: String { "entry" }
    private static var temporaryExtension: String { "tmp" }

    let directory: URL
    let sizeLimit: Int
    private let keyCodec: CacheCodec<Key>
    private let valueCodec: CacheCodec<Value>
    private let logger: Logger
    private var files: [String: FileInfo] = [:]
    private(set) var totalSize = 0

    init(
        options: DiskCacheOptions,
        keyCodec: CacheCodec<Key>,
        valueCodec: CacheCodec<Value>,
        logger: Logger
    ) throws {
        self.directory = options.directory
        self.sizeLimit = options.sizeLimit
        self.keyCodec = keyCodec
        self.valueCodec = valueCodec
        self.logger = logger
        try scan()
        // The limit may be lower than when the files were written.
        evict(keeping: nil)
    }

    var count: Int { files.count }

    /// The live value for `key` and its expiry, marking it most recently used. A damaged, expired or
    /// undecodable entry is deleted; damage is logged.
    func read(_ key: Key, now: Date) -> (value: Value, expiry: Date)? {
        guard let keyData = encodeKey(key) else { return nil }
        let name = fileName(for: keyData)
        guard files[name] != nil else { return nil }
        let url = directory.appendingPathComponent(name)
        let decoded: DiskEntryFormat.Decoded
        do {
            decoded = try DiskEntryFormat.decode(try Data(contentsOf: url))
        } catch {
            drop(name, reason: "\(error)")
            return nil
        }
        // Another key with the same file name (a hash collision) owns the file: a miss, not damage.
        guard decoded.key == keyData else { return nil }
        guard decoded.expiry > now else {
            delete(name)
            return nil
        }
        let value: Value
        do {
            value = try valueCodec.decode(decoded.value)
        } catch {
            drop(name, reason: "value cannot be decoded: \(error)")
            return nil
        }
        files[name]?.lastAccess = now
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
        return (value, decoded.expiry)
    }

    /// Writes the entry atomically, then evicts least recently used files beyond the size limit.
    /// A value that cannot be encoded or written is logged and skipped.
    func write(_ value: Value, for key: Key, expiry: Date, now: Date) {
        guard let keyData = encodeKey(key) else { return }
        let name = fileName(for: keyData)
        let valueData: Data
        do {
            valueData = try valueCodec.encode(value)
        } catch {
            logger.error("Cache value not written to disk: it cannot be encoded", metadata: ["error": "\(error)"])
            return
        }
        let data = DiskEntryFormat.encode(key: keyData, value: valueData, expiry: expiry)
        guard data.count <= sizeLimit else {
            delete(name)
            logger.debug(
                "Cache entry larger than the disk size limit, not written",
                metadata: ["bytes": "\(data.count)", "limit": "\(sizeLimit)"]
            )
            return
        }
        do {
            try writeAtomically(data, to: name)
        } catch {
            logger.error("Cache entry not written to disk", metadata: ["file": "\(name)", "error": "\(error)"])
            return
        }
        if let previous = files[name] { totalSize -= previous.size }
        files[name] = FileInfo(size: data.count, lastAccess: now)
        totalSize += data.count
        try? FileManager.default.setAttributes(
            [.modificationDate: now], ofItemAtPath: directory.appendingPathComponent(name).path
        )
        evict(keeping: name)
    }

    func remove(_ key: Key) {
        guard let keyData = encodeKey(key) else { return }
        delete(fileName(for: keyData))
    }

    func removeAll() {
        for name in files.keys { delete(name) }
    }

    /// Deletes every expired entry (and every damaged one, with a log line).
    func removeExpired(now: Date) {
        for name in files.keys {
            let url = directory.appendingPathComponent(name)
            do {
                let decoded = try DiskEntryFormat.decode(try Data(contentsOf: url))
                if decoded.expiry <= now { delete(name) }
            } catch {
                drop(name, reason: "\(error)")
            }
        }
    }

    // MARK: Private

    /// Indexes the entry files and deletes temporary files left by writes interrupted by a crash.
    private func scan() throws {
        let manager = FileManager.default
        let contents: [URL]
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            contents = try manager.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey]
            )
        } catch {
            throw CacheError.directoryUnavailable(directory.path, error)
        }
        for url in contents {
            switch url.pathExtension {
            case Self.temporaryExtension:
                try? manager.removeItem(at: url)
                logger.notice("Removed an interrupted cache write", metadata: ["file": "\(url.lastPathComponent)"])
            case Self.entryExtension:
                let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
                let size = values?.fileSize ?? 0
                files[url.lastPathComponent] = FileInfo(
                    size: size, lastAccess: values?.contentModificationDate ?? .distantPast
                )
                totalSize += size
            default:
                continue
            }
        }
    }

    private func writeAtomically(_ data: Data, to name: String) throws {
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).\(Self.temporaryExtension)")
        let destination = directory.appendingPathComponent(name)
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: ["errno": errno])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Deletes least recently used files, except `kept`, until the total fits the size limit.
    private func evict(keeping kept: String?) {
        guard totalSize > sizeLimit else { return }
        let oldestFirst = files.filter { $0.key != kept }.sorted {
            ($0.value.lastAccess, $0.key) < ($1.value.lastAccess, $1.key)
        }
        for (name, _) in oldestFirst where totalSize > sizeLimit {
            delete(name)
        }
    }

    private func drop(_ name: String, reason: String) {
        logger.warning(
            "Dropped a corrupted cache entry",
            metadata: ["file": "\(directory.appendingPathComponent(name).path)", "reason": "\(reason)"]
        )
        delete(name)
    }

    private func delete(_ name: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        if let removed = files.removeValue(forKey: name) { totalSize -= removed.size }
    }

    private func encodeKey(_ key: Key) -> Data? {
        do {
            return try keyCodec.encode(key)
        } catch {
            logger.error("Cache key cannot be encoded for the disk tier", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private func fileName(for keyData: Data) -> String {
        let hash = DiskEntryFormat.fnv1a(keyData)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "." + Self.entryExtension
    }
}
