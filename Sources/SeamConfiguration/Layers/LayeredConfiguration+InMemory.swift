import Configuration

extension LayeredConfiguration {
    /// A configuration held in memory, reading no file, environment variable or argument: a
    /// `defaults` layer under an `overrides` layer. The test value of ``ConfigurationDependencyKey``.
    ///
    /// ```swift
    /// let configuration = LayeredConfiguration.inMemory(
    ///     defaults: ["forecast.defaultRegion": "Ireland"], overrides: ["forecast.cacheTTL": 60]
    /// )
    /// #expect(configuration.source(of: "forecast.cacheTTL")?.kind == .overrides)
    /// ```
    public static func inMemory(
        defaults: [String: ConfigValue] = [:],
        overrides: [String: ConfigValue] = [:],
        environment: AppEnvironment = .development,
        secretKeys: Set<String> = []
    ) -> LayeredConfiguration {
        LayeredConfiguration(
            environment: environment,
            layers: [
                ConfigurationLayer(
                    kind: .defaults, name: "defaults",
                    provider: InMemoryProvider(name: "defaults", values: keyed(defaults)), secretKeys: secretKeys
                ),
                ConfigurationLayer(
                    kind: .overrides, name: "overrides",
                    provider: InMemoryProvider(name: "overrides", values: keyed(overrides)), secretKeys: secretKeys
                ),
            ],
            secretKeys: secretKeys
        )
    }
}
