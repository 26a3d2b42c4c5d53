import Foundation
import SeamTestSupport
import Testing

/// `seam report` checked as a person would: the page opened in headless Chromium (Debian's `chromium`, which
/// `.ci/run` installs), screenshotted, its script run, its graph counted and measured from the live DOM.
///
/// Skipped where `chromium` is not on `PATH`, unless `SEAM_REQUIRE_CHROMIUM` is set (`.ci/run` sets it on Linux,
/// after installing the browser): there a missing browser fails the test.
@Suite(
    "seam report in Chromium", .serialized,
    .enabled(
        if: Chromium.path != nil || Chromium.isRequired,
        "chromium is not installed (apt-get install chromium; .ci/run installs it)"))
struct ReportBrowserTests {
    @Test func theLegacyAppsReportLoadsCleanlyWithItsWholeGraph() async throws {
        let folder = try TemporaryDirectory(prefix: "report-browser")
        defer { folder.remove() }
        let page = folder.url("legacy.html")
        let report = try await SeamCLI.run(["report", "Examples/LegacyApp", "--output", page.path])
        #expect(report.status == 0, "\(report.stderr)")
        let audit = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--format", "json"])
        let expected = try GraphCounts.expected(fromAudit: audit.stdout)

        let dom = try await Chromium.check(page, in: folder, screenshot: folder.url("legacy.png"), height: 2400)
        #expect(dom.nodes.count == expected.nodes)
        #expect(dom.edges == expected.edges)
        #expect(dom.declaredCounts.nodes == expected.nodes && dom.declaredCounts.edges == expected.edges)
        #expect(dom.overlaps.isEmpty, "overlapping boxes: \(dom.overlaps)")
        #expect(expected.nodes > 10)

        // What a click on DataStore's box does, through the address the click writes: only its findings show.
        let json = try #require(JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let own = findings.filter { $0["type"] as? String == "DataStore" }.count
        let filtered = try await Chromium.dumpDOM(URL(string: page.absoluteString + "#filter=DataStore")!, in: folder)
        let items = filtered.matches(of: #/<li class="finding [^>]*>/#).map { String($0.output) }
        #expect(items.count == findings.count)
        #expect(own > 0 && items.filter { !$0.contains("hidden=") }.count == own)
        #expect(items.filter { !$0.contains("hidden=") }.allSatisfy { $0.contains("data-type=\"DataStore\"") })
        #expect(filtered.contains("class=\"node role-service singleton cycle selected related\""))
    }

    @Test func aThousandTypeCorpusIsGroupedByTargetAndStillLoadsCleanly() async throws {
        let corpus = try TemporaryDirectory(prefix: "report-corpus")
        defer { corpus.remove() }
        // 20 modules × 50 types: each type a singleton that reaches the same type of the next module, and is
        // injected into the next type of its own module; module 19 reaches back to module 0 (a cycle).
        for module in 0..<20 {
            for index in 0..<50 {
                let name = "Type\(module)x\(index)"
                let reached = "Type\((module + 1) % 20)x\(index)"
                let injected = index < 49 ? "Type\(module)x\(index + 1)" : nil
                var source = "final class \(name) {\n    static let shared = \(name)()\n"
                if let injected {
                    source += "    let next: \(injected)\n    init(next: \(injected)) { self.next = next }\n"
                } else {
                    source += "    init() {}\n"
                }
                source += "    func run() -> Int { \(reached).shared.value }\n    var value: Int { 1 }\n}\n"
                try corpus.write(source, to: "Module\(module)/\(name).swift")
            }
        }
        let page = corpus.url("corpus.html")
        let report = try await SeamCLI.run(["report", corpus.path, "--output", page.path])
        #expect(report.status == 0, "\(report.stderr)")
        let audit = try await SeamCLI.run(["audit", corpus.path, "--format", "json"])
        let types = try GraphCounts.expected(fromAudit: audit.stdout)
        #expect(types.nodes == 1_000)
        let expected = try GraphCounts.expected(fromAudit: audit.stdout, groupedByTopFolder: true)
        #expect(expected.nodes == 20 && expected.edges == 20)

        let dom = try await Chromium.check(page, in: corpus, screenshot: corpus.url("corpus.png"), height: 1600)
        #expect(dom.html.contains("data-grouped=\"yes\""))
        #expect(dom.nodes.count == expected.nodes)
        #expect(dom.edges == expected.edges)
        #expect(dom.overlaps.isEmpty, "overlapping boxes: \(dom.overlaps)")
    }
}

/// Headless Chromium, run on a page.
enum Chromium {
    /// The browser on `PATH`, if any.
    static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// Whether a missing browser is a failure (`SEAM_REQUIRE_CHROMIUM`, set by `.ci/run`).
    static var isRequired: Bool { ProcessInfo.processInfo.environment["SEAM_REQUIRE_CHROMIUM"]?.isEmpty == false }

