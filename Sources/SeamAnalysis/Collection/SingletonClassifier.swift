/// Decides which `static`/`class` properties of a type are singletons: shared *instances* reached through
/// the type, not families of constants. The one home of the rule; the audit docs describe it.
///
/// A static property is a singleton when it holds an instance and one of these is true:
/// 1. **Accessor name**: `shared`, `sharedInstance`, `sharedManager` (any `shared…`), `instance`,
///    `singleton`, or a name configured in `.seam.yml` (`singleton-accessors`); or `default`, `standard`,
///    `current`, `main` when the property is stored, is not one of a family of same-typed constants
///    (`UIStoryboard.main`, `.settings`), and holds a reference (a class, an actor, a protocol, a type the
///    codebase does not declare, a factory's result) — or is `static var current` holding a struct (an
///    environment, `static var current = Environment()`). A value-like class's own `default`, `standard` or
///    `main` (`Favicon.default` of a `Codable` model) is a constant.
/// 2. **Sole instance**: the only static property of a class or actor of the codebase that holds an
///    instance of that class, created where it is declared (`static let manager = Manager()`) in the type's
///    own declaration (statics an extension adds, `extension Palette { static let warm = Palette(…) }`, are
///    constants), in a class that is not value-like (`Equatable`, `Hashable`, `Comparable`, `Codable`,
///    `RawRepresentable`…); or of a type the codebase only extends that is one of the SDK's stores or an SDK
///    service by its name (`extension DatabaseQueue { static var appDatabase = … }`, `extension Session { static
///    let api = Session(…) }`, not `extension UIColor { static let brand = … }`, `extension HKUnit { static let
///    mgPerDL = HKUnit(from: "mg/dL") }` or `extension UNNotificationSound { static let call = … }`).
/// 3. **Held instance**: a stored static property holding an instance of another reference type — a class,
///    actor or protocol of the codebase, or a type it does not declare — that is not a constant-like type
///    by its name (formatters, coders, regular expressions, queues, locks, loggers, colours, fonts, URLs…) —
///    created where it is declared or an optional `var` filled in later (`static var window: Window?`);
///    several of them are several shared instances (`enum Pipelines { static let posters = ImagePipeline(…) }`),
///    unless they are of a class the codebase declares that is no service by name (`…Manager`, `…Client`…),
///    each built in place: a family of constants (`enum Action { static let labels = ActionModel(…); static let
///    lock = ActionModel(…) }`), or of a type it does not declare, each built from one key alone (GRDB's `enum
///    Columns { static let id = Column("id"); static let name = Column(CodingKeys.name) }`).
/// 4. **Current value**: a stored `static var` of a struct or class holding the type's own value, started from
///    another of its statics (`nonisolated(unsafe) static var cached: LayoutSettings = .default` beside
///    `static let default`): the slot the app reads and replaces as the one current value — global mutable
///    state with one instance at a time. A `static var` built in place (`static var fallback = Preset()`) is a
///    constant that happens to be mutable. Likewise a `static var` of the type's own declaration started from a
///    static of a codebase class (`static var theme = saved ?? Theme.light`, `static var defaultConfiguration =
///    ServerConfig.current`), whatever the class's name: the slot of the current instance.
///
/// "Holds an instance" means the annotation or the constructed type names a type (`Self`, an alias, a
/// lower-case type name too, a generic type without its arguments: `ImageCache<String>()`), or the initial
/// value calls a factory function (`static let shared = makeDatabase()`, also through `try` and `!`) or a
/// closure (`static let shared = { Settings() }()`); a factory's or closure's result counts under an accessor
/// name only. A `shared…` name other than `shared` on a constant-like SDK type (`extension Bundle { static var
/// sharedAppBundle: Bundle }`) is a constant. A private stored `_name` behind a computed `name`
/// (`private static var _stores = StoresManager()`, `static var stores: StoresManager { _stores }`, a service
/// locator's member) is the accessor's: `name` is the singleton. Fixtures and values (`preview`, `sample`, `mock…`, `empty`,
/// `zero`…), a private `_shared` backing an accessor, protocol requirements, test fixtures' types and files
/// marked as generated (SwiftGen, R.swift, Sourcery, "DO NOT EDIT") and the `shared` of a `@globalActor` without
/// stored state of its own never count.
struct SingletonClassifier {
    /// Names that are accessors whatever the type (`shared`, `instance`…), plus the configured ones.
    let accessorNames: Set<String>
    /// The names the configuration adds (`singletonAccessors`): singletons of any type, the user says.
    let configuredAccessorNames: Set<String>

    init(configuration: AuditConfiguration) {
        accessorNames = Self.accessorNames.union(configuration.singletonAccessors)
        configuredAccessorNames = Set(configuration.singletonAccessors)
    }

    static let accessorNames: Set<String> = ["shared", "sharedInstance", "instance", "singleton"]
    /// Accessor names that also name ordinary constants (`UIStoryboard.main`, `Theme.default`).
    static let weakAccessorNames: Set<String> = ["default", "standard", "current", "main"]
    /// Whether a static's name says it holds the one live instance (`activeInstance`, `currentInstance`, `sharedSession`).
    static func namesInstanceSlot(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("instance") || ["active", "current", "shared"].contains { lowered.hasPrefix($0) }
    }

    /// Whether a type is named as a converter of values (`…Formatter`, `…Decoder`, `…Encoder`): its `standard` is a
    /// configured constant, not a shared service (a logger's `default` still is one).
    static func isConverterName(_ name: String) -> Bool {
        ["Formatter", "Decoder", "Encoder"].contains(where: name.hasUTF8Suffix)
    }
    /// SDK protocols whose conformers describe what the SDK shows or how (TipKit's tips, SwiftUI's styles, shapes and
    /// modifiers): values, whatever a static of theirs is named.
    static let sdkValueProtocols: Set<String> = [
        "Tip", "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle", "TextFieldStyle", "PickerStyle",
        "MenuStyle", "ProgressViewStyle", "GaugeStyle", "ListStyle", "Shape", "ViewModifier",
    ]

