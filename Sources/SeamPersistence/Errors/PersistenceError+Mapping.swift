import Foundation
import GRDB
import SeamArchitecture

extension PersistenceError {
    /// Converts an error thrown while opening the database at `subject`: a `PersistenceError` is kept,
    /// a GRDB `DatabaseError` is classified by its SQLite result code, anything else becomes ``Code-swift.struct/sqlite``.
    static func opening(_ error: any Error, subject: String) -> PersistenceError {
        switch error {
        case let error as PersistenceError: error
        case let error as DatabaseError: PersistenceError(databaseError: error, subject: subject)
        default: PersistenceError(.sqlite, subject: subject, reason: PlainErrorText.describe(error), underlying: error)
        }
    }

    /// Converts an error thrown while using the database at `subject`: a GRDB `DatabaseError` becomes a
    /// `PersistenceError`; anything else (cancellation, the caller's own errors) is kept as it is.
    static func using(_ error: any Error, subject: String) -> any Error {
        (error as? DatabaseError).map { PersistenceError(databaseError: $0, subject: subject) } ?? error
    }

    /// Classifies a SQLite error by its primary result code.
    init(databaseError error: DatabaseError, subject: String) {
        let detail = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            self.init(
                .corrupted, subject: subject, reason: "the file is corrupted or is not a SQLite database (\(detail))",
                underlying: error
            )
        case .SQLITE_FULL:
            self.init(.storageFull, subject: subject, reason: "the disk is full (\(detail))", underlying: error)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH, .SQLITE_IOERR:
            self.init(
                .cannotOpen, subject: subject, reason: "the file can't be opened, read or written (\(detail))",
                underlying: error)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(.busy, subject: subject, reason: "the database stayed locked (\(detail))", underlying: error)
        default:
            self.init(.sqlite, subject: subject, reason: detail, underlying: error)
        }
    }

    static func encoding(_ error: any Error, collection: String, id: String, type: Any.Type) -> PersistenceError {
        PersistenceError(
            .encoding, subject: "\(collection)/\(id)",
            reason: "the record of type \(type) does not encode to JSON: \(error)", underlying: error
        )
    }

    static func decoding(_ error: any Error, collection: String, id: String?, type: Any.Type) -> PersistenceError {
        // AppError computes the coding path (`keyNotFound at ingredients[0].name: ...`) once for everyone.
        let detail =
            (error as? DecodingError).flatMap { AppError(decodingError: $0).diagnostic } ?? String(describing: error)
        return PersistenceError(
            .decoding, subject: id.map { "\(collection)/\($0)" } ?? collection,
            reason: "the stored record does not decode as \(type): \(detail)", underlying: error
        )
    }
}