    /// What the loaded page's DOM holds.
    struct Page {
        var html: String
        var nodes: [(x: Double, y: Double, width: Double, height: Double)]
        var edges: Int
        var declaredCounts: (nodes: Int, edges: Int)
        var overlaps: [String]
    }

    /// `timeout 120 chromium` and the options every run takes: headless, a profile in `scratch`, logs on stderr.
    private static func arguments(_ scratch: TemporaryDirectory) throws -> [String] {
        let chromium = try #require(path, "chromium is not on PATH, and SEAM_REQUIRE_CHROMIUM requires it")
        return [
            "120", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(scratch.url("chromium-profile").path)", "--enable-logging=stderr", "--v=0",
        ]
    }

    /// The DOM of `page` once its script ran, checking the marker the script sets as its last statement and
    /// that nothing reached the console (no error, no `Uncaught` exception, no refused request).
    static func dumpDOM(_ page: URL, in scratch: TemporaryDirectory) async throws -> String {
        let dump = try await Command.run(
            "timeout", try arguments(scratch) + ["--virtual-time-budget=5000", "--dump-dom", page.absoluteString],
            in: scratch.url)
        #expect(dump.status == 0, "\(dump.stderr.suffix(2000))")
        #expect(dump.stdout.contains("data-seam-ready=\"yes\""), "the page's script did not finish")
        let console = dump.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        #expect(console.isEmpty, "console output: \(console)")
        return dump.stdout
    }

    /// Opens `page` in headless Chromium twice: once to dump the DOM after the page's script ran (checking
    /// its marker and that nothing reached the console), once for a screenshot of `height` pixels.
    static func check(_ page: URL, in scratch: TemporaryDirectory, screenshot: URL, height: Int) async throws -> Page {
        let common = try arguments(scratch)
        let html = try await dumpDOM(page, in: scratch)

        let shot = try await Command.run(
            "timeout",
            common + [
                "--hide-scrollbars", "--window-size=1280,\(height)", "--screenshot=\(screenshot.path)",
                page.absoluteString,
            ],
            in: scratch.url)
        #expect(shot.status == 0, "\(shot.stderr.suffix(2000))")
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 20_000, "screenshot of \(png.count) bytes")

        let boxes = html.matches(
            of:
                #/<g class="node [^"]*"[^>]*data-x="([-0-9.]+)" data-y="([-0-9.]+)" data-w="([0-9.]+)" data-h="([0-9.]+)"/#
        )
        .map {
            (
                x: Double($0.1) ?? .nan, y: Double($0.2) ?? .nan, width: Double($0.3) ?? .nan,
                height: Double($0.4) ?? .nan
            )
        }
        var overlaps: [String] = []
        for first in boxes.indices {
            for second in boxes.indices where second > first {
                let a = boxes[first], b = boxes[second]
                if a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height {
                    overlaps.append("\(first)/\(second)")
                }
            }
        }
        let declared = html.firstMatch(of: #/data-node-count="(\d+)" data-edge-count="(\d+)"/#)
        return Page(
            html: html, nodes: boxes, edges: html.components(separatedBy: "<path class=\"edge ").count - 1,
            declaredCounts: (Int(declared?.1 ?? "") ?? -1, Int(declared?.2 ?? "") ?? -1), overlaps: overlaps)
    }
}
