import Foundation
import Testing

/// Validates JSON documents against a JSON Schema with Python's `jsonschema` (as CI installs it).
/// A missing `python3` or `jsonschema` is a test failure with a clear message, never a silent pass.
enum SchemaValidator {
    /// The package root, found by walking up from this file to `Package.swift`.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }

    static func schema(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
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

    /// The validation errors of `document` against `schema` (empty when valid). Records an issue and
    /// returns a failure line when the validator itself cannot run.
    static func errors(in document: String, schema: URL) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seam-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let instance = directory.appendingPathComponent("instance.json")
        try Data(document.utf8).write(to: instance)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schema.path, instance.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            Issue.record("cannot run python3 to validate against \(schema.lastPathComponent): \(error)")
            return ["python3 unavailable"]
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return []
        case 1: return text.split(separator: "\n").map(String.init)
        case 127:
            Issue.record("python3 is not installed: schema validation against \(schema.lastPathComponent) cannot run")
            return ["python3 missing"]
        default:
            Issue.record("schema validation could not run (status \(process.terminationStatus)): \(text)")
            return ["validator failed"]
        }
    }
}
