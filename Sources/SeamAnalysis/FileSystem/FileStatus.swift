import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path is on disk, as `lstat(2)` (or `stat(2)`, following symbolic links) reports it.
///
/// ```swift
/// let status = FileStatus(path: "report.json", followingLinks: false)
/// if status.kind == .fifo { print("report.json is \(status.kind.phrase)") }   // "a FIFO"
/// ```
package struct FileStatus: Sendable, Equatable {
    /// The kind of file.
    package enum Kind: Sendable, Equatable {
        case missing, regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other

        /// The kind with its article, for messages: `a FIFO`, `a character device`.
        package var phrase: String {
            switch self {
            case .missing: "missing"
            case .regular: "a regular file"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "a special file"
            }
        }
    }

    /// The kind of file; `.missing` when the path does not exist (or cannot be examined).
    package var kind: Kind
    /// The permission bits (`0o644`), `0` when missing.
    package var permissions: UInt32
    /// The owner and group, to give a replacement file the same.
    package var owner: UInt32
    package var group: UInt32
    /// The size in bytes.
    package var size: Int64
    /// The modification time, in nanoseconds since 1970.
    package var modificationTime: Int64
    /// The `errno` of a failed `lstat`/`stat` other than "no such file" (`EACCES` on an unreadable folder).
    package var error: Int32?

    /// Examines `path`; with `followingLinks`, a symbolic link reports what it points to.
    package init(path: String, followingLinks: Bool) {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else {
            let code = errno
            self.init(kind: .missing, info: nil)
            error = code == ENOENT || code == ENOTDIR ? nil : code
            return
        }
        self.init(kind: Self.kind(of: UInt32(info.st_mode)), info: info)
    }

    /// Examines an open file descriptor.
    package init(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            self.init(kind: .missing, info: nil)
            error = errno
            return
        }
        self.init(kind: Self.kind(of: UInt32(info.st_mode)), info: info)
    }

    private init(kind: Kind, info: stat?) {
        self.kind = kind
        permissions = info.map { UInt32($0.st_mode) & 0o7777 } ?? 0
        owner = info.map { UInt32($0.st_uid) } ?? 0
        group = info.map { UInt32($0.st_gid) } ?? 0
        size = info.map { Int64($0.st_size) } ?? 0
        #if canImport(Darwin)
        modificationTime =
            info.map { Int64($0.st_mtimespec.tv_sec) * 1_000_000_000 + Int64($0.st_mtimespec.tv_nsec) } ?? 0
        #else
        modificationTime = info.map { Int64($0.st_mtim.tv_sec) * 1_000_000_000 + Int64($0.st_mtim.tv_nsec) } ?? 0
        #endif
        error = nil
    }

    /// Whether nobody may write the file by its permission bits (`0444`), whoever runs `seam`.
    package var isReadOnly: Bool { kind == .regular && permissions & 0o222 == 0 }

    private static func kind(of mode: UInt32) -> Kind {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): .regular
        case UInt32(S_IFDIR): .directory
        case UInt32(S_IFLNK): .symbolicLink
        case UInt32(S_IFIFO): .fifo
        case UInt32(S_IFCHR): .characterDevice
        case UInt32(S_IFBLK): .blockDevice
        case UInt32(S_IFSOCK): .socket
        default: .other
        }
    }
}
