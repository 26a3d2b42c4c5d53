import Configuration

/// Wraps a provider so that it reports its layer's name (access logs then say `config/production.yaml`
/// rather than `FileProvider<YAMLSnapshot>`) and marks the layer's secret keys as secret.
struct LayerProvider: ConfigProvider {
    let name: String
    let upstream: any ConfigProvider
    /// The secret keys, matched in any spelling and as prefixes (see ``SecretKeys``).
    let secretKeys: SecretKeys

    var providerName: String { name }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        markingSecret(try upstream.value(forKey: key, type: type), key: key)
    }

    func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        markingSecret(try await upstream.fetchValue(forKey: key, type: type), key: key)
    }

    nonisolated(nonsending) func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey,
        type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (
                _ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>
            ) async throws -> Return
    ) async throws -> Return {
        let isSecret = secretKeys.contains(key)
        return try await upstream.watchValue(forKey: key, type: type) { updates in
            try await updatesHandler(
                ConfigUpdatesAsyncSequence(
                    updates.map { result in
                        result.map { isSecret ? $0.markedSecret() : $0 }
                    })
            )
        }
    }

    func snapshot() -> any ConfigSnapshot {
        LayerSnapshot(name: name, upstream: upstream.snapshot(), secretKeys: secretKeys)
    }

    nonisolated(nonsending) func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (
                _ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>
            ) async throws -> Return
    ) async throws -> Return {
        let name = name
        let secretKeys = secretKeys
        return try await upstream.watchSnapshot { updates in
            try await updatesHandler(
                ConfigUpdatesAsyncSequence(
                    updates.map { snapshot -> any ConfigSnapshot in
                        LayerSnapshot(name: name, upstream: snapshot, secretKeys: secretKeys)
                    })
            )
        }
    }

    private func markingSecret(_ result: LookupResult, key: AbsoluteConfigKey) -> LookupResult {
        secretKeys.contains(key) ? result.markedSecret() : result
    }
}

/// The snapshot counterpart of ``LayerProvider``.
struct LayerSnapshot: ConfigSnapshot {
    let name: String
    let upstream: any ConfigSnapshot
    let secretKeys: SecretKeys

    var providerName: String { name }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let result = try upstream.value(forKey: key, type: type)
        return secretKeys.contains(key) ? result.markedSecret() : result
    }
}

extension LookupResult {
    func markedSecret() -> LookupResult {
        var copy = self
        copy.value?.isSecret = true
        return copy
    }
}

extension AbsoluteConfigKey {
    /// The key in the dotted form used by files and errors: `forecast.cacheTTL`.
    var dotted: String { components.joined(separator: ".") }
}

// MARK: Printing without values

// A provider holds every value of its layer, secrets included (an environment-variables provider holds the
// whole process environment). Its description, debug description and mirror (what `dump(_:)` walks) show
// the layer's name and its provider's name, never a value.

extension LayerProvider: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `LayerProvider(environment variables)`: the layer's name, no value.
    var description: String { "LayerProvider(\(name))" }
    /// The same as `description`.
    var debugDescription: String { description }
    /// The layer's name, the wrapped provider's name and the secret keys' names; no value.
    var customMirror: Mirror {
        Mirror(
            self, children: ["name": name, "upstream": upstream.providerName, "secretKeys": secretKeys.names],
            displayStyle: .struct)
    }
}

extension LayerSnapshot: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `LayerSnapshot(environment variables)`: the layer's name, no value.
    var description: String { "LayerSnapshot(\(name))" }
    /// The same as `description`.
    var debugDescription: String { description }
    /// The layer's name, the wrapped snapshot's name and the secret keys' names; no value.
    var customMirror: Mirror {
        Mirror(
            self, children: ["name": name, "upstream": upstream.providerName, "secretKeys": secretKeys.names],
            displayStyle: .struct)
    }
}
