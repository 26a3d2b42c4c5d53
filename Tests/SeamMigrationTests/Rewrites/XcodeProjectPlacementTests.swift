import Foundation
import Testing

@testable import SeamMigration

/// Generated code lands where the target compiles it: an Xcode project that lists its files one by one would
/// not compile a new `Dependencies.swift` until someone adds it.
@Suite struct XcodeProjectPlacementTests {
    static func project(listing files: [String], synchronizedFolder: String? = nil) -> String {
        let references = files.enumerated().map { index, path in
            "F\(index) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"<group>\"; };\n"
                + "B\(index) = {isa = PBXBuildFile; fileRef = F\(index); };"
        }.joined(separator: "\n")
        let children = files.indices.map { "F\($0)" }.joined(separator: ", ")
        let buildFiles = files.indices.map { "B\($0)" }.joined(separator: ", ")
        let synchronized =
            synchronizedFolder.map {
                "S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = \($0); sourceTree = \"<group>\"; };"
            } ?? ""
        return """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objects = {
                    \(references)
                    \(synchronized)
                    G0 = {isa = PBXGroup; children = (\(children)\(synchronizedFolder == nil ? "" : ", S1")); sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (\(buildFiles)); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); \(synchronizedFolder == nil ? "" : "fileSystemSynchronizedGroups = (S1); ")name = App; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1); };
                };
                rootObject = R;
            }
            """
    }

    static let store = """
        final class Store {
            static let shared = Store()
            func load() {}
        }
        """
    static let view = """
        import SwiftUI

        struct SettingsView: View {
            var body: some View {
                Button("Load") { Store.shared.load() }
            }
        }
        """

