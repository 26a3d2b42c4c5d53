import Foundation
import GRDB

/// Non-trapping reads of Seam's own columns. GRDB's `row["column"]` traps when the stored value does
/// not convert (a `savedAt` of `'yesterday'`, an `attempts` of `'many'`, written by hand or by another
/// program); these read the raw `DatabaseValue` and throw a ``PersistenceError`` with code
/// ``PersistenceError/Code-swift.struct/decoding`` naming the column and what it holds instead.
extension Row {
    /// The value of `column` as `Value`; throws when it is `NULL`, missing or of another type.
    func stored<Value: DatabaseValueConvertible>(
        _ column: String, as type: Value.Type = Value.self, subject: @autoclosure () -> String
    ) throws(PersistenceError) -> Value {
        let value: DatabaseValue = self[column] ?? .null
        guard let converted = Value.fromDatabaseValue(value) else {
            throw PersistenceError.wrongColumnType(column, value, expected: Value.self, subject: subject())
        }
        return converted
    }

    /// The value of `column` as `Value`, `nil` when it is `NULL`; throws when it is of another type.
    func storedIfPresent<Value: DatabaseValueConvertible>(
        _ column: String, as type: Value.Type = Value.self, subject: @autoclosure () -> String
    ) throws(PersistenceError) -> Value? {
        let value: DatabaseValue = self[column] ?? .null
        if value.isNull { return nil }
        guard let converted = Value.fromDatabaseValue(value) else {
            throw PersistenceError.wrongColumnType(column, value, expected: Value.self, subject: subject())
        }
        return converted
    }

    /// The value at `index` as `Value`; throws when it is `NULL` or of another type.
    func stored<Value: DatabaseValueConvertible>(
        at index: Int, column: String, as type: Value.Type = Value.self, subject: @autoclosure () -> String
    ) throws(PersistenceError) -> Value {
        let value: DatabaseValue = index < count ? self[index] : .null
        guard let converted = Value.fromDatabaseValue(value) else {
            throw PersistenceError.wrongColumnType(column, value, expected: Value.self, subject: subject())
        }
        return converted
    }
}

extension PersistenceError {
    /// A column of Seam's tables holds a value of the wrong type.
    static func wrongColumnType(_ column: String, _ value: DatabaseValue, expected: Any.Type, subject: String)
        -> PersistenceError
    {
        let held: String
        switch value.storage {
        case .null: held = "NULL"
        case .int64(let number): held = "the integer \(number)"
        case .double(let number): held = "the real \(number)"
        case .string(let text): held = "the text '\(text.prefix(80))'"
        case .blob(let data): held = "a blob of \(data.count) bytes"
        }
        return PersistenceError(
            .decoding, subject: subject, reason: "column \(column) holds \(held), not a value of type \(expected)"
        )
    }
}
