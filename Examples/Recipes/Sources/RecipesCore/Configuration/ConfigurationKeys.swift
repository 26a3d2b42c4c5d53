import Configuration
import Foundation
import Seam
import SeamConfiguration

/// The app's layered configuration: compiled defaults, the config files shipped in the app's
/// bundle (`base.yaml`, then the file of `APP_ENV`), then `RECIPES_*` environment variables.
///
/// Command-line arguments are not a layer: the terminal front end's arguments are commands, not
/// settings. In tests the value is in memory (defaults only); override it to test decoding.
public enum RecipesConfigurationKey: ConfigurationDependencyKey {
    /// Compiled defaults, the bundled YAML files, the process environment; no command-line layer.
    public static var sources: ConfigurationSources {
        ConfigurationSources(
            defaults: ["recipes.api.timeout": 10.0, "recipes.cache.ttl": 3600],
            files: ConfigurationFiles(directory: bundledConfigurationDirectory, format: .yaml),
            arguments: []
        )
    }

    /// The `config` folder of the app's resources.
    static var bundledConfigurationDirectory: String {
        Bundle.module.url(forResource: "config", withExtension: nil)?.path ?? "config"
    }
}

/// The app's typed settings, decoded from ``RecipesConfigurationKey``: what services take in `init`.
public enum RecipesSettingsKey: DecodedConfigurationKey {
    /// Decoded from the app's layered configuration.
    public typealias Source = RecipesConfigurationKey
    /// The typed settings.
    public typealias Value = RecipesSettings
}
