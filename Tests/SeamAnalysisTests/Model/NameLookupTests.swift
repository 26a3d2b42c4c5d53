import Testing

@testable import SeamAnalysis

/// Name handling on the lookup paths: dotted names' components, and the first test at each bare reference
/// of a file (could it name a global instance?).
@Suite("name lookups")
struct NameLookupTests {
    @Test(
        "the last component of a dotted name, on UTF-8 bytes",
        arguments: [("Outer.Inner", "Inner"), ("A.B.C", "C"), ("Plain", "Plain"), ("", ""), ("Café.Menü", "Menü")])
    func lastComponent(name: String, expected: String) {
        #expect(name.lastNameComponent == expected)
        #expect((name.lastDotIndex != nil) == name.contains("."))
    }

    @Test(
        "constant-like types by name, namespace, suffix or inner word, compared as bytes",
        arguments: [
            ("CGFloat", true), ("Publishers.Merge4", true), ("Publishers", true), ("UnitConverterLinear", true),
            ("ISO8601DateFormatter", true), ("App.ShowPreviewStore", true), ("PublishingStore", false),
            ("DataStore", false), ("Int.Store", false), ("", false), ("Café", false),
        ])
    func constantLike(name: String, expected: Bool) {
        #expect(SingletonClassifier.isConstantLike(name) == expected)
    }

    @Test("UTF-8 suffixes and inner words")
    func utf8Searches() {
        #expect("ScreenPreviews".hasUTF8Suffix("Previews"))
        #expect(!"Previews".hasUTF8Suffix("ScreenPreviews"))
        #expect("Menü".hasUTF8Suffix("ü") && !"Menu".hasUTF8Suffix("ü"))
        #expect("AFormatterB".containsUTF8("Formatter") && "FoFormatter".containsUTF8("Formatter"))
        #expect(!"Formatte".containsUTF8("Formatter") && !"".containsUTF8("x") && "x".containsUTF8(""))
    }

    @Test("names of the set always may be in it; names of another length or first byte are not")
    func shapes() {
        var shapes = NameShapes()
        #expect(!shapes.mayContain(Array("Current".utf8)))
        for name in ["Current", "appDatabase", "é", String(repeating: "x", count: 80)] { shapes.insert(name) }
        for name in ["Current", "appDatabase", "é", String(repeating: "x", count: 80)] {
            #expect(shapes.mayContain(Array(name.utf8)), "\(name)")
        }
        #expect(!shapes.mayContain(Array("current".utf8)))  // first byte
        #expect(!shapes.mayContain(Array("Cur".utf8)))  // length
        #expect(!shapes.mayContain(Array("".utf8)))
        #expect(shapes.mayContain(Array(String(repeating: "x", count: 70).utf8)))  // long names share a bit
    }

    @Test("a backquoted reference reaches the global it names; a name of the same shape that is none does not")
    func backquoted() async throws {
        let codebase = try await load([
            "World.swift": """
            final class APIClient { func fetch() {} }
            struct World { var api: APIClient = APIClient() }
            var Current = World()
            """,
            "Feed.swift": "final class FeedViewModel { func load() { `Current`.api.fetch(); Cirrent.api.fetch() } }",
        ])
        #expect(codebase.singletonAccesses.map(\.location.column) == [43])
    }
}
