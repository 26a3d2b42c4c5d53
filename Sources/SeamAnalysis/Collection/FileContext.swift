/// What the file walk needs to know about the file it walks: its path, whether it is a test, and how to
/// turn offsets into locations.
struct FileContext: Sendable {
    let path: String
    let lineTable: LineTable
    let isTest: Bool
    /// The build target the file belongs to (see `ProjectTargets`), `""` for the root.
    var target = ""
    /// How deeply the file nests (`NestingScan.depth`): whether a parse of it needs `LargeStack`.
    var nestingDepth = 0

    /// Whether the file is a SwiftPM manifest (`Package.swift`, `Package@swift-5.9.swift`): build settings, whose
    /// package URLs and names are no hard-coded values of the app.
    let isManifest: Bool

    init(path: String, lineTable: LineTable, isTest: Bool, target: String = "", nestingDepth: Int = 0) {
        self.path = path
        self.lineTable = lineTable
        self.isTest = isTest
        self.target = target
        self.nestingDepth = nestingDepth
        let name = PathText.name(of: path)
        isManifest = name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// The location of a UTF-8 offset.
    func location(at offset: Int) -> SourceLocation {
        let (line, column) = lineTable.lineAndColumn(ofOffset: offset)
        return SourceLocation(file: path, line: line, column: column)
    }

    /// Lines spanned by a text range (trivia excluded), at least one.
    func lineSpan(of range: Range<Int>) -> Int {
        let start = lineTable.lineAndColumn(ofOffset: range.lowerBound).line
        let end = lineTable.lineAndColumn(ofOffset: max(range.upperBound - 1, 0)).line
        return max(end - start + 1, 1)
    }
}
