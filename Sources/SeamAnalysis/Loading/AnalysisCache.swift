import Foundation
import Synchronization

/// What an audit keeps between runs so that it does not parse unchanged files again, at two levels:
///
/// - **The last report of each root**, keyed by everything a report depends on (`RunKey`: every file's content,
///   path and target, the build files, the build of seam and the configuration). When nothing changed, the audit
///   reads every file once to compute the key and returns that report: no file is parsed and no rule runs.
/// - **Each file's own facts** (its declarations, `// seam:ignore` comments and the unresolved facts of its bodies,
///   see `BodyFacts`), one entry per file, keyed by the file's content, path and target, the build of seam and the
///   configuration. When some file changed, only the changed files are parsed. Everything that reads several files
///   (types merged across files, accesses resolved against them, every rule, the metrics and the graph) runs again,
///   so a changed file changes findings elsewhere exactly as it would without the cache.
///
/// Either way the report is the same byte for byte as an audit without the cache.
///
/// ```swift
/// let cache = AnalysisCache(directory: AnalysisCache.defaultDirectory(for: root))
/// let report = try await Auditor(cache: cache).audit(root: root)
/// for note in cache.notes { print(note) }   // entries that could not be read or written
/// ```
///
/// An entry made for other content, another build of seam or another configuration is not used, and is replaced.
/// A report is kept for its root's last audit only, and never read for another key.
/// An entry that cannot be read (truncated, garbage, a folder, over 64 MiB) is never trusted: it is ignored with a
/// note and replaced. Entries are written to a temporary file renamed over the entry, so a reader never sees half
/// of one; a cache folder (or entry folder) that is a symbolic link is not used. A cache that cannot be written
/// leaves a note and the audit goes on. Entries of deleted files stay until the folder is removed.
public final class AnalysisCache: Sendable {
    /// The folder holding the entries (made when first written, with a `.gitignore` that ignores it).
    public let directory: URL

    /// The default folder under the audited root: `.seam-cache`.
    public static let defaultFolderName = ".seam-cache"

    /// `root/.seam-cache`.
    public static func defaultDirectory(for root: URL) -> URL {
        root.appendingPathComponent(defaultFolderName, isDirectory: true)
    }

    /// What the cache did in the runs that used it.
    public struct Statistics: Sendable, Equatable {
        /// Files whose facts were read from the cache.
        public var reused = 0
        /// Files parsed because the cache held nothing for them (or held another content, build or configuration).
        public var parsed = 0
        /// Entries that could not be read and were ignored.
        public var ignored = 0
        /// Audits answered whole from the cache: nothing under the root had changed since the audit that stored the
        /// report (no file was read back or parsed).
        public var reusedReports = 0
    }

    private struct State {
        var statistics = Statistics()
        var notes: [String] = []
        var folderChecked: Bool?
        var notedStaleEntries = false
    }

    private let state = Mutex(State())

    /// A cache in `directory` (nothing is read or written until an audit uses it).
    public init(directory: URL) {
        self.directory = directory
    }

    /// What the runs so far did.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// One sentence per entry ignored or write that failed, in the order they happened (at most 20, then a count).
    public var notes: [String] { state.withLock { $0.notes } }

    /// Entries are made for this build of seam and this layout only.
    static let formatVersion = 4

    /// The largest entry read: facts are a fraction of their file, and files are at most 8 MiB.
    static let maximumEntrySize = 64 << 20

    /// The largest report read: a report is a fraction of the sources it describes (about 40 MB of JSON for a
    /// 500K-line app).
    static let maximumReportSize = 512 << 20

    private static let magic = Array("SEAMFACT".utf8)

    private var entriesDirectory: URL { directory.appendingPathComponent("facts", isDirectory: true) }

    private var reportsDirectory: URL { directory.appendingPathComponent("reports", isDirectory: true) }

    private static let reportMagic = Array("SEAMREPT".utf8)

    // MARK: Used by the load

    /// What every entry of one load is keyed by besides the file: the build and the configuration.
    struct Session: Sendable {
        let cache: AnalysisCache
        let build: String
        let configuration: String

        /// The facts cached for the file, when an entry for exactly this content, path and target exists.
        func facts(for key: FileKey) -> CachedFacts? {
            cache.facts(for: key, session: self)
        }

