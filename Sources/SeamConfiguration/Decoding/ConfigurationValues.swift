import Configuration

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Typed, source-aware reads from the layers of a ``LayeredConfiguration``, handed to
/// ``ConfigurationDecodable/init(from:)``.
///
/// Unlike `ConfigReader`'s defaulting getters, a value of the wrong type is an error, never a
/// silent fall-back to the default: the error names the key, the layer, the expected type and the
/// value found (redacted for secrets). Every read is recorded for ``report`` and sent to the
/// configuration's `AccessReporter`, if any.
public final class ConfigurationValues {
    /// The environment whose file was loaded; use it for environment-specific validation.
    public let environment: AppEnvironment

    /// The keys read so far, in order, with their rendered (redacted) values and sources.
    public private(set) var report = ConfigurationReport(entries: [])

    private let layers: [ConfigurationLayer]
    private let secretKeys: SecretKeys
    private let accessReporter: (any AccessReporter)?
    private var readIndex: [String: Int] = [:]
    /// The line where the file that supplied each key read so far writes it.
    private var readLines: [String: Int] = [:]

    init(
        environment: AppEnvironment,
        layers: [ConfigurationLayer],
        secretKeys: Set<String>,
        accessReporter: (any AccessReporter)?
    ) {
        self.environment = environment
        self.layers = layers
        self.secretKeys = SecretKeys(secretKeys)
        self.accessReporter = accessReporter
    }

    /// The value of `key` from the highest layer that sets it, or `nil` when no layer does.
    /// - Throws: ``ConfigurationError`` with code `typeMismatch` when the winning layer's value is not a `T`.
    public func value<T: ConfigurationConvertible>(
        _ key: String,
        as type: T.Type = T.self,
        fileID: String = #fileID,
        line: UInt = #line
    ) throws -> T? {
        try read(key, as: type, isSecret: false, fileID: fileID, line: line)
    }

    /// The value of `key`, or `defaultValue` when no layer sets it.
    /// - Throws: ``ConfigurationError`` with code `typeMismatch` when a layer's value is not a `T`.
    public func value<T: ConfigurationConvertible>(
        _ key: String,
        default defaultValue: T,
        fileID: String = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try read(key, as: T.self, isSecret: false, fileID: fileID, line: line) {
            return value
        }
        record(key, rendered: render(defaultValue.configContent, key: key, isSecret: false), source: "default")
        return defaultValue
    }

    /// The value of `key`, which some layer must set.
    /// - Throws: ``ConfigurationError`` with code `missingValue` (listing the layers searched) or `typeMismatch`.
    public func required<T: ConfigurationConvertible>(
        _ key: String,
        as type: T.Type = T.self,
        fileID: String = #fileID,
        line: UInt = #line
    ) throws -> T {
        guard let value = try read(key, as: type, isSecret: false, fileID: fileID, line: line) else {
            throw ConfigurationError.missing(key: key, searched: layers.reversed().map(\.name))
        }
        return value
    }

    /// The value of a secret `key`, which some layer must set. It is redacted in reports, access
    /// logs and errors.
    public func secret<T: ConfigurationConvertible>(
        _ key: String,
        as type: T.Type = T.self,
        fileID: String = #fileID,
        line: UInt = #line
    ) throws -> Secret<T> {
        guard let value = try read(key, as: type, isSecret: true, fileID: fileID, line: line) else {
            throw ConfigurationError.missing(key: key, searched: layers.reversed().map(\.name))
        }
        return Secret(value)
    }

    /// Fails validation of `key` unless `condition` holds. The error names the layer that set the
    /// key and its value (redacted when secret).
    ///
    /// ```swift
    /// try values.check(ttl > 0, key: "forecast.cacheTTL", "must be greater than 0")
    /// ```
    public func check(_ condition: Bool, key: String, _ reason: @autoclosure () -> String) throws {
        guard !condition else { return }
        let entry = readIndex[key].map { report.entries[$0] }
        throw ConfigurationError.invalid(
            key: key, source: entry?.source, line: readLines[key], reason: reason(), got: entry?.value)
    }

    // MARK: Reading

