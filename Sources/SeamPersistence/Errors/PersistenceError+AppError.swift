import SeamArchitecture

extension AppError.Code {
    /// Saved data can't be read: the database file is damaged or is not a database.
    public static let storageCorrupted: Self = "storageCorrupted"
    /// Saved data was written by a newer version of the app.
    public static let storageTooNew: Self = "storageTooNew"
    /// The device has no space left to save data.
    public static let storageFull: Self = "storageFull"
    /// Saving or reading local data failed for another reason.
    public static let storage: Self = "storage"
}

extension PersistenceError: AppErrorConvertible {
    /// The error as the user sees it; ``description`` (file, collection, id) goes to `AppError/diagnostic`.
    ///
    /// | code | `AppError/Code` | retryable |
    /// |---|---|---|
    /// | ``Code-swift.struct/corrupted`` | `AppError/Code/storageCorrupted` | no |
    /// | ``Code-swift.struct/newerSchema`` | `AppError/Code/storageTooNew` | no |
    /// | ``Code-swift.struct/storageFull`` | `AppError/Code/storageFull` | yes |
    /// | ``Code-swift.struct/busy`` | `AppError/Code/storage` | yes |
    /// | ``Code-swift.struct/decoding`` | `AppError/Code/decoding` | no |
    /// | any other | `AppError/Code/storage` | no |
    public var appError: AppError {
        let (appCode, message, suggestion, retryable): (AppError.Code, String, String?, Bool) =
            if code == .corrupted {
                (.storageCorrupted, "Your saved data can't be read.", "Reinstall the app or contact support.", false)
            } else if code == .newerSchema {
                (
                    .storageTooNew, "Your saved data was created by a newer version of the app.",
                    "Update the app to open it.", false
                )
            } else if code == .storageFull {
                (
                    .storageFull, "There isn't enough storage space to save this.",
                    "Free up some space on your device, then try again.", true
                )
            } else if code == .busy {
                (.storage, "Your data is busy right now.", "Please try again.", true)
            } else if code == .decoding {
                (.decoding, "Some saved data couldn't be read.", "Please update the app.", false)
            } else {
                (.storage, "Your data couldn't be saved or read.", "Please try again later.", false)
            }
        return AppError(
            appCode, message: message, recoverySuggestion: suggestion, isRetryable: retryable,
            diagnostic: description, underlying: self
        )
    }
}
