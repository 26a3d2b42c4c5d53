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
/// - Writing goes through a symbolic link to its target (only links the caller or root owns), never replaces a FIFO, device, socket or folder,
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
            let count = data.withUnsafeMutableBytes {
                posixRead(descriptor, $0.baseAddress! + length, $0.count - length)
            }
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
    ///
    /// - Parameter trustedLinksOnly: follow only symbolic links owned by the caller (or by root): a link another
    ///   user planted (in `/tmp`, say) is refused, so a privileged run never writes where someone else points it.
    ///   The kernel's protected-symlinks rule cannot help there, since the link is resolved here, not by `open`.
    package static func writeTarget(of path: String, trustedLinksOnly: Bool = false) throws(FileSystemError) -> String {
        var current = path
        for _ in 0..<40 {
            let status = FileStatus(path: current, followingLinks: false)
            switch status.kind {
            case .missing, .regular:
                if let code = status.error { throw .system(path, errno: code) }
                return current
            case .symbolicLink:
                if trustedLinksOnly, status.owner != geteuid(), status.owner != 0 {
                    let link = path == current ? "it is a symbolic link" : "\(current) is a symbolic link"
                    throw .other(
                        path,
                        reason: "\(link) owned by another user (uid \(status.owner)), which seam does not follow; "
                            + "remove it, or name the file it points to")
                }
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw .other(path, reason: "cannot read the symbolic link \(current)")
                }
                current =
                    destination.hasPrefix("/") ? destination : PathText.join(PathText.folder(of: current), destination)
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
        let target = try writeTarget(of: path, trustedLinksOnly: true)
        try replace(target, with: data, displayPath: path)
        return target
    }

    /// ``write(_:to:)``, after removing the stale temporary files an interrupted earlier write may have left
    /// in the target's folder (see ``TemporaryName/removeStale(in:now:)``).
    @discardableResult
    package static func writeReplacingStaleTemporaries(_ data: Data, to path: String) throws(FileSystemError) -> String
    {
        guard !path.isEmpty else { throw .other(path, reason: "an empty file name") }
        let target = try writeTarget(of: path, trustedLinksOnly: true)
        let folder = PathText.folder(of: target)
        TemporaryName.removeStale(in: folder.isEmpty ? "." : folder)
        try replace(target, with: data, displayPath: path)
        return target
    }

    /// Writes `data` to a temporary file next to `target` and renames it over `target` (which must be a
    /// regular file or missing; the caller checked). `displayPath` names the file in errors.
    package static func replace(_ target: String, with data: Data, displayPath: String) throws(FileSystemError) {
        let existing = FileStatus(path: target, followingLinks: false)
        let directory = PathText.folder(of: target)
        let folder = directory.isEmpty ? "." : directory
        let temporary = PathText.join(folder, TemporaryName.make(for: PathText.name(of: target)))
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
