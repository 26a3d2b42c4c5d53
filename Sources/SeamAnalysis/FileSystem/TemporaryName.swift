import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of `seam`'s temporary files, `.<name>.seam-tmp-<pid>-<random>`: hidden, next to the file they
/// replace, and obviously `seam`'s. A run killed mid-write can leave one behind; the next run that writes in
/// the same folder removes it, once its process is gone (or it is older than ``staleAge``).
///
/// ```swift
/// TemporaryName.make(for: "Home.swift")          // ".Home.swift.seam-tmp-4242-9f3a61c0"
/// TemporaryName.removeStale(in: "Sources/App")   // the names it removed
/// ```
package enum TemporaryName {
    /// The marker between the original name and the owner's process id.
    package static let marker = ".seam-tmp-"

    /// How old a temporary file must be before it is removed even though its process id is in use (process
    /// ids are reused): no single file write takes this long.
    package static let staleAge: TimeInterval = 10 * 60

    /// A fresh temporary name for replacing `name`, owned by this process.
    ///
    /// The name is shortened (at a character boundary) so that the temporary name fits the 255 bytes a file
    /// name may have: a long name that can be written can be replaced too.
    package static func make(for name: String) -> String {
        let random = UInt32.random(in: 0...UInt32.max)
        let hex = String(random, radix: 16)
        let suffix = "\(marker)\(getpid())-\(String(repeating: "0", count: 8 - hex.count))\(hex)"
        let room = maximumNameLength - 1 - suffix.utf8.count
        var kept = Substring(name)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return ".\(kept)\(suffix)"
    }

    /// The longest file name most file systems accept, in bytes (`NAME_MAX`).
    static let maximumNameLength = 255

    /// The process id in a temporary name `seam` made, or `nil` for any other name.
    ///
    /// The temporary files of earlier `seam` versions (`.<name>.seam-<UUID>.tmp`) are recognised too, with
    /// process id 0 (unknown owner: removed by age alone).
    package static func owner(of name: String) -> Int32? {
        guard name.hasPrefix(".") else { return nil }
        if let range = name.range(of: marker, options: .backwards) {
            let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, parts[1].count == 8,
                parts[1].allSatisfy(\.isHexDigit), range.lowerBound > name.index(after: name.startIndex)
            else { return nil }
            return pid
        }
        // `.<name>.seam-<UUID>.tmp`, written by seam 0.1.0.
        guard name.hasSuffix(".tmp"), let range = name.range(of: ".seam-", options: .backwards) else { return nil }
        let uuid = name[range.upperBound..<name.index(name.endIndex, offsetBy: -4)]
        return uuid.count == 36 && UUID(uuidString: String(uuid)) != nil ? 0 : nil
    }

    /// Removes `seam`'s stale temporary files in `directory`: regular files with a `seam` temporary name
    /// whose process is no longer running, or that are older than ``staleAge``. Other files are never touched.
    ///
    /// - Returns: the names removed, sorted.
    @discardableResult
    package static func removeStale(in directory: String, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = owner(of: name), pid != getpid() else { continue }
            let path = PathText.join(directory, name)
            let status = FileStatus(path: path, followingLinks: false)
            guard status.kind == .regular else { continue }
            let age = now.timeIntervalSince1970 - Double(status.modificationTime) / 1e9
            guard age > staleAge || (pid > 0 && !isRunning(pid)) else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Whether a process with this id exists (it may belong to another user).
    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
