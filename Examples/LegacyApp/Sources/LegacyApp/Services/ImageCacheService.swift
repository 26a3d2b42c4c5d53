import Foundation

/// Keeps spot photos in memory and on disk so the lists scroll without re-downloading.
public final class ImageCacheService {
    public static let shared = ImageCacheService()

    private let fileManager = FileManager()
    private let directory: URL
    private var memory: [String: Data] = [:]
    private let queue = DispatchQueue(label: "ImageCacheService")

    private init() {
        directory = fileManager.temporaryDirectory.appendingPathComponent("SpotImages", isDirectory: true)
        try! fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The photo of `spot`, from memory, disk or the network.
    public func imageData(for spot: Spot, completion: @escaping (Data?) -> Void) {
        guard let key = spot.imageKey else {
            completion(nil)
            return
        }
        if let data = queue.sync(execute: { memory[key] }) {
            completion(data)
            return
        }
        let file = directory.appendingPathComponent(key)
        if let data = try? Data(contentsOf: file) {
            queue.sync { memory[key] = data }
            completion(data)
            return
        }
        APIClient.shared.fetchImageData(key: key) { [weak self] result in
            guard let self = self, case let .success(data) = result else {
                completion(nil)
                return
            }
            self.queue.sync { self.memory[key] = data }
            try? data.write(to: file)
            completion(data)
        }
    }

    /// When a photo was last written to disk.
    public func lastModified(key: String) -> Date? {
        let path = directory.appendingPathComponent(key).path
        guard let attributes = try? fileManager.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.modificationDate] as! Date)
    }

    /// Empties the memory cache (on a memory warning).
    public func purgeMemory() {
        queue.sync { memory.removeAll() }
    }
}
