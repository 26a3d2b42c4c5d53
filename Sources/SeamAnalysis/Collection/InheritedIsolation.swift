/// Which classes of the codebase are isolated to the main actor and which are observed by SwiftUI, through
/// what they inherit, for `ui-state-off-main-actor`.
///
/// A class is a main-actor type when it is annotated `@MainActor`, when its superclass is one (a codebase
/// class, or a UIKit/AppKit view, window or view controller: `final class Overlay: NSPanel`), or when it
/// conforms to a main-actor protocol (a codebase protocol marked `@MainActor`, SwiftUI's `View`/`App`, UIKit's
/// delegates and data sources), which infers the isolation (SE-0316). A class is observed by SwiftUI when it is
/// an `ObservableObject` or `@Observable`, directly or through a codebase superclass or protocol
/// (`protocol StateModel: ObservableObject`).
struct InheritedIsolation {
    private let types: [String: CodebaseType]
    private let resolve: (String, String) -> String?
    private var mainActor: [String: Bool] = [:]
    private var observed: [String: Bool] = [:]

    /// `resolve(name, from)` looks a written type name up from inside the type `from`.
    init(types: [String: CodebaseType], resolve: @escaping (String, String) -> String?) {
        self.types = types
        self.resolve = resolve
    }

    /// Whether the type named `name` (qualified) is isolated to the main actor.
    mutating func isMainActor(_ name: String) -> Bool {
        Self.inherits(name, memo: &mainActor, types: types, resolve: resolve) { type in
            type.isMainActor
        } external: { written in
            Self.isMainActorSDKType(written)
        }
    }

    /// Whether writes to the `@Published` properties of the type named `name` reach SwiftUI: an
    /// `ObservableObject` or `@Observable` class, directly or through what it inherits.
    mutating func isObserved(_ name: String) -> Bool {
        Self.inherits(name, memo: &observed, types: types, resolve: resolve) { type in
            type.isObservable
        } external: { written in
            written == "ObservableObject"
        }
    }

    /// Whether `name`, or something it inherits from, has the property: `own` for codebase types,
    /// `external` for names the codebase does not declare. Cycles (invalid code) count as `false`.
    private static func inherits(
        _ name: String, memo: inout [String: Bool], types: [String: CodebaseType],
        resolve: (String, String) -> String?, own: (CodebaseType) -> Bool, external: (String) -> Bool
    ) -> Bool {
        if let known = memo[name] { return known }
        guard let type = types[name] else { return external(name) }
        memo[name] = false
        var result = own(type)
        if !result {
            for written in type.conformances {
                if let resolved = resolve(written, name), resolved != name, types[resolved]?.kind != .external {
                    result = inherits(
                        resolved, memo: &memo, types: types, resolve: resolve, own: own, external: external)
                } else {
                    result = external(written)
                }
                if result { break }
            }
        }
        memo[name] = result
        return result
    }

    /// SDK classes and protocols that are `@MainActor`: SwiftUI's `View`, `ViewModifier`, `App`, `Scene`, the
    /// representables and styles; UIKit and AppKit
    /// views, windows, panels, cells, responders and view/window controllers; their delegates and data sources.
    static func isMainActorSDKType(_ written: String) -> Bool {
        if swiftUIProtocols.contains(written) { return true }
        let isUIKit = written.hasUTF8Prefix("UI")
        guard isUIKit || written.hasUTF8Prefix("NS") || written.hasUTF8Prefix("WK") else { return false }
        if mainActorSuffixes.contains(where: written.hasUTF8Suffix) { return true }
        // Every UIKit controller is a main-actor type (`UIAlertController`, `UISearchController`,
        // `UIDocumentInteractionController`); of AppKit's, the view, window and bindings controllers.
        if isUIKit {
            return written.hasUTF8Suffix("Delegate") || written.hasUTF8Suffix("DataSource")
                || written.hasUTF8Suffix("Controller")
        }
        return appKitProtocols.contains(written) || appKitControllers.contains(written)
    }

    /// `@MainActor @preconcurrency` in the iOS 18 and macOS 15 SDKs.
    private static let swiftUIProtocols: Set<String> = [
        "View", "App", "Scene", "Commands", "ToolbarContent", "ViewModifier", "PreviewProvider",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle",
    ]
    private static let mainActorSuffixes = [
        "View", "ViewController", "WindowController", "NavigationController", "TabBarController",
        "Window", "Panel", "Cell", "Responder", "Application", "Button", "Label", "Control", "Bar",
    ]
    /// AppKit and WatchKit controllers that are `@MainActor` (`NSFetchedResultsController`, Core Data's, is not).
    private static let appKitControllers: Set<String> = [
        "NSDocumentController", "NSController", "NSObjectController", "NSArrayController", "NSTreeController",
        "NSDictionaryController", "NSUserDefaultsController", "NSTitlebarAccessoryViewController",
        "WKInterfaceController", "WKHostingController", "WKExtensionDelegate", "WKApplicationDelegate",
    ]
    private static let appKitProtocols: Set<String> = [
        "NSApplicationDelegate", "NSWindowDelegate", "NSTableViewDelegate", "NSTableViewDataSource",
        "NSOutlineViewDelegate", "NSOutlineViewDataSource", "NSCollectionViewDelegate", "NSCollectionViewDataSource",
        "NSTextViewDelegate", "NSTextFieldDelegate", "NSMenuDelegate", "NSSplitViewDelegate", "NSToolbarDelegate",
        "NSPopoverDelegate", "NSTabViewDelegate", "NSSearchFieldDelegate",
    ]
}
