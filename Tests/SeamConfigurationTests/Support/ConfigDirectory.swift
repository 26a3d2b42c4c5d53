import Configuration
import Foundation
import SeamConfiguration
import SeamTestSupport

/// A temporary `config/` directory with a base file and per-environment files.
struct ConfigDirectory {
    private let scratch: TemporaryDirectory
    let url: URL

    init(files: [String: String]) throws {
        scratch = try TemporaryDirectory(prefix: "config-tests")
        url = scratch.url("config")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files { try scratch.write(contents, to: "config/\(name)") }
    }

    var path: String { url.path }

    func files(_ format: ConfigurationFiles.Format = .yaml, required: Bool = false) -> ConfigurationFiles {
        ConfigurationFiles(directory: path, format: format, required: required)
    }

    func remove() { scratch.remove() }
}

/// The surf app's standard files: a base file, and production pointing at the https API.
let surfFiles = [
    "base.yaml": """
    api:
      baseURL: http://localhost:8080
    forecast:
      cacheTTL: 600
    """,
    "production.yaml": """
    api:
      baseURL: https://api.treblesurf.com
    forecast:
      cacheTTL: 1800
    """,
    "staging.yaml": """
    api:
      baseURL: https://staging.treblesurf.com
    """,
]

/// Defaults compiled into the app.
let surfDefaults: [String: ConfigValue] = [
    "forecast.defaultRegion": "Ireland",
    "api.requestTimeout": 30.0,
]

let secretAPIKey = "sk_live_5f2b9c1e"
