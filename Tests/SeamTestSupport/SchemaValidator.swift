import Foundation

/// Validates JSON documents against a JSON Schema with Python's `jsonschema` (as CI installs it).
///
/// A missing `python3` or `jsonschema` throws ``TestSupportError``, failing the test with the fix,
/// never passing silently.
///
/// ```swift
/// #expect(try await SchemaValidator.errors(in: json, schema: SchemaValidator.auditReport).isEmpty)
/// ```
public enum SchemaValidator {
    /// `Docs/audit-report.schema.json`: the contract of `seam audit --format json`.
    public static var auditReport: URL { schema("Docs/audit-report.schema.json") }

    /// `Docs/schemas/sarif-2.1.0.json`: the OASIS SARIF 2.1.0 schema.
    public static var sarif: URL { schema("Docs/schemas/sarif-2.1.0.json") }

    /// A schema file by its path relative to the package root.
    public static func schema(_ relativePath: String) -> URL {
        PackageCheckout.url(relativePath)
    }

    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 has no jsonschema module: install it with `pip install jsonschema`")
            sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        instance = json.load(open(sys.argv[2]))
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        errors = sorted(cls(schema).iter_errors(instance), key=lambda e: list(e.absolute_path))
        for error in errors[:10]:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// The validation errors of `document` against `schema` as `path: message` lines (at most ten),
    /// empty when the document is valid. An unreadable document or schema reports Python's traceback.
    public static func errors(in document: String, schema: URL) async throws -> [String] {
        let scratch = try TemporaryDirectory(prefix: "schema", files: ["instance.json": document])
        defer { scratch.remove() }
        let result: CommandResult
        do {
            result = try await Command.run(
                "python3", ["-c", script, schema.path, scratch.url("instance.json").path], in: scratch.url)
        } catch {
            throw TestSupportError("cannot run python3 to validate against \(schema.lastPathComponent): \(error)")
        }
        switch result.status {
        case 0: return []
        case 1: return result.output.split(separator: "\n").map(String.init)
        case 127:
            throw TestSupportError(
                "python3 is not installed: schema validation against \(schema.lastPathComponent) cannot run")
        default:
            throw TestSupportError(
                "schema validation against \(schema.lastPathComponent) could not run (status \(result.status)): \(result.output)"
            )
        }
    }
}
