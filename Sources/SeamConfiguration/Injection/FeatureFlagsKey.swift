import Foundation
import Seam

/// The app's feature flags as a Seam dependency: ``FeatureFlags`` with overrides persisted in
/// ``overridesFileURL`` live, `FeatureFlags.inMemory()` in tests (one per test scope).
///
/// Code that branches on a flag takes `any FeatureFlagProviding` in `init`; a test turns a flag on
/// with an override:
///
/// ```swift
/// @Test(.seamDependencies { $0[FeatureFlagsKey.self] = FeatureFlags.inMemory(overrides: ["surf.buoyMap": .bool(true)]) })
/// ```
///
/// The live value is built on first resolve and fails with a `ResolutionError` naming this key and
/// the override file when the file exists but cannot be read. Apps that keep overrides elsewhere
/// declare their own `DependencyKey` returning `FeatureFlags(store:)`.
public enum FeatureFlagsKey: DependencyKey {
    /// Flags with every flag at its default, and overrides kept in memory.
    public static var testValue: (any FeatureFlagProviding)? { FeatureFlags.inMemory() }

    /// Flags whose overrides persist in ``overridesFileURL``.
    public static func live(_ r: borrowing Resolver) throws -> any FeatureFlagProviding {
        try FeatureFlags(store: FileFeatureFlagOverrideStore(fileURL: overridesFileURL))
    }

    /// `feature-flag-overrides.json` in the app's Application Support directory (in a folder named
    /// after the bundle identifier, or the process name where there is no bundle, such as Linux).
    public static var overridesFileURL: URL {
        let manager = FileManager.default
        let support =
            manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? manager.temporaryDirectory
        let app = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        return support.appendingPathComponent(app, isDirectory: true)
            .appendingPathComponent("feature-flag-overrides.json", isDirectory: false)
    }
}
