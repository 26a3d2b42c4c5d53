import Foundation

/// Records product analytics events. Meant to stay a singleton (see the allow-list in README).
public final class AnalyticsLogger {
    public static let `default` = AnalyticsLogger()

    private let lock = NSLock()
    private var events: [(name: String, date: Date)] = []

    private init() {}

    public func log(_ event: String) {
        lock.lock()
        defer { lock.unlock() }
        events.append((event, Date()))
    }

    /// How many times `event` was logged.
    public func count(of event: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return events.filter { $0.name == event }.count
    }
}