    @Test func aProjectListingFilesGetsTheContainerInAFileItAlreadyCompiles() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.project(listing: ["Store.swift", "SettingsView.swift"]),
            "Store.swift": Self.store,
            "SettingsView.swift": Self.view,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(
            !plan.changes.contains { $0.original == nil && $0.path.hasSuffix("Dependencies.swift") },
            "\(plan.changes.map(\.path))")
        let changed = plan.changes.filter { $0.original != nil && $0.updated.contains("struct AppDependencies") }
        #expect(changed.count == 1, "\(plan.unifiedDiff())")
        #expect(plan.notes.contains { $0.message.contains("the Xcode project lists the target's files one by one") })
        let view = try fixture.text("SettingsView.swift", in: plan)
        #expect(view.contains("dependencies.store.load()"), "\(view)")
    }

    /// An iOS and a macOS app listing the same shared files (Aidoku's `Shared/`): the container goes to a
    /// file only the container's target compiles, never to one the other target would then fail to build.
    static func twoApps(shared: [String], iOSOnly: [String]) -> String {
        let all = shared + iOSOnly
        let references = all.enumerated().map { index, path in
            "F\(index) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"<group>\"; };\n"
                + "B\(index) = {isa = PBXBuildFile; fileRef = F\(index); };\nM\(index) = {isa = PBXBuildFile; fileRef = F\(index); };"
        }.joined(separator: "\n")
        let children = all.indices.map { "F\($0)" }.joined(separator: ", ")
        let iOSFiles = all.indices.map { "B\($0)" }.joined(separator: ", ")
        let macFiles = shared.indices.map { "M\($0)" }.joined(separator: ", ")
        return """
            // !$*UTF8*$!
            {
                objects = {
                    \(references)
                    G0 = {isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (\(iOSFiles)); };
                    P2 = {isa = PBXSourcesBuildPhase; files = (\(macFiles)); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; };
                    T2 = {isa = PBXNativeTarget; buildPhases = (P2); name = MacApp; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
                };
                rootObject = R;
            }
            """
    }

    /// damus's views are compiled by the app and its extensions: the container goes to a file every target of the
    /// moving views compiles (and no other), so each of them sees it, and the views of one target read it too.
    @Test func theContainerGoesToAFileEveryTargetOfTheViewsCompiles() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.twoApps(
                shared: ["Store.swift", "SettingsView.swift"], iOSOnly: ["PhoneView.swift"]),
            "Store.swift": Self.store,
            "SettingsView.swift": Self.view,
            "PhoneView.swift": Self.view.replacingOccurrences(of: "SettingsView", with: "PhoneView"),
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let hosts = plan.changes.filter { $0.updated.contains("struct AppDependencies") }.map(\.path)
        #expect(hosts == ["SettingsView.swift"], "\(plan.unifiedDiff())")
        #expect(try fixture.text("PhoneView.swift", in: plan).contains("dependencies.store.load()"))
        #expect(try fixture.text("SettingsView.swift", in: plan).contains("dependencies.store.load()"))
    }

    /// A view another target compiles too (Delta's previews target, Aidoku's macOS app) keeps its singleton when that
    /// target does not compile the singleton: a container there could not name it (review 27, D3).
    @Test func aViewWhoseOtherTargetCannotSeeTheDependencyStaysWithANote() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.twoApps(shared: ["SettingsView.swift"], iOSOnly: ["Store.swift"]),
            "Store.swift": Self.store,
            "SettingsView.swift": Self.view,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(
            !plan.changes.contains {
                $0.path.hasSuffix("SettingsView.swift") || $0.updated.contains("struct AppDependencies")
            }, "\(plan.unifiedDiff())")
        #expect(
            plan.notes.contains {
                $0.message.contains("stays in the view `SettingsView`: its file is compiled by several targets")
            }, "\(plan.summaryText)")
    }

    /// FSNotes' `Note.swift`, compiled by the app and its share extension, reads `CodeBlockDetector.shared` under
    /// `#if !SHARE_EXT`; the extension does not compile `CodeBlockDetector.swift`. A property and default naming it in
    /// `Note` would not build there (hunk review of hold-out round 28, H15).
    @Test func aClassWhoseOtherTargetCannotSeeTheSingletonStaysWithANote() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.twoApps(shared: ["Note.swift"], iOSOnly: ["Store.swift"]),
            "Store.swift": Self.store,
            "Note.swift": """
            final class Note {
                init() {}
                func load() {
                    #if !SHARE_EXT
                    Store.shared.load()
                    #endif
                }
            }
            """,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(!plan.changes.contains { $0.path == "Note.swift" }, "\(plan.unifiedDiff())")
        #expect(
            plan.notes.contains { $0.message.contains("compiles `Note`'s file and not `Store`'s") },
            "\(plan.summaryText)")
    }

    /// Review 34 (wwdc): `WWDC/Dependencies.swift` went into a folder that holds no file of the target (its project
    /// compiles only the folders it synchronizes), so nothing compiled it. The container goes where the target already
    /// compiles a file.
    @Test func theContainerGoesIntoAFolderTheTargetCompiles() async throws {
        let fixture = try Fixture([
            "App/Model/Store.swift": Self.store,
            "App/Views/SettingsView.swift": Self.view,
            "App/Screens/ProfileView.swift": Self.view.replacingOccurrences(of: "SettingsView", with: "ProfileView"),
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let created = plan.changes.filter { $0.updated.contains("struct AppDependencies") }.map(\.path)
        #expect(
            created.count == 1 && created.allSatisfy { $0.hasPrefix("App/") && $0.split(separator: "/").count == 3 },
            "\(created)")
    }

    /// Review 34 (kiwix): `ZimFileServiceProtocol` dropped the `@ZimActor` isolation that serializes access to libzim.
    /// A type isolated to a global actor of the app's own gets no protocol, and its singleton stays, with a note.
    @Test func aTypeIsolatedToAGlobalActorOfTheAppGetsNoProtocol() async throws {
        let fixture = try Fixture([
            "Sources/App/ZimFileService.swift": """
            @globalActor actor ZimActor { static let shared = ZimActor() }
            @ZimActor struct ZimFileService {
                static let shared = ZimFileService()
                func open() {}
            }
            final class Reader {
                @ZimActor func read() { ZimFileService.shared.open() }
            }
            """
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(plan.changes.isEmpty, "\(plan.unifiedDiff())")
        #expect(
            plan.notes.contains { $0.message.contains("isolated to the global actor `ZimActor`") },
            "\(plan.summaryText)")
    }

    /// Hold-out 7 (kiwix): the first run put the container in `Views`, which had the most view sites, and left the
    /// views of `App`; the second run then moved `App`'s views onto that container, which their target cannot see.
    /// Views read an existing container only in its own target, so the second run changes nothing.
    @Test func aSecondRunMovesNoViewOfAnotherTargetOntoTheContainer() async throws {
        let fixture = try Fixture([
            "Model/Store.swift": Self.store,
            "Views/SettingsView.swift": Self.view,
            "Views/ProfileView.swift": Self.view.replacingOccurrences(of: "SettingsView", with: "ProfileView"),
            "App/RootView.swift": Self.view.replacingOccurrences(of: "SettingsView", with: "RootView"),
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(plan.changes.contains { $0.path == "Views/Dependencies.swift" }, "\(plan.unifiedDiff())")
        #expect(!plan.changes.contains { $0.path == "App/RootView.swift" }, "\(plan.unifiedDiff())")
        for change in plan.changes {
            let url = fixture.root.appendingPathComponent(change.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(change.updated.utf8).write(to: url)
        }
        let second = try await fixture.plan()
        #expect(second.changes.isEmpty, "\(second.unifiedDiff())")
    }

    /// A type in a file both apps compile (Aidoku's `Shared/`, habitica's widget extension) defaults to the
    /// singleton, not to the container only one app has (review 27, D2 and D4).
    @Test func aTypeInAFileSeveralTargetsCompileDefaultsToTheSingleton() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.twoApps(
                shared: ["Store.swift", "Sync.swift"], iOSOnly: ["PhoneView.swift", "Phone.swift"]),
            "Store.swift": Self.store,
            "Sync.swift": "final class Sync {\n    func run() { Store.shared.load() }\n}\n",
            "Phone.swift": "final class Phone {\n    func run() { Store.shared.load() }\n}\n",
            "PhoneView.swift": Self.view.replacingOccurrences(of: "SettingsView", with: "PhoneView"),
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let sync = try fixture.text("Sync.swift", in: plan)
        #expect(sync.contains("init(store: any StoreProtocol = Store.shared)"), "\(sync)")
        let phone = try fixture.text("Phone.swift", in: plan)
        #expect(phone.contains("init(store: any StoreProtocol = AppDependencies.Live.store)"), "\(phone)")

        // A second run leaves it so: the shared file's default keeps the singleton from being retired (Aidoku's
        // second run moved `HistoryManager` into the container and its `Shared/` default to `Live`).
        for change in plan.changes {
            try Data(change.updated.utf8).write(to: fixture.root.appendingPathComponent(change.path))
        }
        let second = try await fixture.plan()
        #expect(second.changes.isEmpty, "\(second.unifiedDiff())")
        #expect(second.notes.contains { $0.message.contains("`Store.shared` is not retired") }, "\(second.summaryText)")
    }

    /// A singleton of a framework target the app imports (Habitica's `Habitica API Client`): the container,
    /// in the app, imports the framework's module too, or its protocol types would not be found.
    @Test func theContainerImportsAFrameworkTheAppImports() async throws {
        let project = """
            // !$*UTF8*$!
            {
                objects = {
                    F0 = {isa = PBXFileReference; path = "SettingsView.swift"; sourceTree = "<group>"; };
                    F1 = {isa = PBXFileReference; path = "Client.swift"; sourceTree = "<group>"; };
                    B0 = {isa = PBXBuildFile; fileRef = F0; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    G1 = {isa = PBXGroup; children = (F0); path = App; sourceTree = "<group>"; };
                    G2 = {isa = PBXGroup; children = (F1); path = "API Kit"; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1, G2); sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (B0); };
                    P2 = {isa = PBXSourcesBuildPhase; files = (B1); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; };
                    T2 = {isa = PBXNativeTarget; buildPhases = (P2); name = "API Kit"; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
                };
                rootObject = R;
            }
            """
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": project,
            "API Kit/Client.swift": """
            public final class Client {
                public static let shared = Client()
                public func load() {}
            }
            """,
            "App/SettingsView.swift": """
            import SwiftUI
            import API_Kit

            struct SettingsView: View {
                var body: some View {
                    Button("Load") { Client.shared.load() }
                }
            }
            """,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let host = try #require(
            plan.changes.first { $0.updated.contains("struct AppDependencies") }, "\(plan.summaryText)")
        let appended = host.updated[(host.updated.range(of: "}\n}\n")?.upperBound ?? host.updated.startIndex)...]
        #expect(appended.contains("import API_Kit\n"), "\(host.updated)")
        #expect(appended.contains("struct AppDependencies"), "\(host.updated)")
    }

    @Test func aSynchronizedFolderGetsAFileOfItsOwn() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.project(listing: [], synchronizedFolder: "App"),
            "App/Store.swift": Self.store,
            "App/SettingsView.swift": Self.view,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(
            plan.changes.contains { $0.original == nil && $0.path == "App/Dependencies.swift" },
            "\(plan.changes.map(\.path))")
    }
}
