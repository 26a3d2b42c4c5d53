import Foundation
import Testing
@testable import LegacyApp

@Suite("Cache lifetimes")
struct CacheEntryTests {
    private let stored = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func isFreshJustBeforeItsLifetime() {
        let entry = CacheEntry(value: 42, storedAt: stored)
        #expect(!entry.isExpired(lifetime: 1_800, now: stored.addingTimeInterval(1_799)))
    }

    @Test func expiresExactlyAtItsLifetime() {
        let entry = CacheEntry(value: 42, storedAt: stored)
        #expect(entry.isExpired(lifetime: 1_800, now: stored.addingTimeInterval(1_800)))
    }

    @Test func buoyCacheKeysIgnoreOrder() {
        #expect(BuoyCacheService.key(for: ["FS1", "AMETS"]) == BuoyCacheService.key(for: ["AMETS", "FS1"]))
        #expect(BuoyCacheService.key(for: ["FS1"]) != BuoyCacheService.key(for: ["FS1", "AMETS"]))
    }
}
