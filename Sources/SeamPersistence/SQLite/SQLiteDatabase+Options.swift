extension SQLiteDatabase {
    /// How a database file is opened.
    ///
    /// ```swift
    /// var options = SQLiteDatabase.Options()
    /// options.durability = .powerLossSafe      // the outbox of a banking app
    /// options.integrityCheck = .none           // a 2 GB file: skip the launch-time check
    /// ```
    public struct Options: Sendable {
        /// What a committed transaction survives. Default: ``Durability/crashSafe``.
        public var durability: Durability = .crashSafe
        /// The check run on the file before it is used. Default: ``IntegrityCheck/quick``.
        public var integrityCheck: IntegrityCheck = .quick
        /// How long a write waits for another connection (another process) to release its lock. Default: 5 s.
        public var busyTimeout: Duration = .seconds(5)

        /// The defaults: crash-safe, quick integrity check, 5 s busy timeout.
        public init() {}
    }

    /// What a committed transaction survives. Both use SQLite's write-ahead log (WAL).
    public enum Durability: Sendable, Hashable {
        /// Survives the app crashing or being killed at any instruction (`synchronous = NORMAL`); a power loss
        /// or OS crash may roll back the last transactions, never corrupt the file. SQLite's recommendation for WAL.
        case crashSafe
        /// Also survives power loss (`synchronous = FULL`): every commit waits for the disk. Slower writes.
        case powerLossSafe

        var pragma: String {
            switch self {
            case .crashSafe: "NORMAL"
            case .powerLossSafe: "FULL"
            }
        }
    }

    /// The check run when a database file is opened; a failure throws ``PersistenceError/Code-swift.struct/corrupted``.
    public enum IntegrityCheck: Sendable, Hashable {
        /// No check: damage is reported when a damaged page is read.
        case none
        /// `PRAGMA quick_check`: every page and record format, not index contents; reads the whole file once.
        case quick
        /// `PRAGMA integrity_check`: also cross-checks every index. Slower on large files.
        case full

        var pragma: String? {
            switch self {
            case .none: nil
            case .quick: "quick_check"
            case .full: "integrity_check"
            }
        }
    }
}
