/// The libraries measured, in report column order.
enum LibrarySuites {
    static func make() throws -> [CaseSuite] {
        [try SeamSuite.make(), try SwinjectSuite.make(), try DependenciesSuite.make()]
    }
}
