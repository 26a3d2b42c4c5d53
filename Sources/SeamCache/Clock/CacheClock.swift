import Synchronization

import Foundation
import SeamLocking

/// The source of "now" for expiry decisions.
///
/// Expiry instants are wall-clock `Date`s rather than `ContinuousClock` instants because disk
/// entries must keep their expiry across launches, and monotonic instants do not survive a restart.
/// Inject ``ManualCacheClock`` in tests to expire entries without sleeping.
public protocol CacheClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// The system wall clock.
public struct SystemCacheClock: CacheClock {
    /// Creates the system clock.
    public init() {}
    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock that moves only when told to: the test double for ``CacheClock``.
///
/// ```swift
/// let clock = ManualCacheClock()
/// let cache = Cache<String, Forecast>(clock: clock)
/// await cache.insert(forecast, for: "lahinch", ttl: .seconds(60))
/// clock.advance(by: .seconds(61))
/// #expect(await cache.value(for: "lahinch") == nil)
/// ```
public final class ManualCacheClock: CacheClock {
    private let current: Locked<Date>

    /// Creates a clock stopped at `start`.
    public init(start: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)) {
        current = Locked(start)
    }

    /// The instant the clock is stopped at.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative duration).
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.adding(duration) }
    }
}

extension Date {
    /// This date moved by a `Duration`.
    func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.timeInterval)
    }
}

extension Duration {
    /// The duration in seconds, as Foundation measures intervals.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
