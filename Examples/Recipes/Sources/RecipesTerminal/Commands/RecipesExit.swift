import ArgumentParser
import Seam
import SeamArchitecture
import RecipesCore
import SeamConfiguration
import SeamNavigation

/// The exit codes of `recipes`, and how a failure is told to the user.
public enum RecipesExit {
    /// The command did what was asked.
    public static let success: Int32 = 0
    /// The app could not do it: offline, not found, the server failed.
    public static let failure: Int32 = 1
    /// Bad input: arguments, a deep link no rule accepts, configuration.
    public static let usage: Int32 = 2

    /// Prints `error` on standard error (`recipes: error: …`) and returns the exit code to throw.
    static func report(_ error: any Error, console: Console, verbose: Bool) -> ExitCode {
        switch error {
        case let error as UsageError:
            console.warn("recipes: error: \(error)")
            return ExitCode(usage)
        case let error as DeepLinkError:
            console.warn("recipes: error: \(error)")
            return ExitCode(usage)
        case let error as ConfigurationError:
            console.warn("recipes: configuration error: \(error)")
            return ExitCode(usage)
        case let error as ResolutionError where error.isConfigurationFailure:
            console.warn("recipes: configuration error: \(error.underlying ?? error.description)")
            return ExitCode(usage)
        case let error as ResolutionError:
            console.warn("recipes: error: \(error)")
            return ExitCode(failure)
        default:
            let appError = AppError(error)
            var line = "recipes: error: \(appError.message)"
            if let suggestion = appError.recoverySuggestion { line += " \(suggestion)" }
            console.warn(line)
            if verbose { console.warn("  \(appError.debugDescription)") }
            return ExitCode(failure)
        }
    }
}

extension ResolutionError {
    /// Whether the configuration could not be loaded or decoded (the error names the key and layer).
    var isConfigurationFailure: Bool {
        isFactoryFailure && [RecipesConfigurationKey.name, RecipesSettingsKey.name].contains(dependency)
    }
}

/// Bad input the command line itself detected; exits with ``RecipesExit/usage``.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
