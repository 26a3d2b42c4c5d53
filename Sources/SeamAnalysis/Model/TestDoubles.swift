/// The one list of names that mark a test double, shared by the audit (a test double is no conformer a
/// `missing-protocol` or dependency finding counts) and the migration (a test double is never rewritten).
package enum TestDoubles {
    /// The prefixes and suffixes that name a test double: `MockStore`, `StoreFake`, `StubAPI`, `SpyLogger`,
    /// `DummyClient`.
    package static let markers = ["Mock", "Fake", "Stub", "Spy", "Dummy"]

    /// Whether a type's (simple) name starts or ends with one of the ``markers``.
    package static func isTestDouble(_ name: String) -> Bool {
        markers.contains { name.hasPrefix($0) || name.hasSuffix($0) }
    }
}
