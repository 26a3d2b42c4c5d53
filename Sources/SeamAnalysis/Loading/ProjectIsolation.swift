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
    init(buildFiles: [SourceDiscovery.Entry]) {
        for file in buildFiles {
            guard let data = try? Data(contentsOf: file.url), data.count < 32 << 20 else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let isPackage = file.url.lastPathComponent == "Package.swift"
            var settings = Settings()
            if isPackage {
                settings.mainActorByDefault = Self.mentions("defaultIsolation(MainActor", in: text)
                settings.asyncRunsOnCaller = Self.mentions("\"NonisolatedNonsendingByDefault\"", in: text)
            } else {
                settings.mainActorByDefault = Self.setting("SWIFT_DEFAULT_ACTOR_ISOLATION", in: text) == "MainActor"
                settings.asyncRunsOnCaller =
                    Self.setting("SWIFT_APPROACHABLE_CONCURRENCY", in: text) == "YES"
                    || Self.setting("SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT", in: text) == "YES"
                    || Self.mentions("NonisolatedNonsendingByDefault", in: text)
            }
            guard settings != Settings() else { continue }
            let folder = isPackage ? String(file.relativePath.dropLast("Package.swift".count)) : ""
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

    /// The value of the first `NAME = value;` (Xcode, `.xcconfig`) or `NAME: value` (XcodeGen) setting that
    /// is not `NO`/empty, quotes removed.
    static func setting(_ name: String, in text: String) -> String? {
        guard containsBytes(name, in: text) else { return nil }
        var found: String?
        var remaining = text[...]
        while found == nil, let range = remaining.range(of: name) {
            remaining = remaining[range.upperBound...]
            let line = remaining.prefix { $0 != "\n" }
            let value = line.drop { $0 == " " || $0 == "\t" || $0 == "=" || $0 == ":" || $0 == "\"" }
                .prefix { $0 != ";" && $0 != "\"" && $0 != " " && $0 != "\r" }
            if !value.isEmpty && value != "NO" && value != "nonisolated" { found = String(value) }
        }
        return found
    }

    /// `text.contains(needle)`, answered without Foundation when the bytes are not there at all.
    private static func mentions(_ needle: String, in text: String) -> Bool {
        containsBytes(needle, in: text) && text.contains(needle)
    }

    /// Whether `needle`'s UTF-8 bytes occur in `text`'s: a necessary condition for Foundation's `range(of:)`
    /// and `contains` to find these ASCII names, checked first because most build files mention none of them
    /// and Foundation's search of a large `project.pbxproj` (UTF-16, canonical equivalence) cost up to 7% of
    /// a real app's audit.
    static func containsBytes(_ needle: String, in text: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard let first = pattern.first, let base = haystack.baseAddress, haystack.count >= pattern.count else {
                    return pattern.isEmpty
                }
                // Candidates by `memchr` on the first byte: a large project.pbxproj is searched several times.
                let last = haystack.count - pattern.count
                var index = 0
                while index <= last, let found = memchr(base + index, Int32(first), last - index + 1) {
                    let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if (1..<pattern.count).allSatisfy({ haystack[candidate + $0] == pattern[$0] }) { return true }
                    index = candidate + 1
                }
                return false
            }
        }
    }
}
