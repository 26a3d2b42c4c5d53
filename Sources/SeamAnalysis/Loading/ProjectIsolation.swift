import Foundation

/// What the build settings under the audited root say about where unannotated code runs, for
/// `ui-state-off-main-actor`:
///
/// - `MainActor` as the default isolation (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` in an Xcode project,
///   an `.xcconfig` or an XcodeGen spec; `.defaultIsolation(MainActor.self)` in a `Package.swift`): classes
///   without an annotation are main-actor types, so their state is not written off the main actor.
/// - Non-isolated `async` functions running on their caller's actor (`NonisolatedNonsendingByDefault`,
///   `SWIFT_APPROACHABLE_CONCURRENCY = YES`): an `async` method is no longer off the main actor by itself.
///
/// Which target a file belongs to is not known without the project's build graph, so a setting found in a
/// project, `.xcconfig` or XcodeGen file applies to the whole root, and one in a `Package.swift` to the
/// files under that package's folder: when in doubt, the rule stays silent.
struct ProjectIsolation: Sendable {
    struct Settings: Sendable, Equatable {
        var mainActorByDefault = false
        var asyncRunsOnCaller = false
    }

    /// Folder (relative to the root, `""` for the whole root) → its settings.
    private var scopes: [String: Settings] = [:]

    init() {}

    /// Reads the build files found next to the sources (see `SourceDiscovery.buildFiles`).
    init(buildFiles: [SourceDiscovery.BuildFile]) {
        for file in buildFiles {
            let isPackage = file.entry.name == "Package.swift"
            let settings = file.data.withUnsafeBytes { raw in
                Self.settings(in: raw.bindMemory(to: UInt8.self), isPackage: isPackage)
            }
            guard settings != Settings() else { continue }
            let folder = isPackage ? String(file.entry.relativePath.dropLast("Package.swift".count)) : ""
            var merged = scopes[folder] ?? Settings()
            merged.mainActorByDefault = merged.mainActorByDefault || settings.mainActorByDefault
            merged.asyncRunsOnCaller = merged.asyncRunsOnCaller || settings.asyncRunsOnCaller
            scopes[folder] = merged
        }
    }

    /// The settings that hold for the file at `path` (relative to the root).
    func settings(for path: String) -> Settings {
        var result = Settings()
        for (folder, settings) in scopes where folder.isEmpty || path.hasPrefix(folder) {
            result.mainActorByDefault = result.mainActorByDefault || settings.mainActorByDefault
            result.asyncRunsOnCaller = result.asyncRunsOnCaller || settings.asyncRunsOnCaller
        }
        return result
    }

    /// The settings one build file states.
    private static func settings(in bytes: UnsafeBufferPointer<UInt8>, isPackage: Bool) -> Settings {
        var settings = Settings()
        if isPackage {
            settings.mainActorByDefault = offset(of: "defaultIsolation(MainActor", in: bytes) != nil
            settings.asyncRunsOnCaller = offset(of: "\"NonisolatedNonsendingByDefault\"", in: bytes) != nil
        } else {
            settings.mainActorByDefault = setting("SWIFT_DEFAULT_ACTOR_ISOLATION", in: bytes) == "MainActor"
            settings.asyncRunsOnCaller =
                setting("SWIFT_APPROACHABLE_CONCURRENCY", in: bytes) == "YES"
                || setting("SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT", in: bytes) == "YES"
                || offset(of: "NonisolatedNonsendingByDefault", in: bytes) != nil
        }
        return settings
    }

    /// The value of the first `NAME = value;` (Xcode, `.xcconfig`) or `NAME: value` (XcodeGen) setting that
    /// is not `NO`/empty, quotes removed.
    static func setting(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isSeparator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\"")
        }
        func endsValue(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
        var from = 0
        while let start = offset(of: name, in: bytes, from: from) {
            var index = start + name.utf8.count
            while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
            let valueStart = index
            while index < bytes.count, !endsValue(bytes[index]) { index += 1 }
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            if !value.isEmpty && value != "NO" && value != "nonisolated" { return value }
            from = start + 1
        }
        return nil
    }

    /// The offset of the first occurrence of `needle` at or after `from`. Build files are searched as bytes:
    /// Foundation's search of a large `project.pbxproj` (UTF-16, canonical equivalence) cost up to 7% of a real
    /// app's audit, and every name searched for is ASCII.
    private static func offset(of needle: String, in haystack: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        haystack.firstOffset(of: Array(needle.utf8), from: from)
    }
}
