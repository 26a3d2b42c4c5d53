import Foundation

/// Keeps small secrets. On device this wraps the keychain; here it keeps them in memory.
public final class KeychainHelper {
    public static let standard = KeychainHelper()

    private let lock = NSLock()
    private var items: [String: String] = [:]

    private init() {}

    public func save(_ value: String, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        items[key] = value
    }

    public func read(_ key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return items[key]
    }

    public func delete(_ key: String) {
        lock.lock()
        defer { lock.unlock() }
        items.removeValue(forKey: key)
    }
}
