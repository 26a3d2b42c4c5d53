/// An error creating a cache, decoding a value or loading one; names the culprit.
///
/// Reads and writes of the disk tier do not throw: a cache is an optimisation, so a failed write is
/// logged and a corrupted entry is dropped (and logged) as a miss.
public struct CacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case directoryUnavailable, invalidUTF8, reentrantLoad, loadCycle
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The disk tier's directory cannot be created or listed.
        public static let directoryUnavailable = Code(.directoryUnavailable)
        /// Stored bytes are not UTF-8 text.
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// A loader asked its own cache for the key it is loading (directly or through other loads):
        /// the load would wait for itself forever.
        public static let reentrantLoad = Code(.reentrantLoad)
        /// Loads running in different tasks wait for each other in a cycle (the loader of `x` needs `y`
        /// while the loader of `y` needs `x`): none could ever finish. The message names the keys.
        public static let loadCycle = Code(.loadCycle)

        /// The code's name, for example `directoryUnavailable`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, naming the path when there is one.
    public let message: String

    /// The ``message``.
    public var description: String { message }

    static func directoryUnavailable(_ path: String, _ underlying: any Error) -> CacheError {
        CacheError(code: .directoryUnavailable, message: "cache directory \(path) is unavailable: \(underlying)")
    }

    static let invalidUTF8 = CacheError(code: .invalidUTF8, message: "cached bytes are not valid UTF-8")

    static func loadCycle(_ keys: [some Hashable & Sendable]) -> CacheError {
        let names = keys.map { String(reflecting: $0) }
        let path = names.joined(separator: " → ")
        let pairs = zip(names, names.dropFirst()).map { "the loader of \($0) needs \($1)" }.joined(separator: ", ")
        return CacheError(
            code: .loadCycle,
            message: "loads wait for each other in a cycle: \(path) (\(pairs)); none of them can finish")
    }

    static func reentrantLoad(_ key: some Hashable & Sendable) -> CacheError {
        let name = String(reflecting: key)
        return CacheError(
            code: .reentrantLoad,
            message:
                "the loader for key \(name) asked the same cache for \(name) while loading it; a load cannot wait for itself"
        )
    }
}
