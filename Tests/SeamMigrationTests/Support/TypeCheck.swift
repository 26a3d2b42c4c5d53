import Foundation
import SeamAnalysis
import SeamTestSupport
import Testing

@testable import SeamMigration

/// What a type-checked migration produced: the plan and the text of every Swift file after it.
struct TypeCheckedMigration {
    var plan: MigrationPlan
    /// Path → text after the migration (unchanged and created files included, created mocks excluded).
    var after: [String: String]

    /// The notes, one `file:line:column: kind: message` line each.
    var noteLines: [String] { plan.notes.map(\.description) }
}

/// Migrates `files` and checks the claim every rewrite must keep: the code type-checks with
/// `swiftc -typecheck` before the migration and still does after it.
///
/// ```swift
/// try await assertMigrationTypeChecks(
///     before: ["Sources/App/Player.swift": player, "Sources/App/Store.swift": store],
///     stubs: [.uiKit],
///     expectNotes: ["not injected into `Player`"],
///     untouched: ["Sources/App/Player.swift"])
/// ```
///
/// - Parameters:
///   - files: Path → text of the reproduction (one module).
///   - stubs: SDK declarations (UIKit, SwiftUI...) written as plain Swift, since this runs on Linux.
///   - expectNotes: Fragments that must each appear in some note.
///   - rewritten: Files the migration must change.
///   - untouched: Files the migration must leave exactly as they were.
///   - modes: The Swift language modes to type-check in, before and after (each must pass).
///   - importsSeam: Whether the code may `import Seam`: the package's own built module is on the search path.
///   - secondRunChangesNothing: Whether to migrate the output again and expect no change.
@discardableResult
func assertMigrationTypeChecks(
    before files: [String: String],
    stubs: [SDKStub] = [],
    modes: [SwiftLanguageMode] = [.swift5],
    importsSeam: Bool = false,
    options: MigrationOptions = MigrationOptions(),
    expectNotes: [String] = [],
    rewritten: [String] = [],
    untouched: [String] = [],
    secondRunChangesNothing: Bool = false,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) async throws -> TypeCheckedMigration {
    // The stubs stand for the SDK, which the analysis of a real app never sees: only the compiler reads them.
    let fixture = try Fixture(files)
    defer { fixture.remove() }
    let beforeFiles = swiftFiles(files).merging(SDKStub.files(stubs)) { own, _ in own }
    let modules = stubs.filter { $0.moduleName != nil }
    for mode in modes {
        let beforeCheck = try await SwiftTypeCheck.run(
            files: beforeFiles, mode: mode, modules: modules, importsSeam: importsSeam)
        #expect(
            beforeCheck.passed,
            "the reproduction must type-check before migrating (Swift \(mode.rawValue)):\n\(beforeCheck.diagnostics)",
            sourceLocation: sourceLocation)
    }

    let plan = try await fixture.plan(options)
    var after = files
    // Changed files, and created ones other than mocks (which import the module under test).
    let mocks = Set(plan.summary.mocksGenerated)
    for change in plan.changes where !mocks.contains(change.path) { after[change.path] = change.updated }
    let afterFiles = swiftFiles(after).merging(SDKStub.files(stubs)) { own, _ in own }
    for mode in modes {
        let afterCheck = try await SwiftTypeCheck.run(
            files: afterFiles, mode: mode, modules: modules, importsSeam: importsSeam)
        #expect(
            afterCheck.passed,
            "the migrated code must type-check (Swift \(mode.rawValue)):\n\(afterCheck.diagnostics)\n\(plan.unifiedDiff())",
            sourceLocation: sourceLocation)
    }

    let changed = Set(plan.changes.filter { $0.original != nil }.map(\.path))
    for path in rewritten {
        #expect(
            changed.contains(path), "\(path) should be rewritten:\n\(plan.summaryText)", sourceLocation: sourceLocation)
    }
    for path in untouched {
        #expect(
            !changed.contains(path), "\(path) should be left as it was:\n\(plan.unifiedDiff())\n\(plan.summaryText)",
            sourceLocation: sourceLocation)
    }
    for fragment in expectNotes {
        #expect(
            plan.notes.contains { $0.description.contains(fragment) },
            "no note mentions \"\(fragment)\":\n\(plan.summaryText)", sourceLocation: sourceLocation)
    }
    if secondRunChangesNothing {
        var output = files
        for change in plan.changes { output[change.path] = change.updated }
        let second = try Fixture(output)
        defer { second.remove() }
        let again = try await second.plan(options)
        #expect(again.changes.isEmpty, "a second run changed:\n\(again.unifiedDiff())", sourceLocation: sourceLocation)
    }
    return TypeCheckedMigration(plan: plan, after: after)
}