    private func read<T: ConfigurationConvertible>(
        _ key: String,
        as type: T.Type,
        isSecret readAsSecret: Bool,
        fileID: String,
        line: UInt
    ) throws -> T? {
        let absoluteKey = AbsoluteConfigKey(key.split(separator: ".").map(String.init))
        var providerResults: [AccessEvent.ProviderResult] = []
        for layer in layers.reversed() {
            let lookup: LookupResult
            do {
                lookup = try layer.provider.value(forKey: absoluteKey, type: T.configType)
            } catch {
                providerResults.append(.init(providerName: layer.name, result: .failure(error)))
                let found = foundValue(in: layer, key: absoluteKey)
                let secret = readAsSecret || secretKeys.contains(key)
                let failure = ConfigurationError.typeMismatch(
                    key: key,
                    source: layer.name,
                    line: layer.outline?.line(of: key),
                    expected: T.expectation,
                    got: found.map { asWritten($0.content, in: layer, key: key, isSecret: secret || $0.isSecret) }
                )
                reportAccess(absoluteKey, T.configType, providerResults, .failure(failure), secret, fileID, line)
                throw failure
            }
            providerResults.append(.init(providerName: layer.name, result: .success(lookup)))
            guard let configValue = lookup.value else {
                // A file that writes a mapping here (`cacheTTL: {minutes: 30}`) sets only the keys below it: the
                // value the code asks for is missing from that file, and falling through would hide the mistake.
                if layer.outline?.holdsMapping(at: key) == true {
                    let failure = ConfigurationError.typeMismatch(
                        key: key, source: layer.name, line: layer.outline?.line(of: key), expected: T.expectation,
                        got: "a mapping")
                    reportAccess(
                        absoluteKey, T.configType, providerResults, .failure(failure),
                        readAsSecret || secretKeys.contains(key),
                        fileID, line)
                    throw failure
                }
                continue
            }
            let secret = readAsSecret || configValue.isSecret || secretKeys.contains(key)
            guard let value = T(configContent: configValue.content) else {
                let failure = ConfigurationError.typeMismatch(
                    key: key,
                    source: layer.name,
                    line: layer.outline?.line(of: key),
                    expected: T.expectation,
                    got: asWritten(configValue.content, in: layer, key: key, isSecret: secret)
                )
                reportAccess(absoluteKey, T.configType, providerResults, .failure(failure), secret, fileID, line)
                throw failure
            }
            record(
                key, rendered: asWritten(configValue.content, in: layer, key: key, isSecret: secret), source: layer.name
            )
            readLines[key] = layer.outline?.line(of: key)
            reportAccess(
                absoluteKey, T.configType, providerResults,
                .success(ConfigValue(configValue.content, isSecret: secret)), secret, fileID, line
            )
            return value
        }
        reportAccess(
            absoluteKey, T.configType, providerResults, .success(nil), readAsSecret || secretKeys.contains(key), fileID,
            line)
        return nil
    }

    /// The value a layer holds for `key` in whatever type it can be read as, to show in a type-mismatch error.
    private func foundValue(in layer: ConfigurationLayer, key: AbsoluteConfigKey) -> ConfigValue? {
        for type in ConfigType.probingOrder {
            if let value = try? layer.provider.value(forKey: key, type: type).value {
                return value
            }
        }
        return nil
    }

    private func render(_ content: ConfigContent?, key: String, isSecret: Bool) -> String {
        guard let content else { return "nothing" }
        return isSecret || secretKeys.contains(key) ? Secret<String>.redacted : content.rendered
    }

    /// The value as the layer writes it: a number or a flag in the layer's own text when it has one (`0x10`
    /// stays `0x10`, not `16.0`), strings quoted, lists bracketed; `<redacted>` for secrets.
    private func asWritten(_ content: ConfigContent, in layer: ConfigurationLayer, key: String, isSecret: Bool)
        -> String
    {
        guard !isSecret, !secretKeys.contains(key) else { return Secret<String>.redacted }
        switch content {
        case .int, .double, .bool:
            let absoluteKey = AbsoluteConfigKey(key.split(separator: ".").map(String.init))
            if case .string(let text)? = try? layer.provider.value(forKey: absoluteKey, type: .string).value?.content {
                return text
            }
            return content.rendered
        default:
            return content.rendered
        }
    }

    private func record(_ key: String, rendered: String, source: String) {
        let entry = ConfigurationReport.Entry(key: key, value: rendered, source: source)
        if let index = readIndex[key] {
            report.entries[index] = entry
        } else {
            readIndex[key] = report.entries.count
            report.entries.append(entry)
        }
    }

    private func reportAccess(
        _ key: AbsoluteConfigKey,
        _ type: ConfigType,
        _ providerResults: [AccessEvent.ProviderResult],
        _ result: Result<ConfigValue?, any Error>,
        _ isSecret: Bool,
        _ fileID: String,
        _ line: UInt
    ) {
        guard let accessReporter else { return }
        let results = isSecret ? providerResults.map(\.markedSecret) : providerResults
        accessReporter.report(
            AccessEvent(
                metadata: .init(
                    accessKind: .get,
                    key: key,
                    valueType: type,
                    sourceLocation: .init(fileID: fileID, line: line),
                    accessTimestamp: Date()
                ),
                providerResults: results,
                result: result
            )
        )
    }
}

extension AccessEvent.ProviderResult {
    fileprivate var markedSecret: Self {
        var copy = self
        copy.result = copy.result.map { $0.markedSecret() }
        return copy
    }
}
