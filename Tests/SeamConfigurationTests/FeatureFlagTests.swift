import Foundation
import SeamTestSupport
import Synchronization
import Testing

import SeamConfiguration

extension FeatureFlag where Value == Bool {
    static let buoyMap = FeatureFlag("surf.buoyMap", default: false)
}

extension FeatureFlag where Value == Int {
    static let forecastDays = FeatureFlag("forecast.days", default: 7)
}

extension FeatureFlag where Value == String {
    static let mealOfTheDay = FeatureFlag("recipes.mealOfTheDay", default: "Apple Frangipan Tart")
}

extension FeatureFlag where Value == ForecastModel {
    static let forecastModel = FeatureFlag("forecast.model", default: .gfs)
}

/// A store whose writes fail, to check that a failed save changes nothing.
struct FailingStore: FeatureFlagOverrideStore {
    struct DiskFull: Error {}
    func load() throws -> [String: FlagPayload] { [:] }
    func save(_ overrides: [String: FlagPayload]) throws { throw DiskFull() }
}

@Suite("Feature flags", .timeLimit(.minutes(10)))
struct FeatureFlagTests {

    @Test("a flag resolves default < remote < local override")
    func precedence() throws {
        let flags = FeatureFlags.inMemory()
        #expect(flags.value(.buoyMap) == false)
        #expect(flags.source(of: .buoyMap) == .default)

        flags.updateRemoteValues(["surf.buoyMap": .bool(true)])
        #expect(flags.value(.buoyMap) == true)
        #expect(flags.source(of: .buoyMap) == .remote)

        try flags.setOverride(false, for: .buoyMap)
        #expect(flags.value(.buoyMap) == false)
        #expect(flags.source(of: .buoyMap) == .override)

        try flags.removeOverride(for: .buoyMap)
        #expect(flags.value(.buoyMap) == true)
        flags.updateRemoteValues([:])
        #expect(flags.value(.buoyMap) == false)
        #expect(FeatureFlagSource.default < .remote && FeatureFlagSource.remote < .override)
    }

    @Test("Int, String and enum flags round-trip through remote values and overrides")
    func typedFlags() throws {
        let flags = FeatureFlags.inMemory(remoteValues: [
            "forecast.days": .int(10),
            "recipes.mealOfTheDay": .string("Bakewell Tart"),
            "forecast.model": .string("ecmwf"),
        ])
        #expect(flags.value(.forecastDays) == 10)
        #expect(flags.value(.mealOfTheDay) == "Bakewell Tart")
        #expect(flags.value(.forecastModel) == .ecmwf)

        try flags.setOverride(.gfs, for: .forecastModel)
        try flags.setOverride(3, for: .forecastDays)
        #expect(flags.value(.forecastModel) == .gfs)
        #expect(flags.value(.forecastDays) == 3)
    }

    @Test("a payload of the wrong type or an unknown case falls back to the next source")
    func wrongPayloadFallsBack() {
        let flags = FeatureFlags.inMemory(
            remoteValues: [
                "surf.buoyMap": .string("yes"), "forecast.model": .string("icon"), "forecast.days": .int(5),
            ],
            overrides: ["forecast.days": .bool(true)]
        )
        #expect(flags.value(.buoyMap) == false)
        #expect(flags.source(of: .buoyMap) == .default)
        #expect(flags.value(.forecastModel) == .gfs)
        #expect(flags.value(.forecastDays) == 5)
        #expect(flags.source(of: .forecastDays) == .remote)
    }

