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
            """
            open class UIResponder {
                public init() {}
            }
            open class UIViewController: UIResponder {
                public override init() {}
                open func viewDidLoad() {}
            }
            open class UIColor {
                public init(white: Double, alpha: Double) {}
            }
            public protocol UIApplicationDelegate: AnyObject {}
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
