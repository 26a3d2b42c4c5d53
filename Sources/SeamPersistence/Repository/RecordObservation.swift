/// The values of a repository over time: the current value first, then a new value after each change
/// that alters it (consecutive equal values are not repeated; a burst of changes may be coalesced
/// into its last value).
///
/// Each iteration starts its own observation and stops it when the loop ends or its task is cancelled.
/// It throws when the stored data can't be read (a ``PersistenceError``).
///
/// ```swift
/// for try await favourites in repository.observeAll() {
///     model.favouriteIDs = Set(favourites.map(\.id))
/// }
/// ```
///
/// An implementation of ``Repository`` builds one from a stream factory, called once per iteration:
///
/// ```swift
/// RecordObservation {
///     AsyncThrowingStream { continuation in
///         continuation.yield(current)
///         let token = subscribe { continuation.yield($0) }
///         continuation.onTermination = { _ in token.cancel() }
///     }
/// }
/// ```
public struct RecordObservation<Element: Sendable>: AsyncSequence, Sendable {
    /// The error an iteration can throw.
    public typealias Failure = any Error

    private let makeStream: @Sendable () -> AsyncThrowingStream<Element, any Error>

    /// An observation whose iterations each iterate a new stream from `makeStream`.
    public init(_ makeStream: @escaping @Sendable () -> AsyncThrowingStream<Element, any Error>) {
        self.makeStream = makeStream
    }

    /// Starts an observation.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: makeStream().makeAsyncIterator())
    }

    /// Iterates one observation.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.Iterator

        /// The next value, or `nil` when the observation ended.
        public mutating func next() async throws -> Element? {
            try await base.next()
        }

        /// The next value, or `nil` when the observation ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            try await base.next(isolation: actor)
        }
    }
}
