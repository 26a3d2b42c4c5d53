import Foundation
import SeamAnalysis
import SeamTestSupport
import Testing

@testable import SeamMigration

/// Only the files a rewrite may read or edit get a syntax tree; the uses of a singleton that stays (a logger the
/// roadmap keeps global, an allow-listed one) are not among them (WooCommerce's 525 uses of its analytics).
@Suite struct TouchedFilesTests {
    private let files = [
        "Sources/App/Logger.swift": "final class Logger { static let shared = Logger(); func log(_ m: String) {} }\n",
        "Sources/App/Store.swift": "final class Store { static let shared = Store(); func save() {} }\n",
        "Sources/App/Reporter.swift": "final class Reporter { func report() { Logger.shared.log(\"x\") } }\n",
        "Sources/App/Feed.swift": "final class Feed { func refresh() { Store.shared.save() } }\n",
    ]

    private func input(stays: @escaping (SingletonDeclaration) -> Bool) async throws -> MigrationInput {
        let fixture = try Fixture(files)
        defer { fixture.remove() }
        let codebase = try await Codebase.load(root: fixture.root, configuration: .init(), threads: 1)
        return MigrationInput(codebase: codebase, stays: stays)
    }

    @Test func aStayingSingletonsUsesGetNoTree() async throws {
        let input = try await input(stays: { AllowList.isAmbient($0, in: nil) })
        #expect(input.files.map(\.path).sorted() == ["Sources/App/Feed.swift", "Sources/App/Store.swift"])
    }

    @Test func everySingletonsUsesGetATreeWhenNoneStays() async throws {
        let input = try await input(stays: { _ in false })
        #expect(
            input.files.map(\.path).sorted() == [
                "Sources/App/Feed.swift", "Sources/App/Logger.swift", "Sources/App/Reporter.swift",
                "Sources/App/Store.swift",
            ])
    }

    /// An optional `var` is never snapshotted into an injected property: the model says so before any file is
    /// parsed, and its uses get no tree, which kept the preview's peak within twice the audit's. WooCommerce's
    /// `ServiceLocator.stores` (1,642 uses, each member holding another class) is planned per member since hold-out
    /// 21, so its uses are parsed and injected.
    @Test func aSingletonNoRewriteMaySnapshotGetsNoTree() async throws {
        let fixture = try Fixture([
            "Sources/App/Locator.swift": """
            final class Locator {
                private static var _stores = Stores()
                static var stores: Stores { _stores }
                private static var _accounts = Accounts()
                static var accounts: Accounts { _accounts }
                static var session: Session? = nil
            }
            final class Stores { func load() {} }
            final class Accounts { func load() {} }
            final class Session { func end() {} }
            """,
            "Sources/App/List.swift": "final class List { func show() { Locator.stores.load() } }\n",
            "Sources/App/Logout.swift": "final class Logout { func run() { Locator.session?.end() } }\n",
            "Sources/App/Store.swift": "final class Store { static let shared = Store(); func save() {} }\n",
            "Sources/App/Feed.swift": "final class Feed { func refresh() { Store.shared.save() } }\n",
        ])
        defer { fixture.remove() }
        let codebase = try await Codebase.load(root: fixture.root, configuration: .init(), threads: 1)
        let input = MigrationInput(codebase: codebase)
        #expect(
            input.files.map(\.path).sorted() == [
                "Sources/App/Feed.swift", "Sources/App/List.swift", "Sources/App/Locator.swift",
                "Sources/App/Store.swift",
            ])
        let plan = try await fixture.plan()
        #expect(
            plan.notes.contains {
                $0.message.contains("`Locator.stores` is injected into `List` as `Stores`: it holds a `Stores`")
            }, "\(plan.notes)")
        #expect(plan.summary.injections.contains("List ← Locator.stores (as its class)"), "\(plan.summary.injections)")
    }
}

/// A file no target builds (a leftover beside listed files, DuckDuckGo's `DuckDuckGo/UserAuthenticator.swift`,
/// cryptomator's second `VaultUnlockingServiceSource.swift`) is never rewritten: its edits would be dead.
@Suite struct NotBuiltFileTests {
    @Test func aFileNoTargetBuildsIsLeftWithANote() async throws {
        let project = """
            // !$*UTF8*$!
            {
                objects = {
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    F1 = {isa = PBXFileReference; path = Screen.swift; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; path = DataStore.swift; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (F1, F2); path = App; sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (B1, B2); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1); };
                };
                rootObject = R;
            }
            """
        let leftover = "final class OldScreen { func open() { DataStore.shared.load() } }\n"
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": project,
            "App/DataStore.swift": "final class DataStore { static let shared = DataStore(); func load() {} }\n",
            "App/Screen.swift": "final class Screen { func open() { DataStore.shared.load() } }\n",
            "App/OldScreen.swift": leftover,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(try fixture.text("App/OldScreen.swift", in: plan) == leftover)
        #expect(try fixture.text("App/Screen.swift", in: plan).contains("dataStore.load()"))
        #expect(
            plan.notes.contains {
                $0.location.file == "App/OldScreen.swift" && $0.message.hasPrefix("built by no target")
            })
    }
}
