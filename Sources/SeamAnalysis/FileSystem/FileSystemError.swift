import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file `seam` could not read or write, with the path and the reason in plain words
/// (`permission denied`, `not a regular file (a FIFO (named pipe))`), never a raw Foundation error code.
///
/// ```swift
/// do { _ = try FileAccess.read("baseline.json") } catch { print(error) }
/// // baseline.json: not a regular file (a FIFO (named pipe))
/// ```
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case notRegular(FileStatus.Kind)
        case system(Int32)
        case other
    }

    private let code: Code
    /// The path concerned, as given.
    package let path: String
    /// What went wrong, in plain words, without the path.
    package let reason: String

    private init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    /// `path` is a FIFO, a device, a socket or a folder where a regular file is needed.
    package static func notRegular(_ path: String, kind: FileStatus.Kind) -> FileSystemError {
        FileSystemError(.notRegular(kind), path: path, reason: "not a regular file (\(kind.phrase))")
    }

    /// A system call failed with `errno`.
    package static func system(_ path: String, errno code: Int32, doing action: String? = nil) -> FileSystemError {
        let words = Self.words(forErrno: code)
        return FileSystemError(.system(code), path: path, reason: action.map { "\($0): \(words)" } ?? words)
    }

    /// Any other problem, described in `reason`.
    package static func other(_ path: String, reason: String) -> FileSystemError {
        FileSystemError(.other, path: path, reason: reason)
    }

    /// Whether the path is not a regular file.
    package var isNotRegularFile: Bool {
        if case .notRegular = code { return true }
        return false
    }

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }

    /// `strerror`'s text, starting in lower case: `permission denied`, `no space left on device`.
    package static func words(forErrno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Plain words for an error thrown by Foundation or the system: the POSIX reason when there is one
    /// (`permission denied`), else a sentence for the Cocoa code, never `NSCocoaErrorDomain error 256`.
    package static func words(for error: any Error) -> String {
        if let error = error as? FileSystemError { return error.reason }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return words(forErrno: Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return words(forErrno: Int32(nsError.code)) }
        guard nsError.domain == NSCocoaErrorDomain else { return nsError.localizedDescription }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileReadTooLargeError: return "the file is too large"
        case NSFileReadInapplicableStringEncodingError, NSFileReadUnknownStringEncodingError:
            return "the file is not valid UTF-8"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "the volume is read-only"
        case NSFileWriteFileExistsError: return "the file already exists"
        case NSFileReadCorruptFileError: return "the file is damaged"
        case NSFileReadUnknownError: return "the file could not be read"
        case NSFileWriteUnknownError: return "the file could not be written"
        default: return "the file could not be accessed (error \(nsError.code))"
        }
    }
}
