extension RuleID {
    /// A singleton or service that conforms to no protocol of the codebase's own.
    public static let missingProtocol: RuleID = "missing-protocol"
}

/// `missing-protocol`: singletons and services that conform to no protocol of the codebase's own, so
/// nothing can stand in for them in tests. Conformance inherited from a codebase superclass counts, and so does a base
/// class several codebase classes extend when its users hold the base;
/// namespaces (enums without cases, classes and structs of statics only) and `private`/`fileprivate` types are no services (see `ServiceCensus`).
struct MissingProtocolRule: AuditRule {
    static let description = RuleDescription(
        id: .missingProtocol, name: "MissingProtocol", defaultSeverity: .warning,
        summary: "A singleton or service conforms to no protocol of the codebase's own.",
        help: "Extract a protocol with the members callers use, so tests can substitute a fake.",
        discussion: """
            A singleton, or a type with the service role, conforming to no codebase protocol — directly, through \
            protocol inheritance, or through a codebase superclass. A subclass of a codebase class that two or more \
            classes extend, which no property or `init` parameter holds by its own name, has that base class as its \
            abstraction. Namespaces (enums without cases; classes and \
            structs declaring only statics and inheriting nothing, unless a static holds the type itself, or only \
            `NSObject` when no static holds an instance; a type whose shared instance has no member, `struct \
            GlobalStruct { init() {}; static let shared = GlobalStruct(); static var … }`), a cache, tracker, store \
            or validator one other type keeps in `private` properties only, with no service of its own and no \
            singleton reached (an in-memory part of its owner), types compiled only in debug or QA builds, property \
            wrappers, the app's and scenes' delegates (the system creates them), structs \
            of pure logic (no stored state, no `init` parameters, no singleton reached: a validator, a holder of \
            constants), value enums (enums of cases with no instance member, `enum Flavour { case app, work }`, or \
            nested in another type, or with a raw value or a value's conformances), `private`/`fileprivate` helper \
            types, test \
            files and test doubles \
            are not reported, nor a type named for the SDK role it plays (`struct Shortcuts: \
            AppShortcutsProvider`, a widget's `Provider: TimelineProvider`, an extension's `NotificationService: \
            UNNotificationServiceExtension`), or an app extension's principal class (`IntentHandler: \
            INExtension`): the SDK calls it, nothing injects it.
            """,
        triggeringExamples: [
            "final class DataStore { static let shared = DataStore(); func load() {} }\n",
            "final class ImageCache { private var images: [String: Data] = [:]; func image(for key: String) -> Data? { images[key] } }\n",
            "final class LocationManager: NSObject, CLLocationManagerDelegate { private let manager = CLLocationManager() }\n",
        ],
        nonTriggeringExamples: [
            """
            protocol Loading { func load() }
            class BaseStore: Loading { func load() {} }
            final class DataStore: BaseStore { static let shared = DataStore() }
            """,
            "enum AnalyticsManager { static func track(_ event: String) {} }\n",
            "private final class RetryManager { func retry() {} }\n",
            "struct EmailValidator { func isValid(_ text: String) -> Bool { text.contains(\"@\") } }\n",
            "enum Either { enum Storage { case left(String), right(Int) } }\n",
            "struct ShortcutsProvider: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { [] } }\n",
            "final class NotificationService: UNNotificationServiceExtension { var handler: ((Int) -> Void)? }\n",
            "final class IntentHandler: INExtension { func handler(for intent: Int) -> Any? { nil } }\n",
            "import Foundation\nfinal class BackupStore: NSObject { @objc static func backup() -> String? { nil } }\n",
            "enum TargetManager { case app, work; static let current = TargetManager.app }\n",
            """
            import UIKit
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                static weak var current: SceneDelegate?
                var window: UIWindow?
            }
            """,
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.services.compactMap { service in
            guard service.protocols.isEmpty, let location = service.type.location else { return nil }
            let name = service.type.name
            let what = service.type.isSingleton ? "Singleton" : "Service"
            return Finding(
                .missingProtocol, at: location, "\(what) '\(name)' conforms to no protocol of the codebase",
                fix:
                    "Extract a protocol ('\(name)Protocol' or a capability name) with the members its callers use, and depend on it",
                typeName: name, subject: name)
        }
    }
}

/// The singletons and services that the progress table counts.
enum ServiceCensus {
    struct Member: Sendable {
        var type: CodebaseType
        var protocols: Set<String>
    }

