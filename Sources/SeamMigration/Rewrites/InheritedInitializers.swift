import SeamAnalysis

/// The designated initializers a subclass without initializers of its own inherits, read from the model for a
/// codebase superclass (its own `init`s, or, when it has none, what it inherits in turn) and from
/// ``SDKInitializers`` for a UIKit/AppKit one; and the forwarding initializers that keep them once the subclass
/// takes injected dependencies.
///
/// For each inherited designated `init(P)` the subclass gets `init(P, store: any StoreProtocol = Store.shared)`
/// (assigning the property, then `super.init(P)`); a `required` one keeps its signature and assigns the default
/// (`self.store = Store.shared`); a convenience initializer of the SDK class the subclass inherited (UIKit's
/// `init()`) is kept as `convenience init(store: … = Store.shared)` forwarding to a designated one, so
/// `MyViewController()` still compiles.
struct InheritedInitializers {
    /// One designated initializer, as the subclass must declare it.
    struct Signature: Equatable {
        struct Parameter: Equatable {
            /// The argument label, `nil` for `_`.
            var label: String?
            var name: String
            /// The type as written.
            var type: String
            var defaultValue: String?

            var declaration: String {
                let head = label == name ? name : "\(label ?? "_") \(name)"
                return "\(head): \(type)" + (defaultValue.map { " = \($0)" } ?? "")
            }
            var argument: String { label.map { "\($0): \(name)" } ?? name }
        }

        var parameters: [Parameter]
        var isRequired = false
        var isFailable = false
        var isThrowing = false
        var isAsync = false

        /// `init` or `init?`.
        var keyword: String { "init" + (isFailable ? "?" : "") }
        /// ` async throws`, as the declaration writes its effects.
        var effects: String { (isAsync ? " async" : "") + (isThrowing ? " throws" : "") }

        /// `try await super.init(frame: frame, …)`: a call of `callee` passing each parameter on by name, then
        /// `extra` arguments, with `try`/`await` as the effects need.
        func call(_ callee: String, adding extra: [String] = []) -> String {
            (isThrowing ? "try " : "") + (isAsync ? "await " : "")
                + callee + "(" + (parameters.map(\.argument) + extra).joined(separator: ", ") + ")"
        }
    }

    /// A convenience initializer of the superclass that the subclass inherits today, and the designated call it
    /// makes (`init()` → `self.init(nibName: nil, bundle: nil)`).
    struct Convenience: Equatable {
        var parameters: [Signature.Parameter]
        var delegation: String
    }

    struct Inherited {
        var designated: [Signature]
        var conveniences: [Convenience]
        /// Whether the SDK may create instances through these initializers from Objective-C (`-init` for the app
        /// delegate, `-initWithFrame:` for a cell registered by class, `-initWithIdentifier:source:destination:`
        /// for a storyboard segue): the subclass keeps each as an `override convenience` forwarding to the one
        /// that takes the dependencies, or the SDK's call would trap on an unimplemented initializer.
        var keepsDesignatedInitializers = false
    }

    let model: Codebase

    /// What `type` inherits, or why it cannot be known.
    func inherited(by type: CodebaseType) -> Result<Inherited, Refusal> {
        var current = type
        var visited: Set<String> = [type.name]
        while let superclass = current.superclass {
            guard let base = model.types[superclass], base.kind == .class else {
                guard var sdk = SDKInitializers.table[superclass] else {
                    return .failure(
                        Refusal(
                            message:
                                "its superclass `\(superclass)` is not one whose designated initializers seam knows (\(SDKInitializers.knownNames))"
                        ))
                }
                sdk.keepsDesignatedInitializers = true
                return .success(sdk)
            }
            guard visited.insert(base.name).inserted else {
                return .failure(Refusal(message: "its superclasses form a cycle"))
            }
            let visible = base.initializers.filter { !$0.traits.isPrivate }
            if visible.contains(where: \.traits.isConvenience) {
                return .failure(
                    Refusal(
                        message:
                            "its superclass `\(base.simpleName)` has convenience initializers, which a subclass with initializers of its own no longer inherits"
                    ))
            }
            if visible.isEmpty {
                if !base.initializers.isEmpty {
                    return .failure(
                        Refusal(message: "the initializers of its superclass `\(base.simpleName)` are private"))
                }
                if base.superclass == nil {
                    return .success(Inherited(designated: [Signature(parameters: [])], conveniences: []))
                }
                current = base
                continue
            }
            var signatures: [Signature] = []
            for initializer in visible {
                if initializer.traits.isGeneric {
                    return .failure(Refusal(message: "its superclass `\(base.simpleName)` has a generic initializer"))
                }
                if initializer.parameters.contains(where: {
                    $0.typeText.isEmpty || $0.typeText.hasSuffix("...") || $0.typeText.hasPrefix("inout ")
                }) {
                    return .failure(
                        Refusal(
                            message:
                                "an initializer of its superclass `\(base.simpleName)` takes a variadic or `inout` parameter, which cannot be forwarded"
                        ))
                }
                let parameters = initializer.parameters.map {
                    Signature.Parameter(
                        label: $0.label, name: $0.name, type: $0.typeText, defaultValue: $0.defaultValue)
                }
                let traits = initializer.traits
                signatures.append(
                    Signature(
                        parameters: parameters, isRequired: traits.isRequired, isFailable: traits.isFailable,
                        isThrowing: traits.isThrowing, isAsync: traits.isAsync))
            }
            // Below an SDK class (owncloud's `DriveGridCell: DriveHeaderCell: UICollectionViewCell`), the SDK still
            // calls the inherited initializers.
            return .success(
                Inherited(
                    designated: signatures, conveniences: [], keepsDesignatedInitializers: descendsFromSDKClass(base)))
        }
        return .failure(Refusal(message: "it has no superclass"))
    }