    private static let fixturePrefixes = [
        "preview", "sample", "example", "mock", "stub", "placeholder", "fixture", "dummy", "test", "fake",
    ]
    private static let valueNames: Set<String> = ["empty", "zero", "none", "identity", "initial", "unknown"]
    /// Conformances that make a class a value in disguise: its static instances are constants.
    private static let valueConformances: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Codable", "Decodable", "Encodable", "RawRepresentable", "OptionSet",
        "CaseIterable", "Identifiable",
    ]
    /// Types whose static instances are constants or plumbing, not shared services, by the end of their name.
    private static let constantTypeSuffixes = [
        "Formatter", "Encoder", "Decoder", "Regex", "RegularExpression", "DispatchQueue", "OperationQueue", "Semaphore",
        "Group", "Lock",
        "Mutex", "Logger", "OSLog", "Log", "Signposter", "Color", "Colors", "Font", "Fonts", "Palette", "Image", "Icon",
        "URL", "URLRequest", "Set", "Calendar",
        "Locale", "TimeZone", "Date", "Data", "String", "Predicate", "Descriptor", "Measurement", "UUID", "Insets",
        "Animation", "Transition", "Style", "Size", "Rect", "Point", "Name", "Identifier", "Key", "Configuration",
        "Options", "Bundle", "Storyboard", "Nib", "Gradient", "Shadow", "Layout", "Range", "Array", "Dictionary",
        "Path", "Effect", "Event", "Filter", "Menu", "Token", "Interval", "Duration", "Resource",
        "Representation", "Description", "Type", "Kind", "Mode", "NSObject", "Collection", "Angle", "Operation",
        "Script", "Space", "Converter", "WorkItem", "Publisher", "Schema", "Pointer", "Void", "Priority", "Level",
        "Weight",
        "Content", "Error", "Errors", "Typography", "Timer", "Detector", "Subject", "Cancellable", "Transform",
        "Endpoint", "Policy",
    ]
    /// Words that mark a constant-like type anywhere in its name.
    /// Words inside a name that make a type constant-like: a design system's tokens among them (vultisig's `enum Theme
    /// { static let fonts: FontSystemProtocol = FontSystem() }`).
    private static let constantTypeWords = [
        "Formatter", "Converter", "Publisher", "Regex", "Preview", "Atomic", "FontSystem", "ColorSystem",
        "RadiusSystem",
        "SpacingSystem", "Typography",
    ]
    /// Standard value types and manifest types (`let package = Package(…)`), matched whole.
    private static let constantTypeNames: Set<String> = Set([
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Float32", "Float64",
        "CGFloat", "Bool", "Character", "Decimal", "TimeInterval", "Selector", "IndexPath", "CGAffineTransform",
        "NSObjectProtocol", "IMP", "Package", "Project", "Workspace", "Manifest", "Tuist",
        // Arbitrary-precision numbers (BigInt's), ObjectMapper's closure-built transforms, GRDB's columns and SQL
        // fragments, SQLite.swift's columns and tables (`Expression<String>("name")`, `Table("gift_cards")`).
        "BigUInt", "BigInt", "TransformOf", "Column", "SQL", "Expression", "Table",
        // Handles of work to cancel (KeyboardCowboy's `private static var subscription: AnyCancellable?`): a type's
        // bookkeeping, no instance the app shares. (A `Task` may hold one: `Task<RealmActor, Never>`.)
        "AnyCancellable", "DispatchWorkItem",
    ]).union(sdkValueClasses)
    /// SDK classes whose instances hold shared state: a static instance of one is a store, even when built from
    /// literals (`extension UserDefaults { static let appGroup = UserDefaults(suiteName: "group.app")! }`).
    static let sdkStoreClasses: Set<String> = [
        "UserDefaults", "NSUserDefaults", "FileManager", "NotificationCenter", "URLSession", "URLCache",
        "NSUbiquitousKeyValueStore", "NSPersistentContainer", "NSPersistentCloudKitContainer", "DatabaseQueue",
        "DatabasePool", "Realm", "HTTPCookieStorage", "URLCredentialStorage", "NSCache", "CKContainer",
        // Swinject's assembler, which holds the app's graph (`extension Assembler { static let assembler = … }`).
        "Assembler",
    ]
    /// Whether an SDK type's instances hold shared state: one of ``sdkStoreClasses``, or a cache by its name
    /// (SDWebImage's `SDImageCache`, Kingfisher's `ImageCache`).
    static func isSDKStore(_ name: String) -> Bool {
        sdkStoreClasses.contains(name) || name.lastNameComponent.hasUTF8Suffix("Cache")
    }

    /// SDK classes whose instances are immutable values, not services: static instances of them are constants
    /// (`extension HKUnit { static let milligramsPerDeciliter = HKUnit(from: "mg/dL") }`). Part of the SDK facts
    /// the analysis knows (see also `InheritedIsolation.isMainActorSDKType`).
    static let sdkValueClasses: Set<String> = [
        "HKUnit", "HKQuantity", "HKQuantityType", "HKCategoryType", "HKObjectType", "HKSampleType",
        "HKCharacteristicType", "HKCorrelationType", "HKWorkoutType", "HKSeriesType", "NSNumber", "NSDecimalNumber",
        "NSAttributedString", "NSParagraphStyle", "NSMutableParagraphStyle", "NSShadow", "NSExpression",
        "NSCharacterSet", "CharacterSet", "CLLocation", "CLRegion", "UIBezierPath", "NSBezierPath", "UTType",
        "NSTextAttachment", "UIMotionEffect", "CAMediaTimingFunction", "NSDirectionalEdgeInsets",
        "UIImage", "NSImage", "CGColor", "CGImage", "UIKeyCommand", "UIAction", "NSManagedObjectModel",
        // SwiftUI and Foundation value types, which an extension's `static let` makes constants of.
        "HorizontalAlignment", "VerticalAlignment", "Alignment", "Edge", "UnitPoint", "Axis", "Notification",
        "NSNotification", "ContentSizeCategory", "DynamicTypeSize", "KeyEquivalent", "KeyboardShortcut",
        "UIFontMetrics",
    ]
    /// The functions a GRDB record declares its associations with (`static let instance =
    /// belongsTo(Instance.self)`): what they return describes a relation, it is no instance.
    private static let associationBuilders: Set<String> = [
        "belongsTo", "hasOne", "hasMany", "hasOneThrough", "hasManyThrough",
    ]
    /// Types that hold previews, constants or SwiftUI keys: their statics are never singletons.
    private static let constantHolderSuffixes = [
        "Fixture", "Fixtures", "Previews", "Preview", "Constants", "Stubs", "Mocks",
    ]

    /// Whether a type sets up previews by its name: a holder of constants (`…Previews`, `…Fixtures`), or nostur's
    /// `PreviewEnvironment` (`Preview` + `Environment`, `Data`, `Container`, `Helper`…), whose shared instance builds
    /// a fake account for `#Preview`s: none of it is the app's.
    static func isPreviewOrFixtureHolder(_ simpleName: String) -> Bool {
        constantHolderSuffixes.contains(where: simpleName.hasUTF8Suffix)
            || (simpleName.hasPrefix("Preview") && previewSetUpSuffixes.contains(where: simpleName.hasUTF8Suffix))
    }

    private static let previewSetUpSuffixes = [
        "Environment", "Data", "Container", "Helper", "Helpers", "Support", "Samples", "Mocks",
    ]

    /// `static let preview = …`, `.sample`, `.mock`, `.empty`, `.zero`: fixtures and values, not singletons.
    static func isFixtureName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return valueNames.contains(lowered) || fixturePrefixes.contains { lowered.hasPrefix($0) }
    }

    /// Whether `name` is an accessor whatever the type: a listed name, or `shared` followed by a capital
    /// (`sharedManager`, `sharedClient`).
    func isAccessorName(_ name: String) -> Bool {
        if accessorNames.contains(name) { return true }
        guard name.hasPrefix("shared"), let next = name.dropFirst(6).unicodeScalars.first else { return false }
        return isUppercaseInitial(next)
    }

    /// Whether a called name reads as a C function rather than a type (`CFUUIDGetConstantUUIDWithBytes`,
    /// `SCDynamicStoreKeyCreateNetworkGlobalEntity`): Core Foundation's Get/Create/Copy naming.
    static func isCFunctionName(_ name: String) -> Bool {
        ["Get", "Create", "Copy"].contains { verb in
            guard let range = name.range(of: verb), range.lowerBound != name.startIndex else { return false }
            return name[..<range.lowerBound].allSatisfy { $0.isUppercase || $0.isNumber } || name.hasPrefix("CF")
                || name.hasPrefix("CG") || name.hasPrefix("SC") || name.hasPrefix("IO") || name.hasPrefix("Sec")
        }
    }

    /// Whether a called name the codebase does not declare as a type reads as a function making an SDK value, named
    /// after it (strongbox's `UIColorFrom(hex:)`, the common `UIColorFromRGB(_:)`, `UIImageWithColor`): a colour, an
    /// image or a font, a constant.
    static func isSDKValueMakerName(_ name: String) -> Bool {
        ["UIColor", "NSColor", "UIImage", "NSImage", "UIFont", "NSFont"].contains {
            name.hasPrefix($0) && name.count > $0.count
        }
    }

    /// Whether a global's name follows a constant convention (`kIOPluginID`, `MAX_SIZE`).
    static func isConstantName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        if scalars.count > 1, scalars[0] == "k", isUppercaseInitial(scalars[1]) { return true }
        return scalars.count > 1 && scalars.allSatisfy { $0 == "_" || ($0.isASCII && !(("a"..."z").contains($0))) }
    }

    /// Whether a type is a constant-like type by its name (`DateFormatter`, `UIColor`, `Logger`…).
    static func isConstantLike(_ typeName: String) -> Bool {
        let simple = typeName.lastNameComponent
        // `Publishers.Merge4`, `UnitConverterLinear`: a namespace or a word inside the name tells too. Compared as
        // UTF-8 bytes (every word is ASCII): asked for every static property of every type.
        return constantTypeNames.contains(simple) || constantTypeSuffixes.contains { simple.hasUTF8Suffix($0) }
            || typeName == "Publishers" || typeName.utf8.starts(with: "Publishers.".utf8)
            || constantTypeWords.contains { simple.containsUTF8($0) }
    }

    /// Whether a class of the codebase is a value in disguise: it conforms to `Equatable`, `Codable`…, or it is a
    /// palette, three or more stored properties of which at least three in four hold colours, fonts, images and
    /// the like (primal's `final class IceWave: AppTheme { let background: UIColor = …; let accent: UIColor = … }`,
    /// vlc's `Typography` of fonts). A service keeping sets and strings (primal's `FollowManager`) is none.
    static func isValueLike(_ type: CodebaseType) -> Bool {
        type.conformances.contains { valueConformances.contains($0) } || isPalette(type)
    }

    /// Whether every stored instance property of `type` is a `let` of a standard number type.
    private static func holdsOnlyNumbers(_ type: CodebaseType) -> Bool {
        let stored = type.instanceProperties.filter { !$0.isComputed }
        return !stored.isEmpty && stored.allSatisfy { $0.isLet && numberTypes.contains($0.typeName ?? "") }
    }

    private static let numberTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Decimal", "TimeInterval",
    ]

    private static func isPalette(_ type: CodebaseType) -> Bool {
        var stored = 0
        var constant = 0
        for property in type.properties where !property.isStatic && !property.isComputed {
            stored += 1
            if let written = property.typeName ?? property.initialCall,
                paletteTypeSuffixes.contains(where: written.lastNameComponent.hasUTF8Suffix)
            {
                constant += 1
            }
        }
        return stored >= 3 && constant * 4 >= stored * 3
    }

    /// What a palette holds: the look of things.
    private static let paletteTypeSuffixes = [
        "Color", "Font", "Image", "Gradient", "Shadow", "Insets", "Style", "Icon", "Typography",
    ]

    /// What the index tells the classifier about the types a property names.
    struct Lookup {
        /// The qualified type a name refers to from inside the declaring type, `nil` if not a codebase type.
        var resolve: (String) -> String?
        /// The codebase type of a qualified name.
        var type: (String) -> CodebaseType?
        /// Whether a name is a top-level function of the codebase (``FileCollector/capitalizedFunctions``).
        var isFunction: (String) -> Bool = { _ in false }
    }

    /// The singleton declarations among `type`'s static properties.
    func singletons(of type: CodebaseType, generatedFiles: Set<String>, lookup: Lookup) -> [SingletonDeclaration] {
        // Most types have no static property: nothing to classify.
        guard type.properties.contains(where: \.isStatic) else { return [] }
        // A protocol's `static var shared: Self { get }` is a requirement, not an instance.
        guard type.kind != .protocol, !Self.isPreviewOrFixtureHolder(type.simpleName),
            !type.conformances.contains("PreviewProvider"),
            // A global actor's `static let shared` is what the language requires of it (kiwix's `@globalActor actor
            // ZimActor`): the actor's identity, not a dependency to inject or remove. One that keeps state of its own
            // (provenance's `FileCopyProgressTracker`, with the copy operations in progress) is a shared service too.
            !type.isGlobalActor || !type.instanceProperties.isEmpty
        else { return [] }
        let allCandidates = type.properties.compactMap { property -> Candidate? in
            guard property.isStatic, !Self.isFixtureName(property.name),
                !generatedFiles.contains(property.location.file),
                let found = candidate(property, in: type, lookup: lookup)
            else { return nil }
            // `defaultValue` is SwiftUI's `EnvironmentKey`/`PreferenceKey` requirement, a value by design, unless a class
            // is its own key and keeps its one instance there (canvas's `WidgetsDelegate: EnvironmentKey` with
            // `static var defaultValue = WidgetsDelegate()` and a `private init`).
            if property.name == "defaultValue" {
                guard type.kind.isReferenceType,
                    found.instance.typeName == type.name || found.instance.typeName == type.simpleName
                else { return nil }
            }
            return found
        }
        guard !allCandidates.isEmpty else { return [] }
        // `private static let _shared = Store()` behind `static var shared: Store { _shared }` is the accessor's,
        // and so is a service locator's `private static var _stores = StoresManager()` behind `static var stores:
        // StoresManager { _stores }`: the accessor is what callers reach.
        let accessors = Set(
            allCandidates.map(\.property).filter {
                $0.isComputed || isAccessorName($0.name) || Self.weakAccessorNames.contains($0.name)
            }
            .map(\.name))
        // So is a private static a computed accessor only reads, whatever its name (planetary's `static var current:
        // Bot { _bot }` over `private static var _bot: Bot = GoBot.shared`).
        let readBy = Dictionary(
            allCandidates.map(\.property).filter(\.isComputed).compactMap { accessor in
                accessor.getterReads.map { ($0, accessor.name) }
            },
            uniquingKeysWith: { first, _ in first })
        var backing: [String: StoredProperty] = [:]
        var candidates = allCandidates.filter { candidate in
            let name = candidate.property.name
            if !candidate.property.isComputed, candidate.property.isPrivate, let accessor = readBy[name] {
                backing[accessor] = candidate.property
                return false
            }
            guard name.hasPrefix("_"), accessors.contains(String(name.dropFirst())) else { return true }
            backing[String(name.dropFirst())] = candidate.property
            return false
        }
        // An accessor computed from its stored backing is as good as stored, and holds what the backing holds.
        for index in candidates.indices {
            guard let stored = backing[candidates[index].property.name] else { continue }
            candidates[index].property.isComputed = false
            candidates[index].property.isInitializedByCall = stored.isInitializedByCall
            candidates[index].property.initialValue = stored.initialValue
            candidates[index].property.isLet = stored.isLet
            candidates[index].isFilledInLater = stored.isFilledInLater
        }
        var sameTyped: [String: Int] = [:]
        for candidate in candidates { sameTyped[candidate.instance.typeName ?? "", default: 0] += 1 }
        return candidates.compactMap { candidate in
            let property = candidate.property
            let familySize = sameTyped[candidate.instance.typeName ?? "", default: 0]
            guard let evidence = evidence(for: candidate, in: type, familySize: familySize) else { return nil }
            // A view's static instance of itself (primal's `static let reusable = WalletSpinnerView()`) is a UI
            // object kept for reuse, as a sizing cell is, not a service; a `shared` one is still reported above.
            if evidence == .soleInstance, isUIObject(type, lookup: lookup) { return nil }
            // A cell's instance of itself, whatever its name (threedollars' `static let sharedCell = ReviewListCell()`),
            // is a sizing prototype: a table or collection makes cells, none is an app's service.
            if case .ownType = candidate.instance,
                sdkUIClass(of: type, lookup: lookup).map({
                    let name = $0.prefix { $0 != "<" }
                    return name.hasSuffix("Cell") || name.hasSuffix("CellView")
                }) == true
            {
                return nil
            }
            // So is a static view or control of another class (vlc's `SettingsCell.measurementTitleLabel = UILabel()`,
            // a sizing prototype).
            if evidence == .heldInstance, let held = candidate.instance.typeName,
                RoleClassifier.isSDKUIObjectClass(held)
                    || lookup.type(held).map({ isUIObject($0, lookup: lookup) }) == true
            {
                return nil
            }
            let builtType = candidate.instance.typeName.flatMap { lookup.resolve($0) ?? $0 }.flatMap(lookup.type)
            return SingletonDeclaration(
                kind: .staticProperty, evidence: evidence, instanceType: candidate.instance.typeName,
                isOptional: property.isOptional
                    || builtType.map { Self.isBuiltByFailableInitializer(property, of: $0) } == true,
                isImplicitlyUnwrapped: property.isImplicitlyUnwrapped, isMutable: !property.isLet,
                isValue: candidate.instance.isValue(declaredBy: type),
                typeName: type.name, propertyName: property.name, file: property.location.file,
                location: property.location, declaredTypeName: type.declaredName == type.name ? nil : type.declaredName)
        }
    }

    /// Whether a static's initial value calls a failable `init` of the codebase's type (nova's `static let shared =
    /// CurrencyManager()` beside `private convenience init?()`): the instance is optional, whatever the name reads
    /// like. The call is told by its first argument label; an `init` that is not failable taking the same wins.
    static func isBuiltByFailableInitializer(_ property: StoredProperty, of type: CodebaseType) -> Bool {
        guard let value = property.initialValue, !value.hasSuffix("!"),
            type.initializers.contains(where: \.traits.isFailable),
            let open = value.firstIndex(of: "("), value.hasSuffix(")")
        else { return false }
        let arguments = value[value.index(after: open)...].dropLast()
        let firstLabel: String? =
            arguments.isEmpty ? nil : arguments.firstIndex(of: ":").map { String(arguments[..<$0]) }
        // An unlabelled first argument (`X(5)`) is not told apart here.
        if !arguments.isEmpty,
            firstLabel == nil || firstLabel?.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) == true
        {
            return false
        }
        func matches(_ initializer: InitDeclaration) -> Bool {
            guard let first = initializer.parameters.first else { return firstLabel == nil }
            if firstLabel == nil { return initializer.parameters.allSatisfy { $0.defaultValue != nil } }
            return first.label == firstLabel
        }
        let matching = type.initializers.filter(matches)
        return !matching.isEmpty && matching.allSatisfy(\.traits.isFailable)
    }

    /// Whether a class descends from a UIKit, AppKit or WatchKit view or control (`UIView`, `UITableViewCell`,
    /// `NSButton`), through the codebase's own classes.
    private func isUIObject(_ type: CodebaseType, lookup: Lookup) -> Bool {
        sdkUIClass(of: type, lookup: lookup) != nil
    }

    /// The SDK view, cell or control class `type` descends from (`UICollectionViewCell`), if it is one.
    private func sdkUIClass(of type: CodebaseType, lookup: Lookup) -> String? {
        var current = type
        var seen: Set<String> = []
        while seen.insert(current.name).inserted {
            guard current.kind == .class, let superclass = current.conformances.first else { return nil }
            guard let name = lookup.resolve(superclass), let next = lookup.type(name), next.kind != .external else {
                return RoleClassifier.isSDKUIObjectClass(superclass) ? superclass : nil
            }
            current = next
        }
        return nil
    }

    /// What a static property holds.
    private enum Instance: Equatable {
        /// The declaring type itself.
        case ownType(String)
        /// A class, actor or protocol of the codebase, or a type it only extends, other than the declaring type.
        case reference(String)
        /// A struct or enum of the codebase other than the declaring type.
        case value
        /// A type the codebase does not declare (`HKHealthStore`, `Keychain`): a reference unless constant-like.
        case undeclared(String)
        /// The result of a factory function (`makeDatabase()`): unknown, taken as a reference.
        case factory

        var typeName: String? {
            switch self {
            case .ownType(let name), .reference(let name), .undeclared(let name): name
            case .value, .factory: nil
            }
        }

        /// Whether the instance is a value (a struct or enum of the codebase), `type` being the declaring type.
        func isValue(declaredBy type: CodebaseType) -> Bool {
            switch self {
            case .value: true
            case .ownType: type.kind == .struct || type.kind == .enum
            case .reference, .undeclared, .factory: false
            }
        }
    }

    /// Whether a codebase protocol describes objects: it is class-bound (`protocol CloudHandlerType: AnyObject`), or
    /// it is the `…Type` protocol of a class of the codebase (pia's `APITokenProviderType` of `APITokenProvider`),
    /// whatever the `Type` suffix says of values otherwise.
    private static func isObjectProtocol(_ type: CodebaseType, lookup: Lookup) -> Bool {
        if type.conformances.contains(where: { $0 == "AnyObject" || $0 == "class" }) { return true }
        guard type.simpleName.hasSuffix("Type"), type.simpleName.count > 4 else { return false }
        let stem = String(type.simpleName.dropLast(4))
        return lookup.resolve(stem).flatMap(lookup.type).map { $0.kind == .class || $0.kind == .actor } ?? false
    }

    private struct Candidate {
        var property: StoredProperty
        var instance: Instance
        /// Whether the instance is of a class the codebase declares (not a protocol, an actor or an SDK type).
        var isCodebaseClass = false
        /// Whether a `var` is started from a static of that class (`static var theme = saved ?? Theme.light`).
        var startsFromStatic = false
        /// Whether the instance's type is not the codebase's: undeclared, or an SDK type it only extends.
        var isSDKType: Bool {
            if case .undeclared = instance { return true }
            return isExternal
        }
        /// Whether the instance's type is an SDK type the codebase extends (`extension CLLocationCoordinate2D`).
        var isExternal = false
        /// Whether the instance's type is a protocol of the codebase that only classes adopt (`protocol
        /// CloudHandlerType: AnyObject`): an object, whatever its name says (`…Type` names values otherwise).
        var isClassBoundProtocol = false
        /// Whether an accessor reads a private slot filled in later (2FAS's `static var logDataChange: LogDataChange
        /// { logDataChangeImpl }` over `private static var logDataChangeImpl: LogDataChangeImpl!`).
        var isFilledInLater = false
    }

    /// Whether an SDK type names a handle or a registration token rather than a service: `Any`, `AnyObject`,
    /// `NSObjectProtocol` (what observers and monitors return), a Core Foundation or Carbon reference (`…Ref`), a port,
    /// an accessibility element or observer, a key-value observation, a layer.
    static func isHandleOrToken(_ written: String) -> Bool {
        let name = written.lastNameComponent
        return handleTypeNames.contains(name) || handleTypeSuffixes.contains(where: { name.hasUTF8Suffix($0) })
    }

    private static let handleTypeNames: Set<String> = [
        "Any", "AnyObject", "NSObjectProtocol", "AXObserver", "AXUIElement", "CALayer", "CFRunLoopSource",
    ]
    private static let handleTypeSuffixes = ["Ref", "Port", "Observation"]

    /// Whether an initial value is a closure called at once that declares `var name`, sets one of its members and
    /// returns it: `{ var model = Model(); model.title = "…"; return model }()`.
    static func configuresValueCopy(_ value: String) -> Bool {
        guard value.hasUTF8Prefix("{"), value.hasUTF8Suffix("}()"), let declaration = value.range(of: "var ") else {
            return false
        }
        let name = value[declaration.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else { return false }
        return value.contains("return \(name)\n") || value.contains("return \(name) ")
            || value.contains("return \(name)}")
            ? value.contains("\n\(name).") || value.contains(" \(name).") : false
    }

    private func candidate(_ property: StoredProperty, in type: CodebaseType, lookup: Lookup) -> Candidate? {
        // A closure configuring a copy and returning it (FRW's `static let primary: VPrimaryButtonModel = { var model:
        // VPrimaryButtonModel = .init(); model.layout.cornerRadius = 16; return model }()`): a `var` whose members are
        // set is a value's copy (an object's reference would be a `let`), built once: a constant.
        if property.isLet, let value = property.initialValue, Self.configuresValueCopy(value) {
            return Candidate(property: property, instance: .value)
        }
        // The annotation's type, else the constructed type, else a called name that turns out to be a type
        // (`sessionManager()`) or a factory (`makeDatabase()`).
        guard let written = property.typeName ?? property.initialCall else {
            // `static let shared = { Settings() }()`: built by a closure the analysis does not look into, as by a
            // factory (which counts under an accessor name only).
            if property.isInitializedByCall { return Candidate(property: property, instance: .factory) }
            // `static var theme = saved ?? Theme.light`: a variable started from a codebase class's static holds an
            // instance of that class.
            guard !property.isLet, let held = heldClass(readBy: property.initialValue, from: type, lookup: lookup)
            else { return nil }
            return Candidate(
                property: property, instance: .reference(held), isCodebaseClass: true, startsFromStatic: true)
        }
        let isFactoryCall = property.typeName == nil
        if isFactoryCall, Self.associationBuilders.contains(written) { return nil }
        let resolved = lookup.resolve(written)
        let resolvedType = resolved.flatMap(lookup.type)
        // An SDK handle or registration token kept while something is observed or tapped (AltTab's `private static var
        // eventTap: CFMachPort?`, `hotKeyPressedEventHandler: EventHandlerRef?`, `axObserver: AXObserver?`, an
        // `NSKeyValueObservation`, the `Any` an event monitor returns): the type's own bookkeeping, no dependency.
        if resolvedType.map({ $0.kind == .external }) ?? true, Self.isHandleOrToken(written) { return nil }
        // A type nested in an SDK type (CotEditor's `static var tabbingPreference: NSWindow.UserTabbingPreference?`,
        // `UIFont.Weight`, `AVAudioSession.Category`) is the SDK's enum or option set: a value kept for a while.
        if !isFactoryCall, written.lastDotIndex != nil,
            lookup.resolve(String(written.firstNameComponent)).flatMap(lookup.type).map({ $0.kind == .external })
                ?? true,
            resolvedType.map({ $0.kind == .external }) ?? true
        {
            return Candidate(property: property, instance: .value)
        }
        if written == "Self" || written == type.name || written == type.simpleName {
            return Candidate(property: property, instance: .ownType(type.name))
        }
        if let resolved, let instance = resolvedType {
            if resolved == type.name { return Candidate(property: property, instance: .ownType(type.name)) }
            switch instance.kind {
            case .struct, .enum: return Candidate(property: property, instance: .value)
            case .class where Self.isValueLike(instance): return Candidate(property: property, instance: .value)
            case .class:
                let startsFromStatic =
                    !property.isLet && !property.isInitializedByCall
                    && heldClass(readBy: property.initialValue, from: instance, lookup: lookup) == resolved
                return Candidate(
                    property: property, instance: .reference(resolved), isCodebaseClass: true,
                    startsFromStatic: startsFromStatic)
            default:
                return Candidate(
                    property: property, instance: .reference(resolved), isExternal: instance.kind == .external,
                    isClassBoundProtocol: instance.kind == .protocol && Self.isObjectProtocol(instance, lookup: lookup))
            }
        }
        // `static let shared = makeDatabase()`, `Color.white.opacity(0.3)`: a call the analysis cannot see through.
        if isFactoryCall { return Candidate(property: property, instance: .factory) }
        // A case of a codebase enum with associated values (beam's `BeamColor.From(color: .white, alpha: 0.2)` in
        // `indirect enum BeamColor { case From(color: NSColor, alpha: CGFloat?) }`): a value.
        if written.lastDotIndex != nil, resolved == nil,
            lookup.resolve(String(written.firstNameComponent)).flatMap(lookup.type).map({ $0.kind == .enum }) == true
        {
            return Candidate(property: property, instance: .value)
        }
        // `static let close = OBALoc("common.close", value: "Close", comment: …)`: a function of the codebase.
        if lookup.isFunction(written) { return Candidate(property: property, instance: .factory) }
        guard let first = written.unicodeScalars.first, isUppercaseInitial(first), !Self.isCFunctionName(written),
            !Self.isSDKValueMakerName(written)
        else { return nil }
        return Candidate(property: property, instance: .undeclared(written))
    }

    private func evidence(for candidate: Candidate, in type: CodebaseType, familySize: Int)
        -> SingletonDeclaration.Evidence?
    {
        let property = candidate.property
        let name = property.name
        // A `weak` static of another type keeps no instance: the object lives elsewhere (utm's `extension UIPress {
        // static weak var pressResponderOverride: UIResponder? }`, a pointer to whoever handles presses now). One of
        // its own class, set by the instance, is the live instance's slot (DockDoor's `activeInstance`).
        if property.isWeak {
            guard case .ownType = candidate.instance else { return nil }
        }
        // A getter building a new instance at every read hands out no shared one, unless what it builds is a handle
        // on an SDK store whose state is shared (session's `static var sharedLokiProject: UserDefaults? {
        // UserDefaults(suiteName: …) }`).
        if property.isBuiltByGetter, !Self.sdkStoreClasses.contains(candidate.instance.typeName ?? "") { return nil }
        // A dependency container's member named `shared…` that holds another type (`AppDependencies.Live
        // .sharedMainViewModel`, a live value `seam migrate` writes) is one of the graph's instances, judged below as
        // any other member, not by its name; the container's own `shared` is still its shared instance.
        // The storage of an accessor function, named as one (HSTracker's `static var _instance: AppDelegate?` behind
        // `static func instance() -> AppDelegate`), filled in later by the instance itself.
        if name.hasPrefix("_"), candidate.isFilledInLater || property.isFilledInLater,
            case .ownType = candidate.instance,
            accessorNames.contains(String(name.dropFirst())), type.kind.isReferenceType
        {
            return .accessorName
        }
        // An SDK type's own `shared` of a constant-like type (paperless's `extension Logger { static let shared =
        // Logger(subsystem: "…", category: "general") }`, or `subsystem: Bundle.main.bundleIdentifier!`): a configured
        // value, as its siblings `api` and `migration` are.
        if type.kind == .external, case .ownType = candidate.instance, property.isInitializedByCall,
            Self.isConstantLike(type.name), !Self.isSDKStore(type.name)
        {
            return nil
        }
        if isAccessorName(name), accessorNames.contains(name) || !Self.isContainerMember(candidate, of: type) {
            // `static let sharedItemProvider = Key(rawValue: "sharedItemProvider")`: a `shared…` name on a value
            // spelled out in literals is a key, not the shared instance; so is one holding a constant-like SDK type
            // (`extension Bundle { static var sharedAppBundle: Bundle { … } }`).
            guard name == "shared" || !(property.isLiteralConstruction || holdsConstantLikeSDKType(candidate, in: type))
            else { return nil }
            // A palette's `instance` (primal's `IceWave.instance` colour theme) is a constant; its `shared` too when
            // nothing in it can change (onebusaway's `ThemeColors.shared`, twenty `let` colours).
            if case .ownType = candidate.instance, type.kind.isReferenceType, Self.isPalette(type),
                name != "shared" || type.instanceProperties.allSatisfy({ $0.isComputed || $0.isLet })
            {
                return nil
            }
            // A struct describing what an SDK shows, keeping a copy of itself in a `let` (damus's TipKit `struct
            // TrustedNetworkRepliesTip: Tip { static let shared = TrustedNetworkRepliesTip() }`, a button style): a
            // constant, unless the configuration makes the name an accessor's.
            if case .ownType = candidate.instance, type.kind == .struct, property.isLet,
                !configuredAccessorNames.contains(name),
                type.conformances.contains(where: Self.sdkValueProtocols.contains)
            {
                return nil
            }
            return .accessorName
        }
        if property.isComputed {
            // A registry's slot hands out the one instance registered for its type.
            guard property.isResolvedByType else { return nil }
            switch candidate.instance {
            case .reference, .undeclared: return .heldInstance
            case .ownType, .value, .factory: return nil
            }
        }
        let inFamily = familySize > 1
        if Self.weakAccessorNames.contains(name) {
            switch candidate.instance {
            case .ownType:
                guard !inFamily else { return nil }
                // A value-like class's `default` (Brave's `Favicon.default` placeholder of a `Codable` model) is a
                // constant; its `current` is still the slot of the current instance.
                if type.kind.isReferenceType, name != "current", Self.isValueLike(type) { return nil }
                // A formatter's or a decoder's `standard` (gem's `BigNumberFormatter.standard`) is a constant.
                if type.kind != .external, Self.isConverterName(type.simpleName) { return nil }
                // Spelled out in literals for a type the codebase only extends (2FAS's `extension IconTypeID {
                // static let default: IconTypeID = UUID(uuidString: "A5B3…")! }`, `IconTypeID` being `UUID`): a constant.
                if type.kind == .external, property.isLiteralConstruction, !Self.isSDKStore(type.name) {
                    return nil
                }
                // A handle on a constant-like SDK type (nos's `extension Bundle { static let current = Bundle(for:
                // BundleToken.self) }`): the resources' bundle, not a service.
                if type.kind == .external, Self.isConstantLike(type.name) { return nil }
                if type.kind.isReferenceType || type.kind == .external { return .accessorName }
                // A struct's is a value, unless it is a service or the app's resolver by name (gem's `ExplorerService
                // .standard` over a preferences store, `AppResolver.main` holding the storages and services).
                if type.kind == .struct, RoleClassifier.hasServiceName(type.simpleName) || type.isDependencyContainer {
                    return .accessorName
                }
                return name == "current" && type.kind == .struct && !property.isLet ? .accessorName : nil
            case .reference(let held), .undeclared(let held):
                return inFamily || Self.isConstantLike(held) ? nil : .accessorName
            // A decoder built by a closure in a namespace named as one (gem's `JSONDateDecoder.standard`) is a constant.
            case .factory: return inFamily || Self.isConverterName(type.simpleName) ? nil : .accessorName
            case .value: return nil
            }
        }
        let createdHere = property.isInitializedByCall
        let filledInLater = candidate.isFilledInLater || property.isFilledInLater
        switch candidate.instance {
        case .ownType:
            // `weak static var activeInstance: DockObserver?`, set to `self` by the instance (DockDoor): the slot of the one
            // live instance, named as one.
            if filledInLater, type.kind.isReferenceType, !property.isInExtension, Self.namesInstanceSlot(name) {
                return .accessorName
            }
            // `static var cached: LayoutSettings = .default`: a variable started from the type's constant is the
            // current value the app reads and replaces (`static var current = Environment()` is an accessor above).
            if !property.isLet, !property.isInExtension, type.kind == .struct || type.kind.isReferenceType,
                let source = Self.ownStaticMember(property.initialValue, of: type), source != name,
                type.properties.contains(where: { $0.isStatic && $0.name == source })
            {
                return .currentValue
            }
            // A class of the codebase declares its shared instance with itself; one that an extension adds
            // (`extension Alert.Content { static let offline = Alert.Content(title: …) }`) is a constant.
            if property.isInExtension && type.kind != .external { return nil }
            // A value spelled out in literals for an SDK type (`extension OCItemType { static let folder =
            // OCItemType("folder") }`, typed string enums imported from Objective-C) is a constant, unless the type
            // is one of the SDK's stores (`UserDefaults(suiteName: "group.app")`).
            if type.kind == .external, property.isLet, property.isLiteralConstruction,
                !Self.isSDKStore(type.name)
            {
                return nil
            }
            // A static an extension adds to an SDK type is one of that type's values (`extension UNNotificationSound
            // { static let call = UNNotificationSound(named: "call") }`, RegexBuilder's `CharacterClass`, GRDB's
            // `DatabaseFunction`, `UINavigationBarAppearance` styles), unless the type is one of the SDK's stores or
            // an SDK service by its name (`extension DatabaseQueue { static var appDatabase = … }`, Alamofire's
            // `extension Session { static let api = Session(…) }`).
            if type.kind == .external, !Self.isSDKStore(type.name), !DependencyAnalysis.isSDKServiceName(type.name) {
                return nil
            }
            // A class of the codebase, or a type it only extends that is not constant-like (`extension
            // DatabaseQueue { static var appDatabase = … }`, not `extension UIColor { static let brand = … }`).
            let isInstanceType =
                (type.kind.isReferenceType && !Self.isValueLike(type))
                || (type.kind == .external && !Self.isConstantLike(type.name))
            // Several instances of a class read as constants (`Theme.dark`, `.light`); of a service type the
            // codebase only extends, or of a class named as a service, as several shared ones (`UserDefaults.appSuite`,
            // `.debugSuite`; vultisig's `TokenCatalogRepository.shared` and `.appCatalog`).
            guard createdHere, isInstanceType,
                !inFamily || type.kind == .external || RoleClassifier.hasServiceName(type.simpleName)
            else { return nil }
            // A quantity spelled out in numbers, of a class holding only numbers (amperfy's `static let
            // authenticationTokenRequiredServerApi = SubsonicVersion(major: 1, minor: 13, patch: 0)`): a value.
            if property.isNumericConstruction, Self.holdsOnlyNumbers(type) { return nil }
            return .soleInstance
        case .reference(let held), .undeclared(let held):
            // A private static reading another type's static and nothing else (threema's `private static var
            // messageDraftStore = MessageDraftStore.shared`) is a shortcut to that type's instance, counted where that
            // is declared: no instance of its own.
            if property.isPrivate, held != type.name, Self.isPlainStaticRead(property.initialValue, of: held) {
                return nil
            }
            // `static var theme = saved ?? Theme.light`, `static var defaultConfiguration = ServerConfig.current`:
            // a variable of the type's own declaration started from a static of a codebase class is the slot of the
            // current instance, replaced at run time, whatever the class's name.
            if candidate.startsFromStatic, !property.isInExtension, !inFamily { return .currentValue }
            guard createdHere || filledInLater, candidate.isClassBoundProtocol || !Self.isConstantLike(held) else {
                return nil
            }
            // An extension of a constant-like SDK type making a value with a name seam cannot resolve (Loop's
            // `extension UIColor { static let chartPlatter = HIGWhiteColorDark() }`, a function of its own) makes one
            // more of that type's constants.
            if case .undeclared = candidate.instance, property.isInExtension, property.isLet, type.kind == .external,
                Self.isConstantLike(type.name)
            {
                return nil
            }
            // Several statics of one codebase class that is no service by name, each built in place, are a family
            // of constants (`enum Action { static let labels = ActionModel(…); static let lock = ActionModel(…) }`);
            // several SDK objects or services are several shared instances (`ImagePipeline`, `APIClient`).
            if candidate.isCodebaseClass, inFamily, createdHere, !RoleClassifier.hasServiceName(held.lastNameComponent)
            {
                return nil
            }
            // Several SDK objects each built from one key alone (`enum Columns { static let id = Column("id");
            // static let name = Column(CodingKeys.name) }`, GRDB's; green's `enum RiveModel { static let
            // animationWallet = RiveViewModel(fileName: "Illustration Wallet") … }`) are a family of constants too,
            // unless they are services by name (several `APIClient(baseURL: "…")` are several clients).
            if !candidate.isCodebaseClass, inFamily, createdHere, Self.isKeyedConstruction(property.initialValue),
                !RoleClassifier.hasServiceName(held.lastNameComponent), !DependencyAnalysis.isSDKServiceName(held)
            {
                return nil
            }
            // A type the codebase does not declare (or only extends), built from numbers alone and held in a `let`,
            // is a quantity (`static let gasLimit = BigUInt(21_000)`, `UIOffset(horizontal: 0, vertical: -2)`,
            // Meshtastic's `CLLocationCoordinate2D(latitude: 37.3346, longitude: -122.0090)`), unless it is an SDK
            // store or a service by name (`NSCache(countLimit: 100)`, `APIClient(timeout: 30)`).
            if candidate.isSDKType, property.isLet, createdHere, property.isNumericConstruction,
                !Self.sdkStoreClasses.contains(held.lastNameComponent),
                !RoleClassifier.hasServiceName(held.lastNameComponent), !DependencyAnalysis.isSDKServiceName(held)
            {
                return nil
            }
            return .heldInstance
        case .value, .factory:
            return nil
        }
    }
}

