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
        let synchronized = synchronizedFolder.map { "S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = \($0); sourceTree = \"<group>\"; };" } ?? ""
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
        #expect(!plan.changes.contains { $0.original == nil && $0.path.hasSuffix("Dependencies.swift") }, "\(plan.changes.map(\.path))")
        let changed = plan.changes.filter { $0.original != nil && $0.updated.contains("struct AppDependencies") }
        #expect(changed.count == 1, "\(plan.unifiedDiff())")
        #expect(plan.notes.contains { $0.message.contains("the Xcode project lists the target's files one by one") })
        let view = try fixture.text("SettingsView.swift", in: plan)
        #expect(view.contains("dependencies.store.load()"), "\(view)")
    }

    @Test func aSynchronizedFolderGetsAFileOfItsOwn() async throws {
        let fixture = try Fixture([
            "App.xcodeproj/project.pbxproj": Self.project(listing: [], synchronizedFolder: "App"),
            "App/Store.swift": Self.store,
            "App/SettingsView.swift": Self.view,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(plan.changes.contains { $0.original == nil && $0.path == "App/Dependencies.swift" }, "\(plan.changes.map(\.path))")
    }
}
