/// Apple SDK declarations written as plain Swift, so reproductions of app code type-check on Linux.
///
/// Only what the reproductions use: a stub is a shape, not an SDK.
enum SDKStub: String, CaseIterable {
    case uiKit
    case swiftUI
    case xcTest
    case swiftData

    /// The stub files to add to a reproduction, by path.
    static func files(_ stubs: [SDKStub]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: stubs.map { ("Stubs/\($0.rawValue).swift", $0.text) })
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
            """
            public protocol View {
                associatedtype Body
                var body: Body { get }
            }
            public struct Text {
                public init(_ text: String) {}
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
        }
    }
}
