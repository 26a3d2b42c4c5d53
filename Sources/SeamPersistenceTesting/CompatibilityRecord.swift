import Foundation

/// The record type ``RepositoryCompatibilitySuite`` stores: strings, numbers, optionals, dates, bytes,
/// arrays and nested values, so a repository that loses any of them fails the suite.
public struct CompatibilityRecord: Codable, Identifiable, Sendable, Hashable {
    /// One nested value.
    public struct Part: Codable, Sendable, Hashable {
        /// A name.
        public var name: String
        /// A quantity.
        public var quantity: Int

        /// A part.
        public init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    /// The id.
    public var id: String
    /// A title (any Unicode).
    public var title: String
    /// An optional number; `Double.nan` makes the record fail to encode (JSON has no NaN).
    public var rating: Double?
    /// Nested values, in order.
    public var parts: [Part]
    /// A date with sub-second precision.
    public var createdAt: Date
    /// Raw bytes.
    public var bytes: Data

    /// A record; the defaults make a small valid one.
    public init(
        id: String, title: String = "Arrabiata", rating: Double? = 4.5,
        parts: [Part] = [Part(name: "penne", quantity: 500)],
        createdAt: Date = Date(timeIntervalSince1970: 1_790_000_000.125), bytes: Data = Data([0, 1, 254, 255])
    ) {
        self.id = id
        self.title = title
        self.rating = rating
        self.parts = parts
        self.createdAt = createdAt
        self.bytes = bytes
    }
}
