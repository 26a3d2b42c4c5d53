import Testing

@testable import SeamMigration

/// Class hierarchies: initializers whose signature the superclass fixes (`override`, `required`), subclasses
/// without initializers of their own (forwarding ones are generated), in Swift 5 and Swift 6 modes.
@Suite struct HierarchyTypeCheckTests {
    static let store = """
        @MainActor final class Store {
            static let shared = Store()
            func load() {}
            var title: String { "" }
            func makeContext() -> Int { 0 }
        }
        """
    static let consumer = "Sources/App/Consumer.swift"
    static let callers = "Sources/App/Callers.swift"

    private func files(_ consumer: String, callers: String? = nil) -> [String: String] {
        var files = ["Sources/App/Store.swift": Self.store, Self.consumer: consumer]
        if let callers { files[Self.callers] = callers }
        return files
    }

    @Test func aRequiredInitializerAssignsTheDefault() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class ProfileViewController: UIViewController {
                    let name: String
                    init(name: String) {
                        self.name = name
                        super.init(nibName: nil, bundle: nil)
                    }
                    required init?(coder: NSCoder) {
                        fatalError("init(coder:) has not been implemented")
                    }
                    override func viewDidLoad() {
                        Store.shared.load()
                    }
                }
                """,
                callers: """
                    @MainActor func show() { _ = ProfileViewController(name: "a") }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "init(name: String, store: any StoreProtocol = Store.shared) {\n        self.store = store"),
            "\(consumer)")
        // Hold-out 21's hunk review (stepik): a default assigned before `fatalError` is dead code; the trap needs none.
        #expect(
            consumer.contains(
                "required init?(coder: NSCoder) {\n        fatalError(\"init(coder:) has not been implemented\")\n    }"
            ), "\(consumer)")
        #expect(!consumer.contains("Store.shared\n        fatalError("), "\(consumer)")
    }

    /// Reviews 38–40 (CotEditor): `DocumentWindowController`'s `required` initializer starts observing
    /// `SyntaxManager.shared`; a convenience twin sets the injected property after that, so the observer kept the
    /// live instance. A `required`-only type that reads the singleton in that initializer keeps it, with a note.
    @Test func aRequiredInitializerReadingTheSingletonGetsNoTwin() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                final class WindowController: UIViewController {
                    var names = 0
                    required init?(coder aDecoder: NSCoder) {
                        super.init(coder: aDecoder)
                        Store.shared.load()
                    }
                    override func viewDidLoad() {
                        Store.shared.load()
                    }
                }
                """,
                callers: """
                    @MainActor func show(coder: NSCoder) { _ = WindowController(coder: coder) }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both,
            expectNotes: [
                "its `required` initializer reads `Store.shared` itself, before a twin taking it could set it"
            ],
            untouched: [Self.consumer])
    }

    /// A storyboard view controller has `required init?(coder:)` only (Delta's `SaveStatesViewController`, 14
    /// sites): it assigns the default, and a convenience twin takes the dependency, for tests and for
    /// `instantiateViewController(identifier:creator:)`.
    @Test func aStoryboardControllerGetsAConvenienceInitializerThatTakesTheDependency() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class SaveStatesViewController: UIViewController {
                    var count = 0
                    required init?(coder aDecoder: NSCoder) {
                        super.init(coder: aDecoder)
                        count = 1
                    }
                    override func viewDidLoad() {
                        Store.shared.load()
                    }
                }
                """,
                callers: """
                    @MainActor func show(coder: NSCoder) { _ = SaveStatesViewController(coder: coder) }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("private var store: any StoreProtocol"), "\(consumer)")
        #expect(
            consumer.contains(
                "required init?(coder aDecoder: NSCoder) {\n        self.store = Store.shared\n        super.init(coder: aDecoder)"
            ), "\(consumer)")
        #expect(
            consumer.contains(
                """
                    convenience init?(coder aDecoder: NSCoder, store: any StoreProtocol) {
                        self.init(coder: aDecoder)
                        self.store = store
                    }
                """), "\(consumer)")
        // What a test or a storyboard's `creator` writes compiles against it.
        var after = result.after
        after["Sources/App/Test.swift"] = """
            @MainActor func test(coder: NSCoder, store: any StoreProtocol) -> SaveStatesViewController? {
                SaveStatesViewController(coder: coder, store: store)
            }
            """
        let check = try await SwiftTypeCheck.run(
            files: after.merging(SDKStub.files([.uiKit])) { own, _ in own }, mode: .swift6, modules: [])
        #expect(check.passed, "\(check.diagnostics)")
    }

    /// `required init()` and `required init?(coder:)` (Delta's `GameViewController`): a twin for each.
    @Test func everyRequiredInitializerGetsATwinAndATrappingOneNone() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                class GameViewController: UIViewController {
                    required init() {
                        super.init(nibName: nil, bundle: nil)
                    }
                    required init?(coder: NSCoder) {
                        fatalError("init(coder:) has not been implemented")
                    }
                    func pause() { Store.shared.load() }
                }
                """,
                callers: """
                    @MainActor func show() { _ = GameViewController() }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "convenience init(store: any StoreProtocol) {\n        self.init()\n        self.store = store\n    }"),
            "\(consumer)")
        #expect(!consumer.contains("convenience init?(coder"), "\(consumer)")
    }

    /// Only trapping `required` initializers: nothing builds the instance, so nothing is injected.
    @Test func onlyTrappingRequiredInitializersAreLeftWithANote() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                final class Placeholder: UIViewController {
                    required init?(coder: NSCoder) { fatalError() }
                    func pause() { Store.shared.load() }
                }
                """),
            stubs: [.uiKit], expectNotes: ["each only traps"], untouched: [Self.consumer])
    }

    /// A view loaded from a nib (habitica's `HRPGShopUserHeaderView`) could never call a coder twin.
    @Test func aNibLoadedViewGetsNoCoderTwin() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                final class HeaderView: UIView {
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                    func refresh() { Store.shared.load() }
                }
                """),
            stubs: [.uiKit], expectNotes: ["a view's `init?(coder:)`, which only a nib calls"],
            untouched: [Self.consumer])
    }

    @Test func anOverrideInitializerAssignsTheDefault() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor class Base {
                    init() {}
                    init(name: String) {}
                }
                @MainActor final class Loader: Base {
                    init(count: Int) { super.init() }
                    override init(name: String) { super.init(name: name) }
                    func run() { Store.shared.load() }
                }
                """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "override init(name: String) {\n        self.store = Store.shared\n        super.init(name: name)\n    }"
            ), "\(consumer)")
    }

    @Test func aViewControllerWithoutInitializersGetsForwardingOnes() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class SettingsViewController: UIViewController {
                    var title = "Settings"
                    override func viewDidLoad() {
                        Store.shared.load()
                    }
                }
                """,
                callers: """
                    @MainActor func show() {
                        _ = SettingsViewController()
                        _ = SettingsViewController(nibName: nil, bundle: nil)
                    }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?, store: any StoreProtocol = Store.shared) {"
            ), "\(consumer)")
        #expect(
            consumer.contains(
                "required init?(coder: NSCoder) {\n        self.store = Store.shared\n        super.init(coder: coder)\n    }"
            ), "\(consumer)")
        #expect(
            consumer.contains(
                "convenience init(store: any StoreProtocol = Store.shared) {\n        self.init(nibName: nil, bundle: nil, store: store)\n    }"
            ), "\(consumer)")
    }

    /// FSNotes' `EditorViewController: NSViewController` and its subclass `ViewController`, both without initializers
    /// (made from a storyboard): the base gets the forwarding initializers, which the subclass inherits; the subclass's
    /// own `storage` member makes the injected property `sharedStore`.
    @Test func aBaseWhoseSubclassesDeclareNoInitializerGetsForwardingOnes() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                class EditorViewController: UIViewController {
                    func save() { Store.shared.load() }
                }
                final class NotesViewController: EditorViewController {
                    var store = "notes"
                    func reload() { save() }
                }
                """,
                callers: """
                    @MainActor func show(coder: NSCoder) {
                        _ = NotesViewController()
                        _ = NotesViewController(nibName: nil, bundle: nil)
                        _ = NotesViewController(coder: coder)
                        _ = EditorViewController()
                    }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("func save() { sharedStore.load() }"), "\(consumer)")
        #expect(consumer.contains("var store = \"notes\""), "\(consumer)")
    }

    @Test func aViewWithoutInitializersGetsForwardingOnes() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                final class BadgeView: UIView {
                    func refresh() { Store.shared.load() }
                }
                final class BadgeCell: UITableViewCell {
                    func refresh() { Store.shared.load() }
                }
                final class BadgeListViewController: UITableViewController {
                    func refresh() { Store.shared.load() }
                }
                """,
                callers: """
                    @MainActor func show() {
                        _ = BadgeView()
                        _ = BadgeView(frame: .zero)
                        _ = BadgeCell(style: .default, reuseIdentifier: nil)
                        _ = BadgeCell()
                        _ = BadgeListViewController(style: .plain)
                        _ = BadgeListViewController()
                    }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
    }

    @Test func aSubclassOfACodebaseClassForwardsItsDesignatedInitializers() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor class Screen {
                    let name: String
                    init(name: String, depth: Int = 0) { self.name = name }
                    init?(id: Int) throws { self.name = "\\(id)" }
                }
                @MainActor final class DetailScreen: Screen {
                    func run() { Store.shared.load() }
                }
                """,
                callers: """
                    @MainActor func show() throws {
                        _ = DetailScreen(name: "a")
                        _ = try DetailScreen(id: 1)
                    }
                    """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains("init(name: String, depth: Int = 0, store: any StoreProtocol = Store.shared) {"),
            "\(consumer)")
        #expect(consumer.contains("super.init(name: name, depth: depth)"), "\(consumer)")
        #expect(consumer.contains("try super.init(id: id)"), "\(consumer)")
    }

    /// Round 24 (dydx, 87 types, each a framework's `open class …ViewController: …` without an initializer): a public
    /// subclass's forwarding initializers are public, as the ones it inherited were, when the dependency's protocol and
    /// its `shared` are public. With an internal singleton, the subclass is left with a note naming it.
    @Test func aPublicSubclassGetsPublicForwardingInitializers() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": """
                @MainActor public final class Store {
                    public static let shared = Store()
                    public func load() {}
                }
                @MainActor final class Cache {
                    static let shared = Cache()
                    func clear() {}
                }
                """,
                Self.consumer: """
                @MainActor open class Screen {
                    public let name: String
                    public init(name: String) { self.name = name }
                    public required init?(coder: Int) { self.name = "" }
                }
                @MainActor open class DetailScreen: Screen {
                    func run() { Store.shared.load() }
                }
                @MainActor public final class CacheScreen: Screen {
                    func run() { Cache.shared.clear() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            expectNotes: [
                "`Cache.shared` not injected into `CacheScreen`: it is a subclass without an initializer of its own, and `public`: the initializers it inherits would need public forwarding ones, which cannot take `any CacheProtocol` defaulting to `Cache.shared`"
            ],
            rewritten: [Self.consumer], secondRunChangesNothing: true)
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains("    public init(name: String, store: any StoreProtocol = Store.shared) {"), "\(consumer)"
        )
        #expect(
            consumer.contains("    public required init?(coder: Int) {\n        self.store = Store.shared"),
            "\(consumer)")
        #expect(consumer.contains("func run() { Cache.shared.clear() }"), "\(consumer)")
    }

    @Test func anNSObjectSubclassGetsAnInitializer() async throws {
        try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": "import Foundation\n" + Self.store,
                Self.consumer: """
                import Foundation
                @MainActor final class Observer: NSObject {
                    func run() { Store.shared.load() }
                }
                """,
                Self.callers: "@MainActor func make() { _ = Observer() }",
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
    }

    /// UIKit creates responders with `-init` (14 `UIResponder` subclasses of the tuning apps were left for want of
    /// its initializers): the responder takes its dependencies and keeps `init()`, forwarding.
    @Test func aResponderKeepsThePlainInitializerUIKitCalls() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor final class KeyCommandResponder: UIResponder {
                    func handle() { Store.shared.load() }
                }
                """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "init(store: any StoreProtocol = Store.shared) {\n        self.store = store\n        super.init()\n    }"
            ), "\(consumer)")
        #expect(
            consumer.contains("override convenience init() {\n        self.init(store: Store.shared)\n    }"),
            "\(consumer)")
    }

    /// Review 33 (trio): the app delegate's new default built `TrioRemoteControl`, and the services it resolves, when
    /// UIKit created the delegate, before the app set up its Core Data stack. Entry points the system creates at
    /// launch are the composition root: their uses stay, with a note.
    @Test func anAppDelegateIsLeftToTheCompositionRoot() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func applicationDidBecomeActive() { Store.shared.load() }
                }
                """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, untouched: [Self.consumer])
        #expect(result.plan.notes.contains { $0.message.contains("an entry point the system creates at launch") })
    }

    /// A cell registered by class is made by UIKit with `-initWithFrame:` (owncloud's `DriveGridCell`), a storyboard's
    /// segue with `-initWithIdentifier:source:destination:` (habitica's `MainVCSelectionSegue`): each inherited
    /// designated initializer stays, forwarding with the defaults, or UIKit's call traps (review 27, D5).
    @Test func aCellKeepsTheInitializerUIKitCreatesItWith() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class GridCell: UICollectionViewCell {
                    func configure() { Store.shared.load() }
                }
                """, callers: "@MainActor func make() { _ = GridCell(frame: .zero); _ = GridCell() }"),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("init(frame: CGRect, store: any StoreProtocol = Store.shared) {"), "\(consumer)")
        #expect(
            consumer.contains(
                "override convenience init(frame: CGRect) {\n        self.init(frame: frame, store: Store.shared)\n    }"
            ), "\(consumer)")
    }

    /// Review 28's R7: owncloud's `DriveGridCell` inherits from the app's `DriveHeaderCell`, itself a
    /// `UICollectionViewCell`: UIKit still creates it with `-initWithFrame:`, so the inherited initializer stays too.
    @Test func aCellBelowACodebaseCellKeepsTheInitializerUIKitCreatesItWith() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                class HeaderCell: UICollectionViewCell {
                    override init(frame: CGRect) { super.init(frame: frame) }
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                }
                final class GridCell: HeaderCell {
                    func configure() { Store.shared.load() }
                }
                """, callers: "@MainActor func make() { _ = GridCell(frame: .zero) }"),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "override convenience init(frame: CGRect) {\n        self.init(frame: frame, store: Store.shared)\n    }"
            ), "\(consumer)")
    }

    @Test func aSubclassOfAnUnknownSDKClassIsLeftWithANote() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor final class Tint: UIColor {
                    func run() { Store.shared.load() }
                }
                """),
            stubs: [.uiKit],
            expectNotes: ["its superclass `UIColor` is not one whose designated initializers seam knows"],
            untouched: [Self.consumer])
    }

    @Test func aClassWithSubclassesGetsNoForwardingInitializers() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                class ListViewController: UIViewController {
                    func reload() { Store.shared.load() }
                }
                final class FeedViewController: ListViewController {
                    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
                    }
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                }
                """),
            stubs: [.uiKit],
            expectNotes: ["`FeedViewController` subclasses it"],
            untouched: [Self.consumer])
    }

    @Test func aSubclassReusesThePropertyItsSuperclassIsGiven() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor class FeedBase {
                    init() {}
                    func reload() { Store.shared.load() }
                }
                @MainActor final class Feed: FeedBase {
                    func refresh() { Store.shared.load() }
                }
                """, callers: "@MainActor func make() { _ = Feed() }"),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.components(separatedBy: "let store: any StoreProtocol").count == 2, "\(consumer)")
        #expect(!consumer.contains("private let store"), "\(consumer)")
        #expect(consumer.contains("func refresh() { store.load() }"), "\(consumer)")
    }

    /// Hunk review 43 (mixin's `BitcoinCancelOperation`, H23): a subclass's initializer read the singleton before
    /// `super.init`, and became a read of the property its superclass is given, which is not set until then. Such a
    /// subclass keeps its reads, with a note; its superclass is injected.
    @Test func aSubclassReadingTheSingletonBeforeSuperInitKeepsIt() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                enum Failure: Error { case empty }
                @MainActor class Operation {
                    init(name: String) {}
                    func run() { Store.shared.load() }
                }
                @MainActor final class CancelOperation: Operation {
                    init(id: Int) throws {
                        if Store.shared.title.isEmpty { throw Failure.empty }
                        super.init(name: String(id))
                    }
                    func cancel() { Store.shared.load() }
                }
                """),
            modes: SwiftLanguageMode.both,
            expectNotes: [
                "`Store.shared` in an initializer before `super.init`, where the `store` `CancelOperation` inherits from `Operation` is not set yet"
            ],
            rewritten: [Self.consumer], secondRunChangesNothing: true)
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("init(name: String, store: any StoreProtocol = Store.shared)"), "\(consumer)")
        #expect(consumer.contains("if Store.shared.title.isEmpty { throw Failure.empty }"), "\(consumer)")
    }

    @Test func aSubclassReusesThePropertyItsSuperclassAlreadyInjects() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor class FeedBase {
                    let store: Store
                    init(store: Store = .shared) { self.store = store }
                }
                @MainActor final class Feed: FeedBase {
                    func refresh() { Store.shared.load() }
                }
                """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.components(separatedBy: "let store").count == 2, "\(consumer)")
        #expect(consumer.contains("func refresh() { store.load() }"), "\(consumer)")
    }

    /// Hunk review 40 (tari, H07 and H46): `DynamicThemeViewController` gets `theme: AppTheme` from an extension of
    /// its `ThemeViewProtocol`; an injected `private let theme` hid it, and a call passing `theme` as an `AppTheme`
    /// no longer compiled. A name the type gets from a protocol, or computes itself, is left to it: the dependency is
    /// injected as `sharedTheme`.
    @Test func aPropertyNamedLikeAProtocolExtensionMemberTakesAnotherName() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                struct AppTheme { var name = "" }
                @MainActor protocol ThemeViewProtocol: AnyObject {}
                extension ThemeViewProtocol {
                    var theme: AppTheme { AppTheme() }
                }
                @MainActor final class Theme {
                    static let shared = Theme()
                    func color() -> Int { 0 }
                }
                @MainActor class DynamicScreen: ThemeViewProtocol {
                    init() {}
                }
                @MainActor final class Screen: DynamicScreen {
                    var title = 0
                    override init() { super.init() }
                    func render() {
                        title = Theme.shared.color()
                        update(theme: theme)
                    }
                    func update(theme: AppTheme) {}
                }
                @MainActor final class Panel {
                    var store: Store { Store.shared }
                    func show() { Store.shared.load() }
                }
                """, callers: "@MainActor func make() { _ = Screen(); _ = Panel() }"),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("title = sharedTheme.color()\n        update(theme: theme)"), "\(consumer)")
        #expect(consumer.contains("var store: Store { sharedStore }"), "\(consumer)")
        #expect(consumer.contains("func show() { sharedStore.load() }"), "\(consumer)")
    }

    @Test func overrideInitializersTakeTheDependencyAndStayAsForwarders() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class AvatarView: UIView {
                    var size = 0
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        setUp()
                    }
                    required init?(coder: NSCoder) {
                        super.init(coder: coder)
                        setUp()
                    }
                    private func setUp() { Store.shared.load() }
                }
                """,
                callers: """
                    @MainActor func show() {
                        _ = AvatarView()
                        _ = AvatarView(frame: .zero)
                    }
                    """),
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                """
                    init(frame: CGRect, store: any StoreProtocol = Store.shared) {
                        self.store = store
                        super.init(frame: frame)
                """), "\(consumer)")
        #expect(
            consumer.contains(
                """
                    convenience override init(frame: CGRect) {
                        self.init(frame: frame, store: Store.shared)
                    }
                """), "\(consumer)")
        #expect(consumer.contains("required init?(coder: NSCoder) {\n        self.store = Store.shared"), "\(consumer)")
    }

    /// Hunk review 40 (sciencejournal, H30): `self.init(analyticsReporter: analyticsReporter,
    /// captureSessionInterruptionObserver: CaptureSessionInterruptionObserver.shared)`, 130 columns, in a codebase kept
    /// to 100. A forwarder's call longer than the line limit takes one argument per line.
    @Test func aLongForwardingCallTakesOneArgumentPerLine() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Observer.swift": """
                @MainActor final class CaptureSessionInterruptionObserver {
                    static let shared = CaptureSessionInterruptionObserver()
                    func observe() {}
                }
                """,
                Self.consumer: """
                final class AddTrialNoteViewController: UIView {
                    var size = 0
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                    }
                    required init?(coder: NSCoder) {
                        super.init(coder: coder)
                    }
                    func start() { CaptureSessionInterruptionObserver.shared.observe() }
                }
                """,
            ],
            stubs: [.uiKit], modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                """
                    convenience override init(frame: CGRect) {
                        self.init(
                            frame: frame,
                            captureSessionInterruptionObserver: CaptureSessionInterruptionObserver.shared
                        )
                    }
                """), "\(consumer)")
    }

    /// Trio's `Home.StateModel: BaseStateModel<Provider>`: stored properties whose initial values read the singleton,
    /// and only an `override init()`. The override becomes the designated initializer that takes the dependency and
    /// computes the moved values; the forwarder passes the default, so `HomeModel()` reads the same instance.
    @Test func anOverrideInitializerBecomingDesignatedComputesMovedValues() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor class BaseModel {
                    init() {}
                }

                @MainActor final class HomeModel: BaseModel {
                    let title: String = Store.shared.title
                    let context = Store.shared.makeContext()
                    override init() {
                        super.init()
                    }
                    func refresh() { Store.shared.load() }
                }
                """,
                callers: """
                    @MainActor func show() -> BaseModel {
                        HomeModel()
                    }
                    """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                """
                    init(store: any StoreProtocol = Store.shared) {
                        self.store = store
                        self.title = store.title
                        self.context = store.makeContext()
                        super.init()
                    }

                    convenience override init() {
                        self.init(store: Store.shared)
                    }
                """), "\(consumer)")
    }

    @Test func anInitializerASubclassOverridesKeepsItsSignature() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                @MainActor class Screen {
                    init(name: String) {}
                    func reload() { Store.shared.load() }
                }
                @MainActor final class DetailScreen: Screen {
                    override init(name: String) { super.init(name: name) }
                }
                """),
            modes: SwiftLanguageMode.both,
            expectNotes: ["`DetailScreen` overrides this initializer, whose signature would change"],
            untouched: [Self.consumer])
    }

    /// The defaults the rewrites write (`self.store = Store.shared` in `required init?(coder:)`, the
    /// forwarders' `self.init(…, store: Store.shared)`) are injection: a second run changes and notes nothing.
    @Test func aSecondRunOnTheOutputDoesNothing() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class SettingsViewController: UIViewController {
                    override func viewDidLoad() { Store.shared.load() }
                }
                final class AvatarView: UIView {
                    override init(frame: CGRect) { super.init(frame: frame) }
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                    func setUp() { Store.shared.load() }
                }
                """),
            stubs: [.uiKit], rewritten: [Self.consumer])
        let fixture = try Fixture(result.after.filter { !$0.value.contains("@testable import") })
        defer { fixture.remove() }
        let again = try await fixture.plan()
        #expect(again.changes.filter { $0.original != nil }.isEmpty, "\(again.unifiedDiff())")
        #expect(again.notes.isEmpty, "\(again.summaryText)")
    }
}
