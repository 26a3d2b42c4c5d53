import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How `seam` reads and replaces the user's files: only regular files, through symbolic links, atomically.
///
/// - Reading refuses FIFOs, devices and sockets (`not a regular file`) instead of blocking on them.
/// - Writing goes through a symbolic link to its target, never replaces a FIFO, device, socket or folder,
///   and is atomic: the bytes go to ``TemporaryName`` next to the target, are flushed to disk, get the
///   target's permissions (and owner, when allowed), then `rename(2)` replaces the target in one step.
///
/// ```swift
/// try FileAccess.write(Data(report.utf8), to: "reports/seam.json")
/// let baseline = try FileAccess.read("seam-baseline.json")
/// ```
package enum FileAccess {
    /// The bytes of the regular file at `path` (following symbolic links).
    ///
    /// - Throws: `FileSystemError` naming the path: missing, unreadable, or not a regular file.
    package static func read(_ path: String) throws(FileSystemError) -> Data {
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; it is refused just below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(path, errno: errno) }
        defer { close(descriptor) }
        let status = FileStatus(descriptor: descriptor)
        guard status.kind == .regular else { throw .notRegular(path, kind: status.kind) }
        // Read into a buffer of the file's size (one `read` for most files), growing it should the file grow.
        var data = Data(count: Int(max(0, status.size)) + 1)
        var length = 0
        while true {
            if length == data.count { data.count *= 2 }
            let count = data.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress! + length, $0.count - length) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(path, errno: errno)
            }
            length += count
        }
        data.count = length
        return data
    }

    /// The file a write to `path` replaces: `path` itself, or the end of its chain of symbolic links.
    ///
    /// - Throws: `FileSystemError` when the path (or its target) exists and is not a regular file, or the
    ///   links loop.
    package static func writeTarget(of path: String) throws(FileSystemError) -> String {
        var current = path
        for _ in 0..<40 {
            let status = FileStatus(path: current, followingLinks: false)
            switch status.kind {
            case .missing, .regular:
                if let code = status.error { throw .system(path, errno: code) }
                return current
            case .symbolicLink:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw .other(path, reason: "cannot read the symbolic link \(current)")
                }
                current = destination.hasPrefix("/")
                    ? destination : (current as NSString).deletingLastPathComponent.appendingPathComponentOrSelf(destination)
            default:
                throw .notRegular(path == current ? path : "\(path) (→ \(current))", kind: status.kind)
            }
        }
        throw .other(path, reason: "too many levels of symbolic links")
    }

    /// Replaces the file at `path` (or its symbolic link's target) with `data`, atomically.
    ///
    /// A new file gets the permissions the process's umask allows; an existing one keeps its permissions and,
    /// when the process may set them, its owner and group.
    ///
    /// - Returns: the path actually written (the link's target for a symbolic link).
    /// - Throws: `FileSystemError` when the target is not a regular file or cannot be written.
    @discardableResult
    package static func write(_ data: Data, to path: String) throws(FileSystemError) -> String {
        let target = try writeTarget(of: path)
        try replace(target, with: data, displayPath: path)
        return target
    }

    /// ``write(_:to:)``, after removing the stale temporary files an interrupted earlier write may have left
    /// in the target's folder (see ``TemporaryName/removeStale(in:now:)``).
    @discardableResult
    package static func writeReplacingStaleTemporaries(_ data: Data, to path: String) throws(FileSystemError) -> String {
        let target = try writeTarget(of: path)
        let folder = (target as NSString).deletingLastPathComponent
        TemporaryName.removeStale(in: folder.isEmpty ? "." : folder)
        try replace(target, with: data, displayPath: path)
        return target
    }

    /// Writes `data` to a temporary file next to `target` and renames it over `target` (which must be a
    /// regular file or missing; the caller checked). `displayPath` names the file in errors.
    package static func replace(_ target: String, with data: Data, displayPath: String) throws(FileSystemError) {
        let existing = FileStatus(path: target, followingLinks: false)
        let directory = (target as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        let temporary = (folder as NSString).appendingPathComponent(TemporaryName.make(for: (target as NSString).lastPathComponent))
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .system(displayPath, errno: errno, doing: "cannot create a temporary file in \(folder)")
        }
        var closed = false
        do throws(FileSystemError) {
            try writeAll(data, to: descriptor, path: displayPath)
            if existing.kind == .regular {
                if geteuid() == 0 || existing.owner == geteuid() {
                    _ = fchown(descriptor, uid_t(existing.owner), gid_t(existing.group))
                }
                guard fchmod(descriptor, mode_t(existing.permissions)) == 0 else {
                    throw .system(displayPath, errno: errno, doing: "cannot keep its permissions")
                }
            }
            guard fsync(descriptor) == 0 else { throw .system(displayPath, errno: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw .system(displayPath, errno: errno) }
            guard rename(temporary, target) == 0 else { throw .system(displayPath, errno: errno) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        syncDirectory(folder)
    }

    /// Flushes a folder's entries (a rename or an unlink in it) to disk; failures are ignored (some file
    /// systems do not support it).
    package static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(FileSystemError) {
        var failure: Int32?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = posixWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if let failure { throw .system(path, errno: failure) }
    }
}

/// `write(2)` and `read(2)`, named apart from `FileAccess.write` and `FileAccess.read`.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension String {
    /// `self + "/" + component`, or `component` alone when `self` is empty.
    fileprivate func appendingPathComponentOrSelf(_ component: String) -> String {
        isEmpty ? component : (self as NSString).appendingPathComponent(component)
    }
}
