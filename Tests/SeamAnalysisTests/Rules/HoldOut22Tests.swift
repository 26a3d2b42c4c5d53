import SeamAnalysis
import Testing

/// Hold-out round 22's false findings and misses (flipcash, onebusaway, sciencejournal; now tuning), each a shape met
/// there.
@Suite("hold-out 22: capitalized functions, palettes, units of time, log metadata")
struct HoldOut22Tests {
    /// onebusaway (OneBusAway/onebusaway-ios): 129 of its 137 reported singletons were localized strings,
    /// `public static let close = OBALoc("common.close", value: "Close", comment: …)`, read as holding one shared
    /// `OBALoc`, and their 227 uses as accesses of a locator's members.
    @Test(
        "a call of a capitalized top-level function of the codebase builds no instance: no singleton, static or global")
    func capitalizedFunctionCalls() async throws {
        let report = try await audit([
            "Strings.swift": """
            func OBALoc(_ key: String, value: String, comment: String) -> String { value }
            public class Strings {
                public static let close = OBALoc("common.close", value: "Close", comment: "The verb 'to close'.")
                public static let cancel = OBALoc("common.cancel", value: "Cancel", comment: "The verb 'to cancel'.")
            }
            let greeting = OBALoc("common.greeting", value: "Hi", comment: "")
            """,
            "Stores.swift": """
            final class ImageStore { func load() {} }
            enum Stores { static let images = ImageStore() }
            let session = URLSession(configuration: .default)
            final class Screen {
                func show() -> String {
                    Stores.images.load()
                    _ = session
                    return Strings.close + Strings.cancel + greeting
                }
            }
            """,
        ])
        #expect(Set(report.subjects(.singletonDeclaration)) == ["Stores.images", "session"])
        #expect(report.metrics.singletonAccesses == 2)
    }

    /// onebusaway: `public final class ThemeColors: NSObject { public static let shared = ThemeColors(); public let
    /// brand: UIColor; … }`, 20 immutable colours, was reported as a singleton and each type reading it took it as a
    /// dependency (round 22's judge: a palette, as the spec has it). A palette whose colours can change (a theme
    /// manager's `var current`) is still one.
    @Test("the `shared` instance of an immutable palette class is a constant; a palette with a `var` is a singleton")
    func immutablePaletteShared() async throws {
        let report = try await audit([
            "Theme.swift": """
            import UIKit
            public final class ThemeColors: NSObject {
                public static let shared = ThemeColors()
                public let brand: UIColor
                public let lightText: UIColor
                public let secondaryLabel: UIColor
                override init() {
                    brand = .red; lightText = .white; secondaryLabel = .gray
                }
            }
            final class ThemeManager {
                static let shared = ThemeManager()
                var background: UIColor = .white
                var accent: UIColor = .red
                var text: UIColor = .black
            }
            final class Row {
                func tint() -> UIColor { ThemeColors.shared.brand }
                func back() -> UIColor { ThemeManager.shared.background }
            }
            """
        ])
        #expect(Set(report.subjects(.singletonDeclaration)) == ["ThemeManager.shared"])
        #expect(report.metrics.singletonAccesses == 1)
    }

    /// sciencejournal's `TimestampFormatter`: `let millisecondsInAnHour = 1000 * 60 * 60` and `millisecondsInAMinute`
    /// define units of time, as `secondsInDay` does; round 22's judge ruled both findings wrong.
    @Test("a constant named as a conversion between units of time, milliseconds included, is no hard-coded interval")
    func millisecondUnits() async throws {
        let report = try await audit([
            "Formatter.swift": """
            let millisecondsInAnHour = 1000 * 60 * 60
            let millisecondsInAMinute = 1000 * 60
            let nanosecondsPerSecond: UInt64 = 1_000 * 1_000 * 1_000
            let refreshAfterMilliseconds = 5 * 60 * 1000
            """
        ])
        #expect(report.findings(.hardcodedInterval).map(\.subject) == ["5 * 60 * 1000"])
    }

    /// flipcash: swift-log metadata keys (`"amount"`, `"mint"`, `"code"`) in 6–20 files each were reported as
    /// duplicated literals; round 22's judge: field labels of log lines, nothing to name once.
    @Test("the entries of a log call's metadata are no duplicated literals; the same text elsewhere still is")
    func logMetadataKeys() async throws {
        let report = try await audit([
            "A.swift": "func a(l: Logger) { l.info(\"sent\", metadata: [\"amount\": \"1\"]); _ = \"spot-forecast\" }\n",
            "B.swift":
                "func b(l: Logger) { l.error(\"failed\", metadata: [\"amount\": \"2\"]); _ = \"spot-forecast\" }\n",
            "C.swift":
                "func c(l: Logger) { l.debug(\"retry\", metadata: [\"amount\": \"3\"]); _ = \"spot-forecast\" }\n",
        ])
        #expect(Set(report.findings(.duplicatedLiteral).map(\.subject)) == ["spot-forecast"])
    }
}
