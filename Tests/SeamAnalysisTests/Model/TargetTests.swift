import Foundation
import SeamAnalysis
import Testing

/// Types are identified by target and name: what real apps with an iOS app, a watch app and a widget
/// declare twice stays twice, from every build system `seam` reads.
@Suite("targets")
struct TargetTests {
    static let phone = """
        final class Store { static let shared = Store(); func save() {} }
        class UIResponder {}
        final class AppDelegate: UIResponder {
            func launch() { Store.shared.save() }
        }
        """
    static let watch = """
        final class Store { static let shared = Store(); func save() {} }
        final class AppDelegate {
            var count = 0
            func launch() { Store.shared.save(); Store.shared.save() }
        }
        extension AppDelegate { func again() { Store.shared.save() } }
        """

    @Test("two SwiftPM targets declaring the same names keep two types each, and reach their own target's singleton")
    func swiftPackageTwins() async throws {
        let codebase = try await load([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Twins", targets: [.target(name: "PhoneApp"), .target(name: "WatchApp", path: "Watch")])
            """,
            "Sources/PhoneApp/AppDelegate.swift": Self.phone,
            "Watch/AppDelegate.swift": Self.watch,
        ])
        let delegates = codebase.sortedTypes.filter { $0.simpleName == "AppDelegate" }
        #expect(delegates.map(\.name) == ["PhoneApp.AppDelegate", "WatchApp.AppDelegate"])
        #expect(delegates.map(\.target) == ["PhoneApp", "WatchApp"])
        #expect(delegates.map(\.declaredName) == ["AppDelegate", "AppDelegate"])
        #expect(delegates[0].conformances == ["UIResponder"])
        #expect(delegates[1].conformances.isEmpty)
        #expect(delegates[1].properties.map(\.name) == ["count"])
        #expect(codebase.singletonDeclarations.map(\.typeName) == ["PhoneApp.Store", "WatchApp.Store"])
        let reached = codebase.singletonAccesses.map {
            "\($0.enclosingType ?? "-") → \($0.singletonType) @\($0.target)"
        }
        #expect(
            reached == [
                "PhoneApp.AppDelegate → PhoneApp.Store @PhoneApp",
                "WatchApp.AppDelegate → WatchApp.Store @WatchApp",
                "WatchApp.AppDelegate → WatchApp.Store @WatchApp",
                "WatchApp.AppDelegate → WatchApp.Store @WatchApp",
            ])
        #expect(codebase.files.map(\.target) == ["", "PhoneApp", "WatchApp"])
    }

    /// safe-ios-legacy: `DomainRegistry` is declared by two frameworks; `EncryptionService`, in a third that imports
    /// one of them, read the other's (the first in name order) and its 57 locator slots were never reached.
    @Test("a name two other targets declare is the one of the module the file imports")
    func importedTwinWins() async throws {
        let codebase = try await load([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Wallet", targets: [
                .target(name: "IdentityDomain"), .target(name: "WalletDomain"),
                .target(name: "Services", dependencies: ["WalletDomain"]),
            ])
            """,
            "Sources/IdentityDomain/DomainRegistry.swift": """
            public final class IdentityStore { public static let shared = IdentityStore(); public func load() {} }
            public enum DomainRegistry { public static let identities = IdentityStore() }
            """,
            "Sources/WalletDomain/DomainRegistry.swift": """
            public final class WalletStore { public func save() {} }
            public enum DomainRegistry { public static let wallets = WalletStore() }
            """,
            "Sources/Services/Encryption.swift": """
            import Foundation
            import WalletDomain
            final class EncryptionService { func sign() { DomainRegistry.wallets.save() } }
            """,
        ])
        let reached = codebase.singletonAccesses.filter { $0.target == "Services" }.map {
            "\($0.singletonType).\($0.propertyName)"
        }
        #expect(reached == ["WalletDomain.DomainRegistry.wallets"])
    }