/// The files `swiftc` can check as one module: Swift files that do not import the module under test.
private func swiftFiles(_ files: [String: String]) -> [String: String] {
    files.filter { $0.key.hasSuffix(".swift") && !$0.value.contains("@testable import") }
}

/// A `-swift-version` to type-check in: Swift 6 adds strict concurrency checking (errors, not warnings).
enum SwiftLanguageMode: String, CaseIterable {
    case swift5 = "5"
    case swift6 = "6"

    /// Both modes: what a rewrite of code that may be built in either must keep compiling in.
    static let both: [SwiftLanguageMode] = [.swift5, .swift6]
}

/// `swiftc -typecheck` over a set of files, as one module.
enum SwiftTypeCheck {
    struct Outcome {
        var passed: Bool
        var diagnostics: String
    }

    /// `/opt/swift/usr/bin/swiftc` when present, otherwise `swiftc` from `PATH`.
    static var compiler: [String] {
        FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swiftc")
            ? ["/opt/swift/usr/bin/swiftc"] : ["/usr/bin/env", "swiftc"]
    }

    /// Type-checks `files` as the module `App` in the language mode, after compiling each of `modules` (SDK stubs
    /// that are modules of their own, like SwiftUI) so that `import` finds it; with `importsSeam`, the `Seam` module
    /// this package built (next to the running tests) is found too.
    static func run(
        files: [String: String], mode: SwiftLanguageMode = .swift5, modules: [SDKStub] = [], importsSeam: Bool = false
    ) async throws -> Outcome {
        let stubFiles = Dictionary(uniqueKeysWithValues: modules.map { ("Modules/\($0.rawValue).swift", $0.text) })
        let directory = try TemporaryDirectory(prefix: "typecheck", files: files.merging(stubFiles) { own, _ in own })
        defer { directory.remove() }
        for module in modules {
            guard let name = module.moduleName else { continue }
            let arguments =
                Array(compiler.dropFirst()) + [
                    "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name", name,
                    "-emit-module-path", directory.url("Modules/\(name).swiftmodule").path,
                    directory.url("Modules/\(module.rawValue).swift").path,
                ]
            let result = try await Command.run(
                executable: URL(fileURLWithPath: compiler[0]), arguments, in: directory.url)
            guard result.status == 0 else {
                return Outcome(passed: false, diagnostics: "the \(name) stub does not compile:\n" + result.output)
            }
        }
        let paths = files.keys.sorted().map { directory.url($0).path }
        let arguments =
            Array(compiler.dropFirst()) + [
                "-typecheck", "-swift-version", mode.rawValue, "-parse-as-library", "-module-name", "App",
                "-I", directory.url("Modules").path,
            ] + (importsSeam ? seamSearchPaths : []) + paths
        let result = try await Command.run(executable: URL(fileURLWithPath: compiler[0]), arguments, in: directory.url)
        return Outcome(
            passed: result.status == 0,
            diagnostics: result.output.replacingOccurrences(of: directory.path + "/", with: ""))
    }

    /// The built `Seam` module and the C module it imports (`SeamTaskState`, by its module map).
    static var seamSearchPaths: [String] {
        let products = SeamCLI.productsDirectory
        return [
            "-I", products.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("SeamTaskState.build/module.modulemap").path,
        ]
    }
}
