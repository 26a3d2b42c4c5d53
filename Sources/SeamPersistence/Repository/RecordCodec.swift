import Foundation

/// Encodes records to the JSON stored in a repository and decodes them back, naming the collection
/// and id in its errors. One codec per repository; `JSONEncoder` and `JSONDecoder` are thread-safe.
struct RecordCodec<Record: Codable & Identifiable & Sendable>: Sendable where Record.ID: Sendable {
    let collection: String
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(collection: String) {
        self.collection = collection
    }

    /// The record as JSON.
    func encode(_ record: Record) throws(PersistenceError) -> Data {
        do {
            return try encoder.encode(record)
        } catch {
            throw .encoding(error, collection: collection, id: "\(record.id)", type: Record.self)
        }
    }

    /// The record stored as `body`; `id` names it in the error (`nil` when unknown).
    func decode(_ body: Data, id: String?) throws(PersistenceError) -> Record {
        do {
            return try decoder.decode(Record.self, from: body)
        } catch {
            throw .decoding(error, collection: collection, id: id, type: Record.self)
        }
    }
}