extension SingletonClassifier {
    /// Whether `value` is only a read of a static of `held`, written `Held.member` (or with `held`'s module,
    /// `Module.Held.member`): no call, no operator, no fallback.
    static func isPlainStaticRead(_ value: String?, of held: String) -> Bool {
        guard let value, value.contains("."),
            value.allSatisfy({ $0 == "." || $0 == "_" || $0.isLetter || $0.isNumber })
        else { return false }
        let owner = value[..<(value.lastIndex(of: ".") ?? value.endIndex)]
        return owner == held || owner.hasSuffix("." + held) || held.hasSuffix("." + owner)
    }

    /// Whether `value` builds an object from one key, labelled or not: a string literal or a reference to a case
    /// (`Column("id")`, `Column(CodingKeys.name)`, `Column(.name)`, `RiveViewModel(fileName: "wallet")`), the way a
    /// constant is spelled.
    private static let resourceLabels: Set<String> = [
        "fileName", "named", "resourceName", "resource", "assetName", "imageName", "animationName",
    ]

    static func isKeyedConstruction(_ value: String?) -> Bool {
        guard let value, let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return false }
        let callee = value[..<open]
        var argument = value[value.index(after: open)..<value.index(before: value.endIndex)].trimmingCharacters(
            in: .whitespaces)
        // `fileName: "wallet"`: a labelled key names a bundled resource, as a string literal (an object given a name,
        // `ImagePipeline(name: "posters")`, or configured, `configuration: .withDataCache`, is no asset).
        var labelled = false
        if let colon = argument.firstIndex(of: ":"), resourceLabels.contains(String(argument[..<colon])) {
            argument = argument[argument.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            labelled = true
        }
        guard !callee.isEmpty, callee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
            !argument.isEmpty
        else { return false }
        if argument.hasPrefix("\""), argument.hasSuffix("\""), argument.count >= 2,
            !argument.dropFirst().dropLast().contains(where: { $0 == "\"" || $0 == "\\" })
        {
            return true
        }
        guard !labelled else { return false }
        let reference = argument.hasPrefix(".") ? argument.dropFirst() : argument[...]
        return !reference.isEmpty
            && reference.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !part.first!.isNumber
            }
    }

    /// Whether a candidate holds a constant-like type the codebase does not declare (`Bundle`, `URL`), itself
    /// or through an extension of it.
    /// Whether `candidate` is a member of a dependency container holding another type than the container.
    private static func isContainerMember(_ candidate: Candidate, of type: CodebaseType) -> Bool {
        if case .ownType = candidate.instance { return false }
        return type.isInDependencyContainer
    }

    private func holdsConstantLikeSDKType(_ candidate: Candidate, in type: CodebaseType) -> Bool {
        switch candidate.instance {
        case .ownType(let name): type.kind == .external && Self.isConstantLike(name)
        case .undeclared(let name): Self.isConstantLike(name)
        // An SDK type the codebase extends (vlc's `extension URL`) resolves to the codebase, and is the same type.
        case .reference(let name): !candidate.isCodebaseClass && Self.isConstantLike(name)
        case .value, .factory: false
        }
    }

    /// The codebase class of the instance `value` reads from a static (after a `??`, the fallback): `Theme` for
    /// `Theme.light` (`static let light = Theme(…)`), `ServerConfiguration` for `ServerConfig.current` when
    /// `static var current = production` and `static let production = ServerConfiguration(…)` (a bare name is
    /// read inside the type it is found in; at most three steps). `nil` when it is no class of the codebase
    /// (value-like classes neither) or cannot be told.
    private func heldClass(readBy value: String?, from scope: CodebaseType, lookup: Lookup, steps: Int = 3) -> String? {
        guard steps > 0, let value else { return nil }
        let fallback = value.ranges(of: "??").last.map { value[$0.upperBound...] } ?? value[...]
        let expression = String(fallback.trimmingWhitespace)
        let base: CodebaseType
        let member: Substring
        if let dot = expression.lastDotIndex {
            let baseName = expression[..<dot]
            member = expression[expression.index(after: dot)...]
            if baseName.isEmpty || baseName == "Self" {
                base = scope
            } else {
                guard let first = baseName.unicodeScalars.first, isUppercaseInitial(first),
                    let resolved = lookup.resolve(String(baseName)), let found = lookup.type(resolved)
                else { return nil }
                base = found
            }
        } else {
            // A bare name reads a static of the type reached by an earlier step, not of the declaring one.
            guard steps < 3 else { return nil }
            base = scope
            member = expression[...]
        }
        guard !member.isEmpty, member.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            let property = base.properties.first(where: { $0.isStatic && $0.name == member })
        else { return nil }
        if let written = property.typeName ?? property.initialCall {
            let resolved = written == "Self" ? base.name : lookup.resolve(written)
            guard let resolved, let held = lookup.type(resolved), held.kind == .class, !Self.isValueLike(held) else {
                return nil
            }
            return resolved
        }
        return heldClass(readBy: property.initialValue, from: base, lookup: lookup, steps: steps - 1)
    }

    /// The name of the static member of `type` that `value` reads (`default` for `.default`, `Self.default`,
    /// `Settings.default`), `nil` for any other expression.
    static func ownStaticMember(_ value: String?, of type: CodebaseType) -> String? {
        guard let value, let dot = value.lastDotIndex else { return nil }
        let base = value[..<dot]
        guard base.isEmpty || base == "Self" || base == type.simpleName || base == type.declaredName else { return nil }
        let member = value[value.index(after: dot)...].filter { $0 != "`" }
        guard let first = member.unicodeScalars.first, first.properties.isLowercase || first == "_",
            member.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return member
    }
}

