import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory seam-migrate [options]`: `seam migrate` on the package
/// the command runs in.
///
/// The arguments are `seam migrate`'s options; it runs in the package's directory as `seam migrate .`. Without
/// `--write` it previews the migration as a diff, with it it rewrites the package's files (hence the
/// permission). The plugin ends with `seam`'s exit code, which SwiftPM
/// reports (`Plugin ended with exit code 2`) before it exits with 1.
@main
struct SeamMigratePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let seam = try context.tool(named: "seam")
        let package = context.package.directoryURL
        let process = Process()
        process.executableURL = seam.url
        process.arguments = ["migrate", "."] + arguments
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
