import Foundation
import Testing
@testable import LegacyApp

@Suite("Formatting for display")
struct FormattingTests {
    @Test(arguments: [(0.0, "N"), (11.0, "N"), (12.0, "NNE"), (225.0, "SW"), (350.0, "N"), (-90.0, "W")])
    func compassPoints(degrees: Double, expected: String) {
        #expect(DataFormatter.compassPoint(for: degrees) == expected)
    }

    @Test func compassPointsRoundTripToDegrees() {
        #expect(DataFormatter.degrees(forCompassPoint: "wsw") == 247.5)
        #expect(DataFormatter.degrees(forCompassPoint: "Up") == nil)
    }

    @Test func waveHeightsHaveOneDecimal() {
        #expect(DataFormatter.waveHeight(1.26) == "1.3m")
        #expect(DataFormatter.waveHeight(0) == "0.0m")
    }

    @Test func timeAgoUsesTheLargestUnit() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(DataFormatter.timeAgo(from: now.addingTimeInterval(-30), now: now) == "just now")
        #expect(DataFormatter.timeAgo(from: now.addingTimeInterval(-300), now: now) == "5 min ago")
        #expect(DataFormatter.timeAgo(from: now.addingTimeInterval(-7_200), now: now) == "2 h ago")
        #expect(DataFormatter.timeAgo(from: now.addingTimeInterval(-172_800), now: now) == "2 d ago")
    }

    @Test func parsesEachTimestampShapeTheAPIUses() throws {
        let expected = Date(timeIntervalSince1970: 1_763_632_800) // 2025-11-20 10:00 UTC
        #expect(TimestampParser.parse("2025-11-20 10:00:00 +00:00 UTC") == expected)
        #expect(TimestampParser.parse("2025-11-20T10:00:00+0000") == expected)
        #expect(TimestampParser.parse("2025-11-20 10:00") == expected)
        #expect(TimestampParser.parse("yesterday") == nil)
    }

    @Test func offshoreWindBlowsFromTheLand() {
        let westFacing = 270.0
        let easterly = ConditionData(waveHeight: 1, wavePeriod: 10, swellDirection: 280, windSpeed: 10, windDirection: 90)
        let westerly = ConditionData(waveHeight: 1, wavePeriod: 10, swellDirection: 280, windSpeed: 10, windDirection: 260)
        #expect(easterly.isOffshore(facing: westFacing))
        #expect(!westerly.isOffshore(facing: westFacing))
    }
}
