import Foundation

/// Foundation's errors in plain words, naming the file: `/data/app.sqlite: permission denied`, never
/// `Error Domain=NSCocoaErrorDomain Code=513 "(null)"`.
///
/// ```swift
/// do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
/// catch { print(PlainErrorText.describe(error)) }   // "/readonly/db: permission denied"
/// ```
package enum PlainErrorText {
    /// A Cocoa or POSIX error as `<file>: <reason>` (the file when the error names one); any other error as
    /// `String(describing:)`.
    package static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain else {
            return String(describing: error)
        }
        let file =
            (nsError.userInfo[NSFilePathErrorKey] as? String)
            ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
        let reason = reason(for: nsError)
        return file.map { "\($0): \(reason)" } ?? reason
    }

    /// The reason alone: the POSIX error's words when there is one, else a sentence for the Cocoa code.
    private static func reason(for error: NSError) -> String {
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return words(errno: Int32(underlying.code))
        }
        if error.domain == NSPOSIXErrorDomain { return words(errno: Int32(error.code)) }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileReadTooLargeError: return "the file is too large"
        case NSFileReadInapplicableStringEncodingError, NSFileReadUnknownStringEncodingError:
            return "the file is not valid text"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "the volume is read-only"
        case NSFileWriteFileExistsError: return "the file already exists"
        case NSFileReadCorruptFileError: return "the file is damaged"
        case NSFileReadUnknownError: return "the file could not be read"
        case NSFileWriteUnknownError: return "the file could not be written"
        case NSFileWriteInvalidFileNameError, NSFileReadInvalidFileNameError: return "the file name is not valid"
        default: return "the file could not be accessed (Cocoa error \(error.code))"
        }
    }

    private static func words(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