    /// Whether a superclass above `type` is a class outside the codebase (the SDK's).
    private func descendsFromSDKClass(_ type: CodebaseType) -> Bool {
        var current = type
        var visited: Set<String> = [type.name]
        while let superclass = current.superclass {
            guard let base = model.types[superclass], base.kind == .class else { return true }
            guard visited.insert(base.name).inserted else { return false }
            current = base
        }
        return false
    }

    struct Refusal: Error {
        var message: String
    }

    /// The forwarding initializers' text, one per inherited initializer, at `indent` (a member's indentation), each
    /// declared with `access` (`"public "` in a public class, whose inherited initializers were public).
    /// Stored properties' initial values that the initializers compute instead (see `SingletonInjection`), read from
    /// the parameters, and read from the properties just assigned their defaults (in a `required` initializer).
    typealias MovedValues = (
        fromParameters: [(name: String, value: String)], fromDefaults: [(name: String, value: String)]
    )

    static func render(
        _ inherited: Inherited, dependencies: [SingletonInjection.Dependency], moved: MovedValues = ([], []),
        indent: String, unit: String, access: String = ""
    ) -> String {
        let newParameters = dependencies.map(\.parameterDeclaration)
        var blocks: [String] = []
        for signature in inherited.designated {
            var lines: [String]
            if signature.isRequired {
                // Its signature is every subclass's: the dependencies take their defaults.
                let parameters = signature.parameters.map(\.declaration).joined(separator: ", ")
                lines = ["\(indent)\(access)required \(signature.keyword)(\(parameters))\(signature.effects) {"]
                lines += dependencies.map { "\(indent)\(unit)self.\($0.propertyName) = \($0.defaultValue)" }
                lines += moved.fromDefaults.map { "\(indent)\(unit)self.\($0.name) = \($0.value)" }
            } else {
                let parameters = signature.parameters.map(\.declaration) + newParameters
                lines = [
                    "\(indent)\(access)\(signature.keyword)\(SingletonInjection.parameterList(parameters, indent: indent, unit: unit))\(signature.effects) {"
                ]
                lines += dependencies.map { "\(indent)\(unit)self.\($0.propertyName) = \($0.propertyName)" }
                lines += moved.fromParameters.map { "\(indent)\(unit)self.\($0.name) = \($0.value)" }
            }
            lines.append("\(indent)\(unit)\(signature.call("super.init"))")
            lines.append("\(indent)}")
            blocks.append(lines.joined(separator: "\n"))
        }
        if inherited.keepsDesignatedInitializers {
            let defaults = dependencies.map { "\($0.propertyName): \($0.defaultValue)" }
            for signature in inherited.designated where !signature.isRequired {
                let parameters = signature.parameters.map(\.declaration).joined(separator: ", ")
                blocks.append(
                    [
                        "\(indent)\(access)override convenience \(signature.keyword)(\(parameters))\(signature.effects) {",
                        "\(indent)\(unit)\(signature.call("self.init", adding: defaults))",
                        "\(indent)}",
                    ].joined(separator: "\n"))
            }
        }
        for convenience in inherited.conveniences {
            let parameters = convenience.parameters.map(\.declaration) + newParameters
            let forwarded = dependencies.map { "\($0.propertyName): \($0.propertyName)" }.joined(separator: ", ")
            // `self.init(nibName: nil, bundle: nil)` → `self.init(nibName: nil, bundle: nil, store: store)`.
            var delegation = convenience.delegation
            if delegation.hasSuffix("()") {
                delegation.removeLast()
                delegation += forwarded + ")"
            } else {
                delegation.removeLast()
                delegation += ", " + forwarded + ")"
            }
            blocks.append(
                [
                    "\(indent)\(access)convenience init\(SingletonInjection.parameterList(parameters, indent: indent, unit: unit)) {",
                    "\(indent)\(unit)\(delegation)",
                    "\(indent)}",
                ].joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n")
    }
}

/// The designated initializers of the UIKit and AppKit classes apps subclass most, as the SDKs declare them, and
/// the convenience initializers a subclass inherits only while it has (or inherits) all of them. A subclass of
/// any other SDK class is left as it is, with a note.
enum SDKInitializers {
    private typealias Parameter = InheritedInitializers.Signature.Parameter
    private typealias Signature = InheritedInitializers.Signature

    private static let coder = Signature(
        parameters: [Parameter(label: "coder", name: "coder", type: "NSCoder")], isRequired: true, isFailable: true)

    private static func viewController(nib: String) -> InheritedInitializers.Inherited {
        InheritedInitializers.Inherited(
            designated: [
                Signature(parameters: [
                    Parameter(label: "nibName", name: "nibNameOrNil", type: nib),
                    Parameter(label: "bundle", name: "nibBundleOrNil", type: "Bundle?"),
                ]),
                coder,
            ],
            conveniences: [
                InheritedInitializers.Convenience(parameters: [], delegation: "self.init(nibName: nil, bundle: nil)")
            ])
    }

    private static func view(rect: String) -> InheritedInitializers.Inherited {
        InheritedInitializers.Inherited(
            designated: [Signature(parameters: [Parameter(label: "frame", name: "frame", type: rect)]), coder],
            conveniences: [InheritedInitializers.Convenience(parameters: [], delegation: "self.init(frame: .zero)")])
    }

    /// A view controller with one more designated initializer (`init(style:)`, `init(collectionViewLayout:)`).
    private static func viewController(adding extra: Signature) -> InheritedInitializers.Inherited {
        var inherited = viewController(nib: "String?")
        inherited.designated.insert(extra, at: 0)
        return inherited
    }

    /// By the superclass's name as written.
    static let table: [String: InheritedInitializers.Inherited] = [
        // `init(nibName:bundle:)`, `required init?(coder:)`; `init()` is a convenience (`-init` calls
        // `initWithNibName:nil bundle:nil`).
        "UIViewController": viewController(nib: "String?"),
        "NSViewController": viewController(nib: "NSNib.Name?"),
        "UITableViewController": viewController(
            adding: Signature(parameters: [Parameter(label: "style", name: "style", type: "UITableView.Style")])),
        "UICollectionViewController": viewController(
            adding: Signature(parameters: [
                Parameter(label: "collectionViewLayout", name: "layout", type: "UICollectionViewLayout")
            ])),
        // `init(frame:)`, `required init?(coder:)`; `init()` is a convenience (`-init` calls `initWithFrame:`).
        "UIView": view(rect: "CGRect"),
        "NSView": view(rect: "NSRect"),
        "UICollectionViewCell": view(rect: "CGRect"),
        "UICollectionReusableView": view(rect: "CGRect"),
        // `init(style:reuseIdentifier:)`, `required init?(coder:)`; `init()` is a convenience.
        "UITableViewCell": InheritedInitializers.Inherited(
            designated: [
                Signature(parameters: [
                    Parameter(label: "style", name: "style", type: "UITableViewCell.CellStyle"),
                    Parameter(label: "reuseIdentifier", name: "reuseIdentifier", type: "String?"),
                ]),
                coder,
            ],
            conveniences: [
                InheritedInitializers.Convenience(
                    parameters: [], delegation: "self.init(style: .default, reuseIdentifier: nil)")
            ]),
        // `init(reuseIdentifier:)`, `required init?(coder:)`.
        "UITableViewHeaderFooterView": InheritedInitializers.Inherited(
            designated: [
                Signature(parameters: [Parameter(label: "reuseIdentifier", name: "reuseIdentifier", type: "String?")]),
                coder,
            ],
            conveniences: []),
        // `init()` only; the system creates some with `-init` (one named in a storyboard or a nib).
        "NSObject": InheritedInitializers.Inherited(designated: [Signature(parameters: [])], conveniences: []),
        // `init()` only: UIKit creates the app and scene delegates with `-init`.
        "UIResponder": InheritedInitializers.Inherited(designated: [Signature(parameters: [])], conveniences: []),
        // `init(identifier:source:destination:)` only (`init()` is unavailable): storyboards create segues with it.
        "UIStoryboardSegue": InheritedInitializers.Inherited(
            designated: [
                Signature(parameters: [
                    Parameter(label: "identifier", name: "identifier", type: "String?"),
                    Parameter(label: "source", name: "source", type: "UIViewController"),
                    Parameter(label: "destination", name: "destination", type: "UIViewController"),
                ])
            ],
            conveniences: []),
        // `init(navigationBarClass:toolbarClass:)`, `init(rootViewController:)`, `init(nibName:bundle:)` and
        // `required init?(coder:)`; `init()` is a convenience.
        "UINavigationController": {
            var inherited = viewController(
                adding: Signature(parameters: [
                    Parameter(label: "rootViewController", name: "rootViewController", type: "UIViewController")
                ]))
            inherited.designated.insert(
                Signature(parameters: [
                    Parameter(label: "navigationBarClass", name: "navigationBarClass", type: "AnyClass?"),
                    Parameter(label: "toolbarClass", name: "toolbarClass", type: "AnyClass?"),
                ]), at: 0)
            return inherited
        }(),
        // UIViewController's: `init(nibName:bundle:)`, `required init?(coder:)`.
        "UITabBarController": viewController(nib: "String?"),
    ]

    static var knownNames: String { table.keys.sorted().map { "`\($0)`" }.joined(separator: ", ") }
}
