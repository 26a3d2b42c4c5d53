import Foundation
import Yams

extension AuditConfiguration {
    /// The name of the configuration file looked up at the audited root.
    public static let fileName = ".seam.yml"

    /// Reads a `.seam.yml` file.
    ///
    /// ```swift
    /// let configuration = try AuditConfiguration.load(contentsOf: "MyApp/.seam.yml")
    /// ```
    ///
    /// - Throws: `ConfigurationError` naming the file (and the line and column where there is one) when the
    ///   file cannot be read, is not valid YAML, has an unknown key or a value of the wrong type.
    public static func load(contentsOf path: String) throws(ConfigurationError) -> AuditConfiguration {
        let data: Data
        do throws(FileSystemError) {
            data = try FileAccess.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "the file is not valid UTF-8")
        }
        return try AuditConfiguration(yaml: text, path: path)
    }

    /// Parses the text of a `.seam.yml`; `path` names the file in errors.
    ///
    /// Every key is optional; an empty document is the default configuration. Keys:
    /// `include`, `exclude`, `skip-folders`, `allow`, `singleton-accessors` (lists of strings), `rules` (rule id → `off`, `on`,
    /// `note`, `warning` or `error`), `thresholds` (`view-model-lines`, `view-model-stored-properties`,
    /// `view-model-dependencies`, `max-findings`, `duplicated-literal-files`: non-negative integers),
    /// `roles` (role → list of name patterns such as `*Manager`) and `goals` (``ProgressMetric`` → the value it
    /// should reach; a share's is a percentage, `100` or `100%`).
    public init(yaml text: String, path: String = AuditConfiguration.fileName) throws(ConfigurationError) {
        self.init()
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw Self.yamlError(error, path: path, text: text)
        }
        guard let root else { return }
        var reader = ConfigurationReader(path: path)
        try reader.apply(root, to: &self)
    }

    private static func yamlError(_ error: any Error, path: String, text: String) -> ConfigurationError {
        guard let yamlError = error as? YamlError else {
            return .malformedYAML(path: path, line: nil, column: nil, problem: String(describing: error))
        }
        switch yamlError {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            let detail = context.map { "\($0.text), \(problem)" } ?? problem
            return .malformedYAML(path: path, line: mark.line, column: mark.column, problem: detail)
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams marks the first occurrence; the mistake is the repeat, further down.
            let first = context.mark
            let repeated = duplicates.first.flatMap {
                DuplicateKeyLocator.repeat(of: $0, after: (first.line, first.column), in: text)
            }
            return .malformedYAML(
                path: path, line: repeated?.line ?? first.line, column: repeated?.column ?? first.column,
                problem: "duplicated key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "(first written at line \(first.line))"
            )
        case let .reader(problem, _, _, _):
            return .malformedYAML(path: path, line: nil, column: nil, problem: problem)
        default:
            return .malformedYAML(path: path, line: nil, column: nil, problem: String(describing: yamlError))
        }
    }
}