        func store(_ facts: CachedFacts, for key: FileKey) {
            cache.store(facts, for: key, session: self)
        }
    }

    /// The session for a load with `configuration`.
    func session(configuration: AuditConfiguration) -> Session {
        Session(cache: self, build: Self.buildIdentity, configuration: Self.fingerprint(of: configuration))
    }

    /// What identifies one file's entry.
    struct FileKey: Sendable, Codable, Equatable {
        var path: String
        var target: String
        var content: ContentDigest
    }

    /// What an entry holds: its key, then the facts.
    private struct Entry: Codable {
        var build: String
        var configuration: String
        var key: FileKey
        var facts: CachedFacts
    }

    private func entryURL(for path: String) -> URL {
        let name = ContentDigest(Array(path.utf8)).hex
        return entriesDirectory.appendingPathComponent("\(name).facts", isDirectory: false)
    }

    /// The payload of the entry at `url` after its `magic` and checksum; `nil` when there is no entry.
    ///
    /// - Throws: `EntryError` (or a file-system error) when something is there that is no intact entry.
    private static func readEntry(at url: URL, magic: [UInt8], maximumSize: Int) throws -> [UInt8]? {
        let status = FileStatus(path: url.path, followingLinks: false)
        guard status.kind != .missing else { return nil }
        guard status.kind == .regular else { throw EntryError("it is \(status.kind.phrase)") }
        guard status.size <= maximumSize else { throw EntryError("it is \(status.size) bytes") }
        let bytes = [UInt8](try FileAccess.read(url.path))
        guard bytes.count >= magic.count + 8, Array(bytes[..<magic.count]) == magic else {
            throw EntryError("it is not a seam cache entry")
        }
        let payload = Array(bytes[(magic.count + 8)...])
        let checksum = bytes[magic.count..<(magic.count + 8)].enumerated().reduce(UInt64(0)) {
            $0 | UInt64($1.element) << (8 * UInt64($1.offset))
        }
        guard ContentDigest(payload).low == checksum else { throw EntryError("its checksum does not match") }
        return payload
    }