    /// The service roles (by name's end) of in-memory parts another type may keep to itself.
    private static let inMemoryRoles: Set<String> = ["Cache", "Tracker", "Store", "Validator"]

    /// What makes an enum a value: a raw type, or the conformances of data.
    static let valueEnumConformances: Set<String> = [
        "String", "Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Character", "CaseIterable", "Codable", "Decodable", "Encodable",
    ]

    /// The codebase's services and singleton types, by name, outside test code: not namespace enums (an enum
    /// without cases has no instance to inject), nor value enums (cases, a raw value, `CaseIterable` or `Codable`:
    /// `enum Service: String { case dropbox }`) unless one declares a singleton, nor the app's and scenes'
    /// delegates, nor `private`/`fileprivate` helpers of one file.
    static func services(codebase: Codebase, analysis: DependencyAnalysis) -> [Member] {
        // A type keeping another type's instance in a static (amperfy's image view with its `static let cache =
        // NSCache()`) is not made a service by it: only its own shared instance makes it one.
        let declaring = Set(analysis.declarations.map(\.typeName))
        // Nor do the registrations a Swinject assembly makes: the assembly is the composition root. Nor does another
        // type's instance an enum of cases hands out (canvas's `enum ExperimentalFeature` with `static var
        // sharedUserDefaults: UserDefaults? { … }`): the enum is a value.
        let singletonTypes = Set(
            analysis.declarations.filter { declaration in
                guard declaration.evidence != .heldInstance, declaration.kind != .scopedRegistration else {
                    return false
                }
                guard let type = codebase.types[declaration.typeName], type.kind == .enum,
                    type.fragments.contains(where: \.declaresCases)
                else { return true }
                return type.sharesOwnInstance(among: [declaration])
            }.map(\.typeName))
        let reaching = Set(analysis.accesses.compactMap(\.enclosingType))
        // Base classes several codebase classes extend: the abstraction of each subclass no property or `init` holds by
        // its own name, as a protocol would be (beam's `LoggingMessageHandler: SimpleBeamMessageHandler` among a dozen
        // handlers, held as the base class).
        var subclassCounts: [String: Int] = [:]
        for type in codebase.types.values {
            if let base = DependencyAnalysis.superclass(of: type, in: codebase) {
                subclassCounts[base.name, default: 0] += 1
            }
        }
        // Where each type (by its simple name) is held by a stored instance property, as its type or its collection's
        // element, or taken by an `init` parameter: gathered once, when a subclass in a family or a type with no
        // dependency of its own first asks (`isHeld`, `isPrivateHelper`).
        struct Holding {
            var holder: String
            var isPrivate: Bool
            var isElement: Bool
        }
        var holdingsIndex: [String: [Holding]]?
        func holdings(of type: CodebaseType) -> [Holding] {
            if holdingsIndex == nil {
                var found: [String: [Holding]] = [:]
                for holder in codebase.types.values {
                    for property in holder.instanceProperties {
                        if let held = property.typeName {
                            found[held.lastNameComponent, default: []].append(
                                Holding(holder: holder.name, isPrivate: property.isPrivate, isElement: false))
                        }
                        if let element = property.elementTypeName {
                            found[element.lastNameComponent, default: []].append(
                                Holding(holder: holder.name, isPrivate: property.isPrivate, isElement: true))
                        }
                    }
                    for initializer in holder.initializers {
                        for parameter in initializer.parameters {
                            if let held = parameter.typeName {
                                found[held.lastNameComponent, default: []].append(
                                    Holding(holder: holder.name, isPrivate: false, isElement: false))
                            }
                        }
                    }
                }
                holdingsIndex = found
            }
            return holdingsIndex?[type.simpleName] ?? []
        }
        // Whether a property or an `init` holds the type by its own name.
        func isHeld(_ type: CodebaseType) -> Bool {
            holdings(of: type).contains { !$0.isElement }
        }
        // Whether one other type keeps it, and only in `private` properties.
        func isPrivateHelper(_ type: CodebaseType) -> Bool {
            let held = holdings(of: type)
            guard let owner = held.first?.holder, owner != type.name else { return false }
            return held.allSatisfy { $0.isPrivate && $0.holder == owner }
        }
        // Whether a type keeps a service or a singleton of the codebase in a stored property: a dependency of its own.
        func hasDependencies(_ type: CodebaseType) -> Bool {
            type.instanceProperties.contains { property in
                guard let held = property.typeName.flatMap({ codebase.type(named: $0, from: type.name) }) else {
                    return false
                }
                return held.role == .service || held.isSingleton || held.kind == .protocol
            }
        }
        return codebase.sortedTypes.compactMap { type in
            // A property wrapper (Mullvad's `@propertyWrapper struct PrimitiveStorage<Value>`) is how a property
            // is stored, not a dependency.
            guard !type.isInTestFile, type.kind != .protocol, type.kind != .external,
                !DependencyAnalysis.isTestDouble(type.simpleName), !type.isNamespace, !type.isFilePrivate,
                !type.isDebugOnly, !type.attributes.contains("propertyWrapper"),
                type.role == .service || singletonTypes.contains(type.name)
            else { return nil }
            // A shared instance with no instance member to call (Mammoth's `struct GlobalStruct { init() {}; static let
            // shared = GlobalStruct(); static var … }`): a protocol of it would be empty; the debt is its statics.
            if type.kind == .class || type.kind == .struct, type.conformances.isEmpty,
                type.fragments.contains(where: \.declaresStaticMembers),
                !type.fragments.contains(where: \.declaresInstanceMembers)
            {
                return nil
            }
            // A cache, tracker or store kept privately by one other type, with no dependency of its own and no
            // singleton reached (bitchat's `BLEService` with `private let meshTopology = MeshTopologyTracker()`): an
            // in-memory part of its owner, which tests reach through the owner. A client or a manager talks to the
            // world whoever holds it.
            if !singletonTypes.contains(type.name), !reaching.contains(type.name),
                RoleClassifier.serviceSuffix(of: type.simpleName).map(Self.inMemoryRoles.contains) == true,
                !hasDependencies(type), isPrivateHelper(type)
            {
                return nil
            }
            // A struct of pure logic (`struct EmailValidator { func isValid(_ text: String) -> Bool }`, a `…Provider`
            // of constants): no state, nothing taken, no singleton reached. Nothing external to stand in for. (A class
            // without state still reaches the outside world through the SDK: stepik's `LocalNotificationsService`.)
            if !singletonTypes.contains(type.name), type.kind == .struct, type.instanceProperties.isEmpty,
                type.initParameters.isEmpty, !reaching.contains(type.name)
            {
                return nil
            }
            // An enum of cases nested in another type is that type's value, whatever its name (ugglan's
            // `EitherHColor.Storage { case left(…), right(…) }`), and so is one with no instance member (threema's `enum
            // TargetManager { case threema, work, …; static let current … }` of app flavours), and an enum with a raw
            // value or a value's conformances, written qualified or not (a generated protobuf enum's
            // `Swift.CaseIterable`). An enum of cases with methods of its own (`func apply()`) may be a service.
            let hasCases = type.fragments.contains(where: \.declaresCases)
            let hasInstanceMembers = type.fragments.contains(where: \.declaresInstanceMembers)
            if type.kind == .enum, !singletonTypes.contains(type.name),
                hasCases && (type.name.contains(".") || !hasInstanceMembers)
                    || type.conformances.contains(where: { Self.valueEnumConformances.contains($0.lastNameComponent) })
            {
                return nil
            }
            // The app's or a scene's delegate (threema's `SceneDelegate: UIWindowSceneDelegate` with its `static weak
            // var current`), which the system creates: nothing of the app could take a stand-in for it.
            if type.isCreatedBySystem { return nil }
            if !singletonTypes.contains(type.name), let base = DependencyAnalysis.superclass(of: type, in: codebase),
                subclassCounts[base.name, default: 0] >= 2, !isHeld(type)
            {
                return nil
            }
            // A service's allow-listed singleton is meant to stay: leave it out of the count.
            if type.isSingleton && !declaring.contains(type.name) { return nil }
            // A service by its name's end only, which it owes to the SDK protocol or class it implements
            // (`ShortcutsProvider: AppShortcutsProvider`, `Provider: TimelineProvider`, an extension's principal class
            // `NotificationService: UNNotificationServiceExtension`): the SDK's, not a dependency.
            if !singletonTypes.contains(type.name), let suffix = RoleClassifier.serviceSuffix(of: type.simpleName),
                type.conformances.contains(where: { written in
                    Self.roleName(written).hasSuffix(suffix)
                        && codebase.type(named: written, from: type.name).map { $0.kind == .external } != false
                })
            {
                return nil
            }
            // An app extension's principal class (Meshtastic's `IntentHandler: INExtension`), which the system
            // creates by its name in `Info.plist`: nothing of the app takes it.
            if !singletonTypes.contains(type.name), let superclass = type.superclass, superclass.hasSuffix("Extension"),
                codebase.type(named: superclass, from: type.name).map({ $0.kind == .external }) != false
            {
                return nil
            }
            return Member(type: type, protocols: analysis.ownProtocols[type.name] ?? [])
        }
    }

