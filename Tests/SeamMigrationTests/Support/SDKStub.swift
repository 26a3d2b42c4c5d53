/// Apple SDK declarations written as plain Swift, so reproductions of app code type-check on Linux.
///
/// Only what the reproductions use: a stub is a shape, not an SDK.
enum SDKStub: String, CaseIterable {
    case uiKit
    case swiftUI
    case xcTest
    case swiftData
    /// A third-party package's module (Unstoppable's `HsToolKit`): a type from it is named only where it is imported.
    case toolKit
    /// The Factory DI library's shape (`Container.shared`, `Factory`, `@Injected(\.api)`), as the module `Factory`.
    case factory

    /// The stub files to add to a reproduction, by path: the stubs compiled into the reproduction's own module.
    static func files(_ stubs: [SDKStub]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: stubs.filter { $0.moduleName == nil }.map { ("Stubs/\($0.rawValue).swift", $0.text) })
    }

    /// The module a stub is compiled as (a reproduction then writes `import SwiftUI`, as an app does, and the
    /// analysis sees no declaration of `View`), or `nil` for a stub compiled into the reproduction's module.
    var moduleName: String? {
        switch self {
        case .swiftUI: "SwiftUI"
        case .toolKit: "ToolKit"
        case .factory: "Factory"
        default: nil
        }
    }

    var text: String {
        switch self {
        case .uiKit:
            // The designated initializers as UIKit declares them: `init()` is a convenience a subclass inherits
            // only when it has (or inherits) every designated one.
            """
            open class NSCoder {}
            open class Bundle {}
            public struct CGRect: Sendable {
                public static let zero = CGRect()
                public init() {}
            }
            @MainActor open class UIResponder {
                public init() {}
            }
            @MainActor open class UIViewController: UIResponder {
                public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
                public required init?(coder: NSCoder) { super.init() }
                public convenience override init() { self.init(nibName: nil, bundle: nil) }
                open func viewDidLoad() {}
            }
            @MainActor open class UIView: UIResponder {
                public init(frame: CGRect) { super.init() }
                public required init?(coder: NSCoder) { super.init() }
                public convenience override init() { self.init(frame: .zero) }
            }
            @MainActor open class UITableViewCell: UIView {
                public enum CellStyle: Sendable { case `default`, subtitle }
                public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
                public required init?(coder: NSCoder) { super.init(coder: coder) }
                public convenience init() { self.init(style: .default, reuseIdentifier: nil) }
            }
            public enum UITableViewStyle: Sendable { case plain, grouped }
            public enum UITableView { public typealias Style = UITableViewStyle }
            @MainActor open class UITableViewController: UIViewController {
                public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
                public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
                public required init?(coder: NSCoder) { super.init(coder: coder) }
            }
            @MainActor open class UICollectionViewCell: UIView {
                public override init(frame: CGRect) { super.init(frame: frame) }
                public required init?(coder: NSCoder) { super.init(coder: coder) }
            }
            open class UIColor {
                public init(white: Double, alpha: Double) {}
            }
            @MainActor public protocol UIApplicationDelegate: AnyObject {}
            """
        case .swiftUI:
            // As the SDK declares them since Xcode 16: `View` is `@MainActor`, `EnvironmentKey.defaultValue` is a
            // nonisolated static requirement, the views' initializers are nonisolated.
            """
            @MainActor @preconcurrency public protocol View {
                associatedtype Body: View
                @ViewBuilder var body: Body { get }
            }
            extension Never: View {
                public var body: Never { fatalError() }
            }
            @MainActor @preconcurrency public protocol ViewModifier {
                associatedtype Body: View
                typealias Content = _ViewModifier_Content<Self>
                @ViewBuilder func body(content: Content) -> Body
            }
            public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
                public var body: Never { fatalError() }
            }
            public struct Text: View {
                nonisolated public init(_ text: String) {}
                public var body: Never { fatalError() }
            }
            public struct Button: View {
                nonisolated public init(_ title: String, action: @escaping @MainActor () -> Void) {}
                public var body: Never { fatalError() }
            }
            public struct TupleView<T>: View {
                nonisolated public init(_ value: T) {}
                public var body: Never { fatalError() }
            }
            @resultBuilder public enum ViewBuilder {
                public static func buildBlock<C: View>(_ content: C) -> C { content }
                public static func buildBlock<each C: View>(_ content: repeat each C) -> TupleView<(repeat each C)> {
                    TupleView((repeat each content))
                }
            }
            public struct VStack<Content: View>: View {
                nonisolated public init(@ViewBuilder content: () -> Content) {}
                public var body: Never { fatalError() }
            }
            public protocol DynamicProperty {}
            public protocol EnvironmentKey {
                associatedtype Value
                static var defaultValue: Value { get }
            }
            public struct EnvironmentValues {
                nonisolated public init() {}
                public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
                    get { K.defaultValue }
                    set {}
                }
            }
            @propertyWrapper public struct Environment<Value>: DynamicProperty {
                private let keyPath: KeyPath<EnvironmentValues, Value>
                nonisolated public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
                public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
            }
            @propertyWrapper public struct State<Value>: DynamicProperty {
                private var value: Value
                nonisolated public init(wrappedValue: Value) { value = wrappedValue }
                public var wrappedValue: Value {
                    get { value }
                    nonmutating set {}
                }
            }
            public protocol ObservableObject: AnyObject {}
            @propertyWrapper public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
                private let make: () -> ObjectType
                nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }
                @MainActor public var wrappedValue: ObjectType { make() }
            }
            extension View {
                nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
                    self
                }
            }
            """
        case .xcTest:
            """
            open class XCTestCase {
                public init() {}
                open func setUp() {}
            }
            """
        case .swiftData:
            """
            // SwiftData's `@Model` is a macro; a global actor of the same name is an attribute the type
            // checker accepts on a class without the macro plugin, which is all the reproductions need.
            @globalActor public actor Model {
                public static let shared = Model()
            }
            """
        case .toolKit:
            """
            public final class NetworkManager: Sendable {
                public init() {}
            }
            """
        case .factory:
            """
            public struct Factory<T> {
                private let make: () -> T
                public init(_ make: @escaping () -> T) { self.make = make }
                public func callAsFunction() -> T { make() }
                public var singleton: Factory<T> { self }
            }
            public final class Container: @unchecked Sendable {
                public static let shared = Container()
                public init() {}
                public func callAsFunction<T>(_ make: @escaping () -> T) -> Factory<T> { Factory(make) }
            }
            /// Resolves when the instance holding it is made, as Factory's does.
            @propertyWrapper public struct Injected<T> {
                private var dependency: T
                public init(_ keyPath: KeyPath<Container, Factory<T>>) { dependency = Container.shared[keyPath: keyPath]() }
                public var wrappedValue: T {
                    get { dependency }
                    set { dependency = newValue }
                }
            }
            /// Resolves at first use.
            @propertyWrapper public struct LazyInjected<T> {
                private let keyPath: KeyPath<Container, Factory<T>>
                public init(_ keyPath: KeyPath<Container, Factory<T>>) { self.keyPath = keyPath }
                public var wrappedValue: T { Container.shared[keyPath: keyPath]() }
            }
            """
        }
    }
}