    /// Writes `payload` behind `magic` and its checksum, to a temporary file renamed over `url` (`.atomic`: a link
    /// planted at the entry's name is replaced, not followed).
    private static func writeEntry(_ payload: [UInt8], magic: [UInt8], to url: URL) throws {
        let checksum = ContentDigest(payload).low
        var bytes = magic
        bytes.reserveCapacity(magic.count + 8 + payload.count)
        for byte in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(byte)))) }
        bytes += payload
        try Data(bytes).write(to: url, options: .atomic)
    }

    private func facts(for key: FileKey, session: Session) -> CachedFacts? {
        guard isFolderUsable() else { return nil }
        do {
            guard
                let payload = try Self.readEntry(
                    at: entryURL(for: key.path), magic: Self.magic, maximumSize: Self.maximumEntrySize)
            else {
                count { $0.parsed += 1 }
                return nil
            }
            let entry = try CompactCoding.decode(Entry.self, from: payload)
            guard entry.build == session.build, entry.configuration == session.configuration, entry.key == key else {
                // Another content: an ordinary miss, replaced after the parse. Another build of seam or another
                // configuration: never trusted, said once.
                if entry.build != session.build || entry.configuration != session.configuration { noteStaleEntry() }
                count { $0.parsed += 1 }
                return nil
            }
            count { $0.reused += 1 }
            return entry.facts
        } catch {
            note("seam: ignored the cache entry for \(key.path) (\(Self.reason(error))); the file was parsed again")
            count {
                $0.ignored += 1
                $0.parsed += 1
            }
            return nil
        }
    }

    private func store(_ facts: CachedFacts, for key: FileKey, session: Session) {
        guard isFolderUsable() else { return }
        let entry = Entry(build: session.build, configuration: session.configuration, key: key, facts: facts)
        do {
            try Self.writeEntry(try CompactCoding.encode(entry), magic: Self.magic, to: entryURL(for: key.path))
        } catch {
            note("seam: could not write the cache entry for \(key.path) in \(directory.path) (\(Self.reason(error)))")
        }
    }

    /// Whether the folders exist (made when missing) and are no symbolic links; decided once per cache.
    private func isFolderUsable() -> Bool {
        if let checked = state.withLock({ $0.folderChecked }) { return checked }
        var usable = true
        for folder in [directory, entriesDirectory, reportsDirectory] {
            let status = FileStatus(path: folder.path, followingLinks: false)
            switch status.kind {
            case .directory: continue
            case .missing:
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    if folder == directory {
                        // Git-ignored wherever it is: the folder ignores itself.
                        try Data("# Made by seam: a cache of what each file tells, safe to delete.\n*\n".utf8)
                            .write(to: folder.appendingPathComponent(".gitignore"), options: .atomic)
                    }
                } catch {
                    note(
                        "seam: could not make the cache folder \(folder.path) (\(Self.reason(error))); files were parsed without it"
                    )
                    usable = false
                }
            default:
                note(
                    "seam: the cache folder \(folder.path) is \(status.kind.phrase), not a folder; files were parsed without it"
                )
                usable = false
            }
            if !usable { break }
        }
        return state.withLock { state in
            if let checked = state.folderChecked { return checked }
            state.folderChecked = usable
            return usable
        }
    }

    // MARK: Used by the audit

    /// What identifies a whole audit: the build, the configuration, the root as given, every file's path, target
    /// and content (or why it could not be read), the build files' contents and the folders that could not be read.
    /// Nothing else goes into a report, so an equal key means an equal report.
    struct RunKey: Sendable, Codable, Equatable {
        var build: String
        var configuration: String
        var root: String
        var inputs: ContentDigest
    }

    /// The key of an audit of `inventory`: reads every Swift file once, `width` at a time.
    func runKey(for inventory: Codebase.Inventory, configuration: AuditConfiguration, width: Int) async -> RunKey {
        let files = await concurrentMap(inventory.entries, width: width) { entry -> [UInt8] in
            let state: String
            do {
                state = try FileAccess.read(entry.path).withUnsafeBytes { ContentDigest($0) }.hex
            } catch {
                state = "unreadable \(FileSystemError.words(for: error))"
            }
            return Array(
                "file \(entry.relativePath)\u{0}\(inventory.targets.target(of: entry.relativePath))\u{0}\(state)\n".utf8
            )
        }
        var inputs = files.flatMap { $0 }
        for buildFile in inventory.buildFiles {
            inputs += Array(
                "build \(buildFile.entry.relativePath)\u{0}\(ContentDigest([UInt8](buildFile.data)).hex)\n".utf8)
        }
        for problem in inventory.unreadableFolders { inputs += Array("folder \(problem.message)\n".utf8) }
        return RunKey(
            build: Self.buildIdentity, configuration: Self.fingerprint(of: configuration),
            root: inventory.root.relativePath, inputs: ContentDigest(inputs))
    }

    /// What a report entry holds: its key, then the report.
    private struct ReportEntry: Codable {
        var key: RunKey
        var report: AuditReport
    }

    private func reportURL(for key: RunKey) -> URL {
        reportsDirectory.appendingPathComponent("\(ContentDigest(Array(key.root.utf8)).hex).report", isDirectory: false)
    }

    /// The report of an earlier audit with exactly this key (one entry is kept per root: the last audit's).
    func report(for key: RunKey) -> AuditReport? {
        guard isFolderUsable() else { return nil }
        do {
            guard
                let payload = try Self.readEntry(
                    at: reportURL(for: key), magic: Self.reportMagic, maximumSize: Self.maximumReportSize),
                case let entry = try CompactCoding.decode(ReportEntry.self, from: payload), entry.key == key
            else { return nil }
            count { $0.reusedReports += 1 }
            return entry.report
        } catch {
            note(
                "seam: ignored the cache's report for \(key.root) (\(Self.reason(error))); the files were audited again"
            )
            count { $0.ignored += 1 }
            return nil
        }
    }

    /// Keeps `report` as the answer to an audit with `key`, replacing the root's earlier one.
    func store(_ report: AuditReport, for key: RunKey) {
        guard isFolderUsable() else { return }
        do {
            try Self.writeEntry(
                try CompactCoding.encode(ReportEntry(key: key, report: report)), magic: Self.reportMagic,
                to: reportURL(for: key))
        } catch {
            note(
                "seam: could not write the cache's report for \(key.root) in \(directory.path) (\(Self.reason(error)))")
        }
    }

    private func count(_ update: (inout Statistics) -> Void) {
        state.withLock { update(&$0.statistics) }
    }

    /// Notes once that entries were made by another build of seam or under another configuration.
    private func noteStaleEntry() {
        let isFirst = state.withLock { state in
            defer { state.notedStaleEntries = true }
            return !state.notedStaleEntries
        }
        if isFirst {
            note(
                "seam: the cache in \(directory.path) was made by another build of seam or under another configuration: its entries were not used, and the files were parsed again"
            )
        }
    }

    /// Keeps a note, up to 20; then counts the rest in the last one.
    private func note(_ text: String) {
        state.withLock { state in
            if state.notes.count < 20 {
                state.notes.append(text)
            } else if state.notes.count == 20 {
                state.notes.append("seam: more cache entries were ignored or not written")
            }
        }
    }

    private struct EntryError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as EntryError: error.description
        case CompactCodingError.truncated: "it ends early"
        case is CompactCodingError, is DecodingError: "it does not hold what seam writes"
        default: FileSystemError.words(for: error)
        }
    }

    // MARK: Keys

    /// This build of seam: the version, the entry format, and the running executable's size and modification time
    /// (a rebuilt seam is another build, whatever its version says).
    static let buildIdentity: String = {
        var identity = "\(SeamVersion.current) format \(formatVersion)"
        if let executable = Bundle.main.executablePath {
            let status = FileStatus(path: executable, followingLinks: true)
            if status.kind == .regular { identity += " \(status.size) \(status.modificationTime)" }
        }
        return identity
    }()

    /// The configuration in a canonical form: its JSON with sorted keys and every array sorted, so that sets
    /// (whose order changes from run to run) give the same text.
    static func fingerprint(of configuration: AuditConfiguration) -> String {
        guard let data = try? JSONEncoder().encode(configuration),
            let object = try? JSONSerialization.jsonObject(with: data),
            let canonical = try? JSONSerialization.data(withJSONObject: sorted(object), options: [.sortedKeys])
        else { return "unencodable" }
        return ContentDigest(Array(canonical)).hex
    }

    private static func sorted(_ object: Any) -> Any {
        switch object {
        case let array as [Any]:
            return array.map(sorted).sorted { describe($0) < describe($1) }
        case let dictionary as [String: Any]:
            return dictionary.mapValues(sorted)
        default:
            return object
        }
    }

    private static func describe(_ object: Any) -> String {
        guard JSONSerialization.isValidJSONObject([object]),
            let data = try? JSONSerialization.data(withJSONObject: [object], options: [.sortedKeys])
        else { return "\(object)" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// What `ParsedFile.parse` learns from one file, as the cache keeps it: everything but the syntax tree, the text
/// and the line table (both made again from the file's bytes).
struct CachedFacts: Codable, Sendable {
    var suppressions: Suppressions
    var fragments: [DeclaredFragment]
    var globals: [DeclaredGlobal]
    var aliases: [DeclaredAlias]
    var capitalizedFunctions: [String]
    var body: BodyFacts
    var problem: FileProblem?
    var isTest: Bool
    var target: String
    var nestingDepth: Int
    var isGenerated: Bool
    /// Whether the file was walked (it has a text and a line table); `false` for a file over a nesting limit.
    var isWalked: Bool
}

/// A 128-bit digest of bytes, for cache keys: two 64-bit lanes over 8-byte words, each a multiply and a shift.
/// Fast (several GB/s) and spreads any change of the bytes over every bit; it detects edits, not forgeries (whoever
/// can forge an entry can change the source itself).
struct ContentDigest: Sendable, Codable, Hashable {
    var low: UInt64
    var high: UInt64
    var count: Int

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentDigest($0) }
    }

    init(_ bytes: UnsafeRawBufferPointer) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            a = (a ^ word) &* 0xFF51_AFD7_ED55_8CCD
            a ^= a >> 32
            b = (b &+ word) &* 0xC4CE_B9FE_1A85_EC53
            b ^= b >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        a = Self.mix((a ^ tail) &* 0xFF51_AFD7_ED55_8CCD)
        b = Self.mix((b &+ tail) &* 0xC4CE_B9FE_1A85_EC53 ^ a)
        low = a
        high = b
        count = bytes.count
    }

    /// MurmurHash3's finalizer.
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    var hex: String {
        func digits(_ value: UInt64) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return digits(high) + digits(low)
    }
}