    /// The role an SDK type's name gives its implementers: the name without a trailing `Protocol` or `Extension`
    /// (`SignalIdentityKeyStoreProtocol` names a store, `UNNotificationServiceExtension` a service). A delegate
    /// protocol names none (`CLLocationManagerDelegate`: its implementer is no location manager by that alone).
    private static func roleName(_ written: String) -> Substring {
        let name = written[...]
        for word in ["Protocol", "Extension"] where name.hasSuffix(word) && name.count > word.count {
            return name.dropLast(word.count)
        }
        return name
    }
}

extension CodebaseType {
    /// Whether the type is a namespace of static members, with no instance anything could stand in for: an enum
    /// without cases, or a class or struct that declares no instance member and inherits none (linphone's `class
    /// ImageCache { static let shared = NSCache<NSURL, UIImage>() }`), or only `NSObject` to make static functions
    /// visible to Objective-C while keeping no instance (threema's `class IdentityBackupStore: NSObject` of `@objc
    /// static func`s); one holding its own instance is a singleton.
    var isNamespace: Bool {
        switch kind {
        case .enum: !fragments.contains(where: \.declaresCases)
        case .class, .struct:
            (conformances.isEmpty || conformances == ["NSObject"] && singletonDeclarations.isEmpty)
                && fragments.contains(where: \.declaresStaticMembers)
                && !fragments.contains(where: \.declaresInstanceMembers)
                && singletonDeclarations.allSatisfy { held in
                    held.instanceType.map { $0 != name && $0 != simpleName } ?? false
                }
        default: false
        }
    }

    /// Whether every declaration of the type (not its extensions) is compiled only in debug builds (`#if DEBUG || QA`):
    /// code that ships to no user.
    var isDebugOnly: Bool {
        let declarations = fragments.filter { !$0.isExtension }
        return !declarations.isEmpty
            && declarations.allSatisfy { $0.conditions.contains(where: CompilationCondition.isDebugOnly) }
    }

    /// Whether the type is declared `private` or `fileprivate`: a helper of its file that no other file can
    /// depend on.
    var isFilePrivate: Bool {
        fragments.contains { !$0.isExtension && $0.isPrivate }
    }
}
