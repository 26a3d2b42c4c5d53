import Foundation
import SeamAnalysis
import SwiftSyntax

/// Where a protocol's mock goes and what it imports: `seam migrate` and `seam mocks` place mocks alike.
///
/// By default a mock goes to `Tests/<Target>Tests/Mocks` next to the protocol's `Sources/<Target>` (when that
/// test folder exists), and imports `<Target>` with `@testable`; a configured directory (relative to the root)
/// takes every mock.
enum MockPlacement {
    /// The folder for the mock of a protocol declared in `protocolFile`, or why there is none.
    enum Outcome: Equatable {
        /// The folder, relative to the root (`.` for the root itself).
        case directory(String)
        /// The protocol's file is under `Sources/<Target>` but the root has no `tests` folder.
        case noTestsFolder(tests: String)
        /// The protocol's file is not under `Sources/<Target>`.
        case notUnderSources
    }

    /// A configured mocks folder as a path relative to `root` (`.` for the root): an absolute path inside the
    /// root is made relative to it; `nil` for a path (absolute, or with `..`, or through a symbolic link) outside
    /// the root, since mocks are only written inside it.
    static func directory(_ directory: String, inside root: String) -> String? {
        let realRoot = FilePaths.realPath(root)
        let absolute = directory.hasPrefix("/") ? directory : PathText.join(realRoot, directory)
        // Resolved as far as it exists (a missing tail is created by the write, inside what exists).
        var existing = URL(fileURLWithPath: absolute).standardizedFileURL.path
        var missing: [String] = []
        while FileStatus(path: existing, followingLinks: false).kind == .missing, existing != "/" {
            missing.insert(PathText.name(of: existing), at: 0)
            existing = PathText.folder(of: existing)
        }
        let real = missing.reduce(FilePaths.realPath(existing)) { PathText.join($0, $1) }
        return FilePaths.relative(real, to: realRoot).map { $0.isEmpty ? "." : $0 }
    }

    /// The module a file under `Sources/<Target>/…` belongs to, if it is under one.
    static func module(ofSourceFile path: String) -> String? {
        let components = path.split(separator: "/").map(String.init)
        guard let sources = components.firstIndex(of: "Sources"), sources + 1 < components.count - 1 else { return nil }
        return components[sources + 1]
    }

    /// The folder holding the `Sources` folder of a file under `Sources/<Target>/…` (`Packages/Syntax` for
    /// `Packages/Syntax/Sources/SyntaxParsers/Registry.swift`, empty at the root), or `nil` for a file under none.
    static func packagePrefix(of path: String) -> String? {
        guard module(ofSourceFile: path) != nil else { return nil }
        let components = path.split(separator: "/").map(String.init)
        return components[..<components.firstIndex(of: "Sources")!].joined(separator: "/")
    }

    /// The folder for the mock of a protocol declared in `protocolFile` (relative to `root`).
    static func directory(forProtocolIn protocolFile: String, configured: String?, root: String) -> Outcome {
        if let configured { return .directory(configured) }
        guard let module = module(ofSourceFile: protocolFile), let prefix = packagePrefix(of: protocolFile) else {
            return .notUnderSources
        }
        let tests = (prefix.isEmpty ? "" : prefix + "/") + "Tests/\(module)Tests"
        var isDirectory: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: root).appendingPathComponent(tests).path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return .noTestsFolder(tests: tests) }
        return .directory(tests + "/Mocks")
    }

    /// The mock's path in `directory`.
    static func path(of mockName: String, in directory: String) -> String {
        directory == "." ? "\(mockName).swift" : directory + "/\(mockName).swift"
    }

    /// The mock's imports: the top-level imports of the files declaring the protocol (and what it refines), except
    /// their own modules, which are imported `@testable` after them.
    static func imports(of trees: [(path: String, tree: SourceFileSyntax)]) -> [String] {
        let modules = trees.compactMap { module(ofSourceFile: $0.path) }
        var lines: [String] = []
        for (_, tree) in trees {
            for line in Migrator.imports(of: tree)
            where !lines.contains(line) && !modules.contains(where: { line.hasSuffix(" " + $0) }) {
                lines.append(line)
            }
        }
        for module in modules where !lines.contains("@testable import \(module)") {
            lines.append("@testable import \(module)")
        }
        return lines
    }
}
