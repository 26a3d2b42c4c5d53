import Foundation
import PackagePlugin

/// `swift package seam-audit [options]`: `seam audit` on the package the command runs in.
///
/// The arguments are `seam audit`'s options (`--format json`, `--baseline seam-baseline.json --strict`...). It
/// runs in the package's directory as `seam audit .`: reported paths, `--baseline` and `--output` files are
/// relative to the package. The plugin ends with `seam`'s exit code, which SwiftPM
/// reports (`Plugin ended with exit code 2`) before it exits with 1.
@main
struct SeamAuditPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let seam = try context.tool(named: "seam")
        let package = context.package.directoryURL
        let process = Process()
        process.executableURL = seam.url
        process.arguments = ["audit", "."] + arguments
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