extension Substring {
    /// The text without ASCII whitespace and newlines at either end (no Foundation: asked for in the declaration walk).
    var trimmingWhitespace: Substring {
        // Read as UTF-8 bytes: ASCII whitespace is all source code puts around an expression.
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start].isASCIIWhitespace { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)].isASCIIWhitespace { end = bytes.index(before: end) }
        return self[start..<end]
    }
}

extension UInt8 {
    /// A space, tab, line feed, vertical tab, form feed or carriage return.
    var isASCIIWhitespace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}

/// Whether `bytes[start...]` begins with `prefix`'s bytes (`start + prefix.count <= bytes.count`).
private func memcmpEqual(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ prefix: UnsafeBufferPointer<UInt8>)
    -> Bool
{
    var index = 0
    while index < prefix.count {
        if bytes[start + index] != prefix[index] { return false }
        index += 1
    }
    return true
}

extension StringProtocol {
    /// Whether the UTF-8 bytes of `suffix` end this string's (no Unicode normalization: for ASCII names).
    func hasUTF8Suffix(_ suffix: String) -> Bool {
        // Over both strings' contiguous bytes: asked a few dozen times for every type's name.
        let found = utf8.withContiguousStorageIfAvailable { name in
            suffix.utf8.withContiguousStorageIfAvailable { end in
                name.count >= end.count && memcmpEqual(name, from: name.count - end.count, end)
            }
        }
        if let found, let found { return found }
        return utf8.count >= suffix.utf8.count && utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    /// Whether the UTF-8 bytes of `prefix` start this string's (no Unicode normalization: for ASCII names and
    /// source text; `hasPrefix` compares characters, which costs a grapheme walk at each).
    func hasUTF8Prefix(_ prefix: String) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { name in
            prefix.utf8.withContiguousStorageIfAvailable { start in
                name.count >= start.count && memcmpEqual(name, from: 0, start)
            }
        }
        if let found, let found { return found }
        return utf8.starts(with: prefix.utf8)
    }
}

extension String {
    /// Whether the UTF-8 bytes of `word` occur in this string's (no Unicode normalization: for ASCII names).
    func containsUTF8(_ word: String) -> Bool {
        let bytes = utf8
        let pattern = word.utf8
        guard let first = pattern.first else { return true }
        var index = bytes.startIndex
        while let start = bytes[index...].firstIndex(of: first) {
            if bytes[start...].starts(with: pattern) { return true }
            index = bytes.index(after: start)
        }
        return false
    }
}