    /// damus: the app aliases `let this_app: UIApplication = UIApplication.shared` while its extensions build
    /// `UIApplication()` under the same name; the app's 17 reads were taken for the extensions' global instance.
    @Test("a reference reads its own target's global of that name; another target's only when its own has none")
    func globalsPerTarget() async throws {
        let codebase = try await load([
            "App/Aliases.swift": "import UIKit\nlet this_app: UIApplication = UIApplication.shared\n",
            "App/Screen.swift":
                "final class Screen { func open() { this_app.open() }; func sync() { session.sync() } }\n",
            "Share/Aliases.swift": "import UIKit\nlet this_app: UIApplication = UIApplication()\n",
            "Share/Sheet.swift": "final class Sheet { func open() { this_app.open() } }\n",
            "Kit/Session.swift": "final class Session { func sync() {} }\nlet session = Session()\n",
        ])
        let reached = codebase.singletonAccesses.map { "\($0.enclosingType ?? "-") → \($0.propertyName) @\($0.target)" }
        #expect(reached.sorted() == ["Screen → session @App", "Sheet → this_app @Share"])
    }

    @Test("every output keeps the two types: findings name each target's type")
    func twinsInFindings() async throws {
        let report = try await audit([
            "iOS/AppDelegate.swift": Self.phone,
            "Watch/AppDelegate.swift": Self.watch,
        ])
        #expect(Set(report.subjects(.singletonDeclaration)) == ["iOS.Store.shared", "Watch.Store.shared"])
        #expect(
            report.findings(.singletonAccess).compactMap(\.typeName).sorted()
                == ["Watch.AppDelegate", "Watch.AppDelegate", "Watch.AppDelegate", "iOS.AppDelegate"])
        #expect(report.metrics.singletons == 2)
    }

    @Test("one target declaring a name keeps it unqualified; types merge across its files")
    func oneTarget() async throws {
        let codebase = try await load([
            "App/Store.swift": "final class Store { static let shared = Store() }",
            "App/Store+Save.swift": "extension Store { func save() {} }",
            "Widget/Entry.swift": "final class Entry { func use() { Store.shared } }",
        ])
        #expect(codebase.types["Store"]?.fragments.count == 2)
        #expect(codebase.singletonAccesses.map(\.singletonType) == ["Store"])
    }

    @Test("an Xcode project assigns files to targets through its groups and synchronized folders")
    func xcodeProject() async throws {
        let project = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objects = {
                    B1 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* AppDelegate.swift */; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    F1 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; path = "Watch Delegate.swift"; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1, G2, S1); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (F1); path = Phone; sourceTree = "<group>"; };
                    G2 = {isa = PBXGroup; children = (F2); name = "Watch Extension"; path = Watch; sourceTree = "<group>"; };
                    S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                    P2 = {isa = PBXSourcesBuildPhase; files = (B2, ); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = "Phone App"; };
                    T2 = {isa = PBXNativeTarget; buildPhases = (P2); name = WatchKit; };
                    T3 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S1); name = Widget; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1, T2, T3); };
                };
                rootObject = R;
            }
            """
        let codebase = try await load([
            "Twins.xcodeproj/project.pbxproj": project,
            "Phone/AppDelegate.swift": "final class AppDelegate {}",
            "Watch/Watch Delegate.swift": "final class AppDelegate {}",
            "Widget/Deep/Entry.swift": "final class AppDelegate {}",
        ])
        #expect(codebase.files.map(\.target) == ["Phone App", "WatchKit", "Widget"])
        #expect(
            codebase.sortedTypes.map(\.name) == ["Phone App.AppDelegate", "WatchKit.AppDelegate", "Widget.AppDelegate"])
    }

    /// Review 36 (wwdc): the app target synchronizes only `MediaDownload`; `Bootstrap` is a synchronized folder whose
    /// exception set adds its files to the app one by one, so a new file there would not be compiled.
    @Test("a synchronized folder's exception set for a target that does not synchronize it lists files one by one")
    func synchronizedFolderExceptionsListFiles() async throws {
        let project = """
            // !$*UTF8*$!
            {
                objects = {
                    E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (AppCoordinator.swift, "Boot Loader.swift", Info.plist, ); target = T1; };
                    S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, ); path = Bootstrap; sourceTree = "<group>"; };
                    S2 = {isa = PBXFileSystemSynchronizedRootGroup; path = MediaDownload; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (S1, S2); sourceTree = "<group>"; };
                    T1 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S2); name = WWDC; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1); };
                };
                rootObject = R;
            }
            """
        let codebase = try await load([
            "WWDC.xcodeproj/project.pbxproj": project,
            "Bootstrap/AppCoordinator.swift": "final class AppCoordinator {}",
            "Bootstrap/Boot Loader.swift": "final class Boot {}",
            "MediaDownload/Downloader.swift": "final class Downloader {}",
        ])
        #expect(codebase.files.map(\.target) == ["WWDC", "WWDC", "WWDC"])
        #expect(codebase.isListedByProject("Bootstrap/AppCoordinator.swift"))
        #expect(codebase.isListedByProject("Bootstrap/Boot Loader.swift"))
        #expect(!codebase.isListedByProject("MediaDownload/Downloader.swift"))
    }

    @Test(
        "a file the project leaves out of a folder whose files it lists is built by no target, and its copy of a type never stands in for the built one (DuckDuckGo's UserAuthenticator)"
    )
    func unlistedFileBesideListedOnesIsNotBuilt() async throws {
        let project = """
            // !$*UTF8*$!
            {
                objects = {
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    F1 = {isa = PBXFileReference; path = Screen.swift; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; path = UserAuthenticator.swift; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1, G2); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (F1); path = App; sourceTree = "<group>"; };
                    G2 = {isa = PBXGroup; children = (F2); path = Core; sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                    P2 = {isa = PBXSourcesBuildPhase; files = (B2); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; };
                    T2 = {isa = PBXNativeTarget; buildPhases = (P2); name = Core; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
                };
                rootObject = R;
            }
            """
        let codebase = try await load([
            "App.xcodeproj/project.pbxproj": project,
            "App/Screen.swift": "final class Authenticator: UserAuthenticator {}",
            "App/UserAuthenticator.swift": "class UserAuthenticator { init(reason: String) {} }",
            "Core/UserAuthenticator.swift":
                "open class UserAuthenticator { public init(reason: String, cancelTitle: String) {} }",
            "Other/Tool.swift": "final class Tool {}",
        ])
        #expect(codebase.files.map(\.target) == ["App", "(not built)", "Core", "Other"])
        // The subclass's superclass is the one a target builds.
        #expect(codebase.type(named: "UserAuthenticator", from: "Authenticator")?.name == "Core.UserAuthenticator")
    }

    @Test(
        "a project made on a case-insensitive disk lists a file whatever the case of its folders (halloapp's HalloApp/… for Halloapp/…)"
    )
    func listedPathsMatchWhateverTheirCase() async throws {
        let project = """
            // !$*UTF8*$!
            {
                objects = {
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    F1 = {isa = PBXFileReference; path = HalloApp/Views/Feed.swift; sourceTree = SOURCE_ROOT; };
                    F2 = {isa = PBXFileReference; path = Screen.swift; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (F1, G1); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (F2); path = halloapp/views; sourceTree = "<group>"; };
                    P1 = {isa = PBXSourcesBuildPhase; files = (B1, B2); };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = App; };
                    R = {isa = PBXProject; mainGroup = G0; targets = (T1); };
                };
                rootObject = R;
            }
            """
        let codebase = try await load([
            "App.xcodeproj/project.pbxproj": project,
            "Halloapp/Views/Feed.swift": "final class Feed {}",
            "Halloapp/Views/Screen.swift": "final class Screen {}",
            "Halloapp/Views/Leftover.swift": "final class Leftover {}",
        ])
        #expect(
            codebase.files.map(\.path) == [
                "Halloapp/Views/Feed.swift", "Halloapp/Views/Leftover.swift", "Halloapp/Views/Screen.swift",
            ])
        #expect(codebase.files.map(\.target) == ["App", "(not built)", "App"])
        #expect(codebase.isListedByProject("Halloapp/Views/Feed.swift"))
    }

    @Test("an XcodeGen spec names each target's sources")
    func xcodeGen() async throws {
        let codebase = try await load([
            "project.yml": """
            name: Twins
            targets:
              Phone:
                type: application
                sources: [Shared/Phone]
              Watch:
                type: application
                sources:
                  - path: Shared/Watch
            """,
            "Shared/Phone/A.swift": "final class A {}",
            "Shared/Watch/A.swift": "final class A {}",
        ])
        #expect(codebase.files.map(\.target) == ["Phone", "Watch"])
        #expect(codebase.sortedTypes.map(\.name) == ["Phone.A", "Watch.A"])
    }

    /// Hold-out 7 (kiwix): the app target took `App`, `Model` and `Views` from its `ApplicationTemplate`; read without
    /// templates, each folder was a target of its own, and the migration's views could not see its container.
    @Test("an XcodeGen target's templates give it their sources, templates of templates too")
    func xcodeGenTemplates() async throws {
        let codebase = try await load([
            "project.yml": """
            name: Kiwix
            targetTemplates:
              Base:
                sources: [Model]
              ApplicationTemplate:
                templates: [Base]
                sources:
                  - path: App
                  - path: Views
            targets:
              Kiwix:
                templates:
                  - ApplicationTemplate
                sources:
                  - path: Support
              UnitTests:
                sources: [Tests]
            """,
            "App/RootView.swift": "final class RootView {}",
            "Model/Store.swift": "final class Store {}",
            "Views/Row.swift": "final class Row {}",
            "Support/Info.swift": "final class Info {}",
            "Tests/StoreTests.swift": "final class StoreTests {}",
        ])
        #expect(codebase.files.map(\.target) == ["Kiwix", "Kiwix", "Kiwix", "UnitTests", "Kiwix"])
    }

    /// Hold-out 21 (ugglan): read without its Tuist manifests, all of `Projects/` was one target, and the migration
    /// wrote defaults naming the app's `AppDependencies` into frameworks that cannot see it.
    @Test("Tuist manifests name each target's sources; a manifest building through a helper is its project's target")
    func tuist() async throws {
        let codebase = try await load([
            "Projects/App/Project.swift": """
            import ProjectDescription
            let project = Project(
                name: "Ugglan",
                targets: [
                    Target.target(name: "Ugglan", product: .app, buildableFolders: ["Sources"],
                                  dependencies: [.target(name: "NotificationService")]),
                    .target(name: "AppTests", product: .unitTests,
                            sources: .sourceFilesList(globs: [.glob("Tests/**", excluding: ["Tests/UITests/**"])])),
                    Target.target(name: "NotificationService", sources: "../NotificationService/**/*.swift"),
                ]
            )
            """,
            "Projects/App/Sources/AppDelegate.swift": "final class AppDelegate {}",
            "Projects/App/Tests/AppTests.swift": "final class AppTests {}",
            "Projects/NotificationService/Service.swift": "final class Service {}",
            "Projects/hCore/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.framework(name: "hCore", targets: Set([.framework]), projects: ["hGraphQL"])
            """,
            "Projects/hCore/Sources/Toasts.swift": "final class Toasts {}",
        ])
        let targets = Dictionary(uniqueKeysWithValues: codebase.files.map { ($0.path, $0.target) })
        #expect(targets["Projects/App/Sources/AppDelegate.swift"] == "Ugglan")
        #expect(targets["Projects/App/Tests/AppTests.swift"] == "AppTests")
        #expect(targets["Projects/NotificationService/Service.swift"] == "NotificationService")
        #expect(targets["Projects/hCore/Sources/Toasts.swift"] == "hCore")
    }

    @Test(
        "a hostile project file (unterminated, self-nesting groups, 10,000 brackets) is read without a crash or a hang")
    func hostileProject() async throws {
        let nested = String(repeating: "{a = ", count: 10_000)
        for text in [
            nested,
            "{ objects = { G = {isa = PBXGroup; children = (G, G);}; R = {mainGroup = G; targets = (R);}; }; rootObject = R; }",
            "{\"unterminated", "((((", "",
        ] {
            let codebase = try await load([
                "App.xcodeproj/project.pbxproj": text,
                "App/A.swift": "final class A {}",
            ])
            #expect(codebase.files.map(\.target) == ["App"])
        }
    }

    @Test("a project file's escapes, repeated keys and values of another shape are read as Xcode writes them")
    func projectFileShapes() async throws {
        // `path` written twice (the last wins), an escaped quote in a name, a group whose `children` hold a
        // dictionary (no children), a build file whose `fileRef` is an array (no file), comments everywhere, paths
        // with `.` and `..` parts.
        let project = #"""
            // !$*UTF8*$!
            { objects = {
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                B2 = {isa = PBXBuildFile; fileRef = (F2); };
                F1 = {isa = PBXFileReference; path = Old.swift; path = "A.swift"; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = B.swift; sourceTree = "<group>"; };
                F3 = {isa = PBXFileReference; path = C.swift; sourceTree = "<group>"; };
                F4 = {isa = PBXFileReference; path = "./D.swift"; sourceTree = "<group>"; };
                B4 = {isa = PBXBuildFile; fileRef = F4; };
                G0 = {isa = PBXGroup; children = (G1, G2 /* Odd */, G3); sourceTree = "<group>"; };
                G3 = {isa = PBXGroup; children = (F4); path = "Sub/../Other/"; sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = (F1, F2); path = App; sourceTree = "<group>"; };
                G2 = {isa = PBXGroup; children = (F3, {nested = 1;}); path = Odd; sourceTree = "<group>"; };
                P1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, B4); };
                T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = "The \"App\""; };
                R = {isa = PBXProject; mainGroup = G0; targets = (T1); };
            }; rootObject = R; }
            """#
        let codebase = try await load([
            "Twins.xcodeproj/project.pbxproj": project,
            "App/A.swift": "final class A {}",
            "App/B.swift": "final class B {}",
            "Odd/C.swift": "final class C {}",
            "Other/D.swift": "final class D {}",
        ])
        // B's build file names no file, so the project lists A beside it but not B: B is built by no target.
        #expect(codebase.files.map(\.target) == [#"The "App""#, "(not built)", "Odd", #"The "App""#])
    }
}

/// Actor isolation is resolved once, in the model: what a type inherits from the SDK or the codebase, and its
/// target's default isolation.
@Suite("isolation in the model")
struct IsolationModelTests {
    @Test("SDK superclasses and protocols, codebase ancestors and @MainActor protocols make a type main-actor isolated")
    func inherited() async throws {
        let codebase = try await load([
            "App.swift": """
            final class Controller: UIViewController {}
            final class Documents: NSDocumentController {}
            final class Alert: UIAlertController {}
            struct Row: View { var body: some View { EmptyView() } }
            class Base: NSViewController {}
            final class Leaf: Base {}
            @MainActor protocol Screen {}
            final class Home: Screen {}
            final class Results: NSFetchedResultsController<NSManagedObject> {}
            final class Plain {}
            actor Worker {}
            struct Swipe: ViewModifier { func body(content: Content) -> some View { content } }
            struct Map: UIViewRepresentable {}
            struct Pill: ButtonStyle {}
            struct Strategy: Codable {}
            """
        ])
        let isolated = codebase.sortedTypes.filter { $0.kind != .external && $0.isolatedToMainActor }.map(\.name)
        #expect(
            isolated == [
                "Alert", "Base", "Controller", "Documents", "Home", "Leaf", "Map", "Pill", "Row", "Screen", "Swipe",
            ])
    }

    @Test(
        "a target's default isolation (SWIFT_DEFAULT_ACTOR_ISOLATION, .defaultIsolation) isolates its types, actors excepted"
    )
    func byDefault() async throws {
        let codebase = try await load([
            "Package.swift": """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "UI", swiftSettings: [.defaultIsolation(MainActor.self)])])
            """,
            "Sources/UI/Model.swift": "final class Model {}\nactor Worker {}",
        ])
        #expect(codebase.types["Model"]?.isolatedToMainActor == true)
        #expect(codebase.types["Worker"]?.isolatedToMainActor == false)
    }
}