    @Test("a flag override survives a restart")
    func overrideSurvivesRestart() throws {
        let scratch = try TemporaryDirectory(prefix: "flags")
        defer { scratch.remove() }
        let file = scratch.url("flags/overrides.json")

        let beforeRestart = try FeatureFlags(store: FileFeatureFlagOverrideStore(fileURL: file))
        try beforeRestart.setOverride(true, for: .buoyMap)
        try beforeRestart.setOverride(.ecmwf, for: .forecastModel)

        let afterRestart = try FeatureFlags(store: FileFeatureFlagOverrideStore(fileURL: file))
        #expect(afterRestart.value(.buoyMap) == true)
        #expect(afterRestart.source(of: .buoyMap) == .override)
        #expect(afterRestart.value(.forecastModel) == .ecmwf)

        try afterRestart.removeOverride(for: .buoyMap)
        let afterSecondRestart = try FeatureFlags(store: FileFeatureFlagOverrideStore(fileURL: file))
        #expect(afterSecondRestart.source(of: .buoyMap) == .default)
        #expect(afterSecondRestart.value(.forecastModel) == .ecmwf)

        // Atomic replacement leaves only the file itself in the directory.
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["overrides.json"])
    }

    @Test("an unreadable override file is an error naming the file")
    func corruptOverrideFile() throws {
        let scratch = try TemporaryDirectory(prefix: "flags")
        defer { scratch.remove() }
        let file = scratch.url("flags/overrides.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"surf.buoyMap\": ".utf8).write(to: file)

        let error = #expect(throws: FeatureFlagStoreError.self) {
            try FeatureFlags(store: FileFeatureFlagOverrideStore(fileURL: file))
        }
        #expect(error?.path == file.path)
        #expect(error?.description.hasPrefix("cannot read feature flag overrides at \(file.path)") == true)
    }

    @Test("when saving fails, the override is not applied and no change is emitted")
    func failedSaveChangesNothing() async throws {
        let flags = try FeatureFlags(store: FailingStore())
        let changes = flags.changes()
        #expect(throws: FailingStore.DiskFull.self) { try flags.setOverride(true, for: .buoyMap) }
        #expect(flags.value(.buoyMap) == false)

        flags.updateRemoteValues(["forecast.days": .int(14)])
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == FeatureFlagChange(key: "forecast.days", payload: .int(14), source: .remote))
    }

    @Test("changes are emitted on override and remote updates, only when the effective value changes")
    func changeStream() async throws {
        let flags = FeatureFlags.inMemory()
        var changes = flags.changes().makeAsyncIterator()

        try flags.setOverride(true, for: .buoyMap)
        #expect(await changes.next() == FeatureFlagChange(key: "surf.buoyMap", payload: .bool(true), source: .override))

        // Hidden under the override: no change to the effective value.
        flags.updateRemoteValues(["surf.buoyMap": .bool(true)])
        // Setting the same override again changes nothing either.
        try flags.setOverride(true, for: .buoyMap)

        try flags.removeOverride(for: .buoyMap)
        #expect(await changes.next() == FeatureFlagChange(key: "surf.buoyMap", payload: .bool(true), source: .remote))

        flags.updateRemoteValues(["forecast.days": .int(3)])
        #expect(await changes.next() == FeatureFlagChange(key: "forecast.days", payload: .int(3), source: .remote))
        #expect(await changes.next() == FeatureFlagChange(key: "surf.buoyMap", payload: nil, source: .default))

        try flags.setOverride(5, for: .forecastDays)
        try flags.removeAllOverrides()
        #expect(await changes.next()?.source == .override)
        #expect(await changes.next() == FeatureFlagChange(key: "forecast.days", payload: .int(3), source: .remote))
    }

    @Test("every subscriber receives every change")
    func multipleSubscribers() async throws {
        let flags = FeatureFlags.inMemory()
        var first = flags.changes().makeAsyncIterator()
        var second = flags.changes().makeAsyncIterator()
        try flags.setOverride(.ecmwf, for: .forecastModel)
        #expect(await first.next()?.payload == .string("ecmwf"))
        #expect(await second.next()?.payload == .string("ecmwf"))
    }

    @Test("values(of:) yields the current value, then each new value of that flag only")
    func typedValueStream() async throws {
        let flags = FeatureFlags.inMemory(remoteValues: ["forecast.model": .string("gfs")])
        var models = flags.values(of: .forecastModel).makeAsyncIterator()
        #expect(await models.next() == .gfs)

        flags.updateRemoteValues(["forecast.model": .string("gfs"), "surf.buoyMap": .bool(true)])
        try flags.setOverride(.ecmwf, for: .forecastModel)
        #expect(await models.next() == .ecmwf)

        try flags.removeOverride(for: .forecastModel)
        #expect(await models.next() == .gfs)

        // An override equal to the remote value changes the source, not the value: not repeated.
        try flags.setOverride(.gfs, for: .forecastModel)
        try flags.setOverride(.ecmwf, for: .forecastModel)
        #expect(await models.next() == .ecmwf)
    }

    @Test("a flags type written against the protocol can be given the in-memory double")
    func protocolInjection() throws {
        struct SpotScreenModel {
            let flags: any FeatureFlagProviding
            var showsBuoyMap: Bool { flags.value(.buoyMap) }
        }
        let flags = FeatureFlags.inMemory(overrides: ["surf.buoyMap": .bool(true)])
        #expect(SpotScreenModel(flags: flags).showsBuoyMap)
        try flags.removeAllOverrides()
        #expect(!SpotScreenModel(flags: flags).showsBuoyMap)
    }
}
