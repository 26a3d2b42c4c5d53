import Foundation

/// Where and how much the disk tier stores.
public struct DiskCacheOptions: Sendable, Hashable {
    /// The directory owned by this cache; one file per entry. Do not share it between caches.
    public var directory: URL
    /// The most bytes the entry files may take together; least recently used files go first.
    public var sizeLimit: Int

    /// Describes a disk tier.
    public init(directory: URL, sizeLimit: Int = 50 * 1024 * 1024) {
        self.directory = directory
        self.sizeLimit = sizeLimit
    }
}
