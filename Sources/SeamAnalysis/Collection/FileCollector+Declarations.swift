@_spi(RawSyntax) import SwiftSyntax

/// What the walk records about declarations: stored and static properties of the enclosing type,
/// top-level variables that may hold a global instance, initialisers and their parameters, and functions
/// that take a completion handler.
extension FileCollector {
    // MARK: Properties and global variables

    mutating func recordVariable(_ node: RawNode) {
        guard let variable = node.as(RawVariableDeclSyntax.self) else { return }
        var bindings: [RawNode] = []
        node.child(variable.bindings).forEachChild { bindings.append($0) }
        if let owner = fragmentStack.last {
            recordProperties(variable, of: node, bindings: bindings, into: owner)
        } else if path.count == 3, path[0].kind == .sourceFile {  // source file → statements → this item
            recordGlobals(variable, bindings: bindings)
        }
    }

    private mutating func recordProperties(
        _ variable: RawVariableDeclSyntax, of declaration: RawNode, bindings: [RawNode], into owner: Int
    ) {
        let isStatic = variable.modifiers.isStatic
        let isWeak = variable.modifiers.isWeak
        let isLet = variable.bindingSpecifier.isKeyword("let")
        let attributes = variable.attributes.names
        // Observation's `@Environment(AppModel.self) private var model` writes its type in the attribute only.
        let environmentType =
            attributes.contains("Environment")
            ? Self.environmentObjectType(declaration.child(variable.attributes).trimmedText(in: source)) : nil
        for (index, node) in bindings.enumerated() {
            guard let binding = node.as(RawPatternBindingSyntax.self),
                let identifier = binding.pattern.as(RawIdentifierPatternSyntax.self)
            else { continue }
            let isComputed = binding.accessorBlock.map(Self.isComputed) ?? false
            // `let a, b: Int` annotates only the last binding; Swift applies it to all.
            var type = binding.typeAnnotation?.type ?? Self.trailingAnnotation(after: index, in: bindings)
            // A Factory registration (`var api: Factory<APIClient> { self { APIClient() }.singleton }`) is kept as
            // what it registers; a protocol's property requirements (`var api: APIClient { get }`) as what a
            // locator typed by the protocol hands out. Other computed instance properties are not kept.
            var registrationScope: String?
            if isComputed && !isStatic, let annotation = type, let registered = annotation.factoryRegisteredType,
                let block = binding.accessorBlock
            {
                type = registered
                registrationScope = Self.registrationScope(node.child(block).trimmedText(in: source))
            }
            let value = binding.initializer.map { node.child($0).child($0.value) }
            // A short getter of a computed static, read as text: what it reads or resolves.
            let getter =
                isComputed && isStatic ? binding.accessorBlock.flatMap { shortAccessorText($0, of: node) } : nil
            // A computed instance property is kept apart, for what a context object hands out through one
            // (session's `Dependencies { var storage: Storage { get … set … } }`), and only when it writes its type.
            let isKeptApart = isComputed && !isStatic && fragments[owner].kind != .protocol && registrationScope == nil
            // Only what a class or actor could hand out: no value types' members, no plain values.
            if isKeptApart,
                type == nil || variable.modifiers.isPrivate || fragments[owner].kind == .struct
                    || fragments[owner].kind == .enum || type?.coreName.map(Self.plainValueNames.contains) ?? true
            {
                fragments[owner].fragment.otherComputedPropertyNames.append(identifier.identifier.bareName)
                continue
            }
            let property = StoredProperty(
                name: identifier.identifier.bareName,
                typeName: type?.coreName ?? binding.initializer.flatMap { Self.constructedType($0.value) }
                    ?? environmentType,
                elementTypeName: type.map(\.collectionElementName)
                    ?? binding.initializer.flatMap { Self.constructedElementType($0.value) },  // annotation wins
                initialValue: value?.trimmedText(in: source),
                initialCall: binding.initializer.flatMap { Self.calledName($0.value) },
                isInitializedByCall: binding.initializer.map { Self.isCall($0.value) } ?? false,
                isLiteralConstruction: binding.initializer.map { Self.isLiteralConstruction($0.value) } ?? false,
                isNumericConstruction: binding.initializer.map {
                    Self.isLiteralConstruction($0.value, numbersOnly: true)
                } ?? false,
                isOptional: type?.isOptional ?? binding.initializer.map { Self.isOptionalValue($0.value) } ?? false,
                isImplicitlyUnwrapped: type?.isImplicitlyUnwrapped ?? false,
                isStatic: isStatic, isLet: isLet,
                isComputed: isComputed, isWeak: isWeak, isInExtension: fragments[owner].isExtension,
                isPrivate: variable.modifiers.isPrivate, registrationScope: registrationScope,
                getterReads: getter.flatMap { Self.staticRead($0, ownName: fragments[owner].name.lastNameComponent) },
                isBuiltByGetter: isComputed && isStatic && binding.accessorBlock.map(Self.getterConstructs) == true,
                isResolvedByType: getter.map { text in type?.coreName.map { text.containsUTF8($0 + ".self") } ?? false }
                    ?? false,
                attributes: attributes, location: context.location(at: node.child(binding.pattern).start))
            if isKeptApart {
                fragments[owner].computedProperties.append(property)
            } else {
                fragments[owner].properties.append(property)
            }
        }
    }

    /// The type an `@Environment` attribute names by its metatype: `AppModel` for `@Environment(AppModel.self)`,
    /// `Store.Model` for `@Environment(Store.Model.self)`; `nil` for a key path (`@Environment(\.dismiss)`).
    static func environmentObjectType(_ attributes: String) -> String? {
        guard let start = attributes.range(of: "@Environment(")?.upperBound,
            let end = attributes[start...].range(of: ".self)")?.lowerBound
        else { return nil }
        let name = attributes[start..<end].filter { !$0.isWhitespace }
        guard let first = name.first, first.isLetter || first == "_",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        else { return nil }
        return String(name)
    }

    /// Types a computed property returns that are values, never a service handed out (kept out of
    /// `computedProperties`: most computed properties are these, and each record costs).
    static let plainValueNames: Set<String> = [
        "String", "Substring", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "CGFloat", "TimeInterval", "Date", "URL", "Data", "UUID", "Decimal", "Character",
        "CGRect", "CGSize", "CGPoint", "UIEdgeInsets", "NSEdgeInsets", "NSRange", "IndexPath", "Color", "UIColor",
        "NSColor", "Font", "UIFont", "NSFont", "Image", "UIImage", "NSImage", "NSAttributedString", "AttributedString",
        "LocalizedStringKey", "AnyView", "Array", "Dictionary", "Set", "Optional",
    ]

    /// The one static a getter's body reads, if that is all it does: `_bot` for `{ _bot }`, `{ self._bot }`,
    /// `{ Self._bot }`, `{ return _bot }`, `{ get { _bot } }`, and `{ return Bot._bot }` in the type `ownName`.
    static func staticRead(_ accessorBlock: String, ownName: String? = nil) -> String? {
        guard let text = getterExpression(accessorBlock) else { return nil }
        var name = text
        for prefix in ["self.", "Self.", ownName.map { $0 + "." } ?? "Self."] where name.hasUTF8Prefix(prefix) {
            name = name.dropFirst(prefix.count)
        }
        // Read as UTF-8 bytes (asked for every short static getter): a byte over ASCII is part of a letter.
        guard let first = name.utf8.first, first < UInt8(ascii: "0") || first > UInt8(ascii: "9"),
            name.utf8.allSatisfy(\.isIdentifierByte)
        else { return nil }
        return String(name)
    }

    /// `class func sharedInstance() -> Cache { shared }`: a static function without parameters whose short body
    /// only returns a static of its type, or returns its own type and reads a backing static (HSTracker's `static func
    /// instance() -> AppDelegate { if let instance = _instance { return instance }; fatalError(…) }`); see
    /// ``TypeFragment/staticAccessors``.
    mutating func recordStaticAccessor(_ function: RawFunctionDeclSyntax, node: RawNode, owner: Int) {
        guard function.modifiers.isStatic, let returned = function.signature.returnClause,
            function.signature.parameterClause.parameters.layoutView.children.isEmpty, let body = function.body
        else { return }
        let block = node.child(body)
        guard block.end - block.start <= Self.staticReadLimit else { return }
        let text = block.trimmedText(in: source)
        let ownName = fragments[owner].name.lastNameComponent
        let hasEffects = function.signature.effectSpecifiers != nil
        if let read = Self.staticRead(text, ownName: ownName) {
            fragments[owner].fragment.staticAccessors.append(
                StaticAccessor(function: function.name.bareName, reads: read, hasEffects: hasEffects))
            return
        }
        guard let type = returned.type.coreName, type == ownName || type == "Self" else { return }
        let returnsNonOptional =
            !returned.type.is(RawOptionalTypeSyntax.self)
            && !returned.type.is(RawImplicitlyUnwrappedOptionalTypeSyntax.self)
        // The names it reads, in order: the index keeps the first that is a singleton of the type.
        let name = function.name.bareName
        for read in Self.lowercaseNames(in: text) {
            fragments[owner].fragment.staticAccessors.append(
                StaticAccessor(
                    function: name, reads: read, returnsOwnType: true, returnsNonOptional: returnsNonOptional,
                    hasEffects: hasEffects))
        }
    }

    /// The distinct names starting with `_` or a lowercase letter that a short body reads (`_instance`, `sharedTask`),
    /// in order, keywords left out: where a static's storage may be.
    private static func lowercaseNames(in body: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in body + " " {
            if character == "_" || character.isLetter || character.isNumber {
                current.append(character)
                continue
            }
            if let first = current.first, first == "_" || first.isLowercase, current.count > 1,
                !accessorBodyKeywords.contains(current), !names.contains(current)
            {
                names.append(current)
            }
            current = ""
        }
        return names
    }

    private static let accessorBodyKeywords: Set<String> = [
        "if", "let", "var", "return", "guard", "else", "await", "try", "self", "nil", "fatalError", "value", "in", "do",
        "catch", "async", "throws", "true", "false",
    ]

    /// The text of an accessor block short enough to be one read (``staticReadLimit``), `nil` for a longer one: most
    /// computed properties are longer, and are not copied into a `String` to be looked at.
    private func shortAccessorText(_ block: RawAccessorBlockSyntax, of binding: RawNode) -> String? {
        let accessors = binding.child(block)
        return accessors.end - accessors.start <= Self.staticReadLimit ? accessors.trimmedText(in: source) : nil
    }

    /// Whether a short getter only reads a static chain of a type (`{ AppDelegate.shared.appContext }`,
    /// `{ return Store.shared }`).
    static func readsStaticChain(_ accessorBlock: String) -> Bool {
        guard let text = getterExpression(accessorBlock), let first = text.unicodeScalars.first,
            isUppercaseInitial(first),
            text.contains("."), text.allSatisfy({ $0 == "_" || $0 == "." || $0.isLetter || $0.isNumber })
        else { return false }
        return true
    }

    /// The one expression a short getter returns (`{ x }`, `{ return x }`, `{ get { return x } }`), as text.
    private static func getterExpression(_ accessorBlock: String) -> Substring? {
        guard accessorBlock.utf8.count <= staticReadLimit else { return nil }
        // Braces and keywords are ASCII: the text is cut at UTF-8 positions, no `Character` built.
        func inside(_ text: Substring) -> Substring? {
            let bytes = text.utf8
            guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
            return text[bytes.index(after: bytes.startIndex)..<bytes.index(before: bytes.endIndex)].trimmingWhitespace
        }
        guard var text = inside(accessorBlock[...].trimmingWhitespace) else { return nil }
        if text.hasUTF8Prefix("get"), let open = text.utf8.firstIndex(of: UInt8(ascii: "{")),
            text[text.utf8.index(text.startIndex, offsetBy: 3)..<open].utf8.allSatisfy(\.isASCIIWhitespace),
            let getter = inside(text[open...])
        {
            text = getter
        }
        if text.hasUTF8Prefix("return ") { text = text[text.utf8.index(text.startIndex, offsetBy: 7)...] }
        return text.trimmingWhitespace
    }

    /// The longest accessor block ``staticRead(_:)`` looks at (`{ get { return Self._sharedInstanceStorage } }`
    /// fits with room to spare).
    static let staticReadLimit = 256

    /// The scope a Factory registration's body names: `.singleton`, `.cached`, `.shared`, `.graph`, a custom
    /// `.scope(.session)`; `unique` (Factory's default) when it names none. Only the modifiers of the registration
    /// count, not what its factory closure reads (ios-pass's `self { Repository(api: SharedServiceContainer.shared
    /// .api()) }` names no scope).
    static func registrationScope(_ accessorBlock: String) -> String {
        var body = ""
        var depth = 0
        for character in accessorBlock {
            if character == "{" { depth += 1 }
            if depth <= 1 { body.append(character) }
            if character == "}" { depth -= 1 }
        }
        if let custom = body.range(of: ".scope(.") {
            return String(body[custom.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        for scope in ["singleton", "cached", "shared", "graph", "unique"] where body.contains(".\(scope)") {
            return scope
        }
        return "unique"
    }

    /// The annotation of a later binding that applies to the one at `index` (`let a, b: Int`).
    private static func trailingAnnotation(after index: Int, in bindings: [RawNode]) -> RawTypeSyntax? {
        for node in bindings[index...] {
            guard let binding = node.as(RawPatternBindingSyntax.self) else { continue }
            if let type = binding.typeAnnotation?.type { return type }
            if binding.initializer != nil { return nil }
        }
        return nil
    }

    /// A getter (explicit or implicit) makes a computed property; `willSet`/`didSet` alone do not.
    /// Whether a getter (`{ … }` alone) is one statement building an instance (`{ return File(id: -10) }`): a new
    /// value at every read, however the property is named.
    private static func getterConstructs(_ block: RawAccessorBlockSyntax) -> Bool {
        guard let statements = block.accessors.as(RawCodeBlockItemListSyntax.self) else { return false }
        let items = statements.layoutView.children.compactMap { $0?.as(RawCodeBlockItemSyntax.self) }
        guard items.count == 1 else { return false }
        guard
            let expression = items[0].item.as(RawReturnStmtSyntax.self)?.expression
                ?? items[0].item.as(RawExprSyntax.self)
        else { return false }
        if constructedType(expression) != nil { return true }
        // `{ .init() }`, `{ Self() }`, `{ Self.init() }` (KeyboardCowboy's `static var shared: FocusBorder { .init() }`):
        // the property's own type, made anew.
        guard let called = expression.as(RawFunctionCallExprSyntax.self)?.calledExpression else { return false }
        if let member = called.as(RawMemberAccessExprSyntax.self), member.declName.baseName.tokenText == "init" {
            return member.base == nil || member.base?.as(RawDeclReferenceExprSyntax.self)?.baseName.tokenText == "Self"
        }
        return called.as(RawDeclReferenceExprSyntax.self)?.baseName.tokenText == "Self"
    }

    private static func isComputed(_ block: RawAccessorBlockSyntax) -> Bool {
        guard let accessors = block.accessors.as(RawAccessorDeclListSyntax.self) else { return true }
        return accessors.layoutView.children.contains { element in
            guard let specifier = element?.as(RawAccessorDeclSyntax.self)?.accessorSpecifier else { return false }
            return !specifier.isKeyword("willSet") && !specifier.isKeyword("didSet")
        }
    }

    private mutating func recordGlobals(_ variable: RawVariableDeclSyntax, bindings: [RawNode]) {
        let isLet = variable.bindingSpecifier.isKeyword("let")
        for node in bindings {
            // A stored global may observe its changes (GoMap's `var OSM_SERVER: OsmServer = { … }() { didSet { … } }`);
            // a computed one holds nothing, unless it reads a static of a type (udomains' `var appContext:
            // AppContextProtocol { AppDelegate.shared.appContext }`): an accessor of what that holds.
            guard let binding = node.as(RawPatternBindingSyntax.self),
                let identifier = binding.pattern.as(RawIdentifierPatternSyntax.self)
            else { continue }
            if let block = binding.accessorBlock, Self.isComputed(block) {
                guard let annotated = binding.typeAnnotation?.type.coreName,
                    let text = shortAccessorText(block, of: node), Self.readsStaticChain(text)
                else { continue }
                globals.append(
                    DeclaredGlobal(
                        name: identifier.identifier.bareName, typeName: annotated, isLet: true, isConstructed: false,
                        location: context.location(at: node.child(binding.pattern).start), target: context.target,
                        isAccessor: true))
                continue
            }
            let typeName =
                binding.typeAnnotation?.type.coreName
                ?? binding.initializer.flatMap({ Self.constructedType($0.value) }) ?? ""
            let constructed =
                !typeName.isEmpty && binding.initializer.flatMap { Self.constructedType($0.value) } == typeName
            let metatype =
                binding.typeAnnotation?.type.metatypeInstanceName
                ?? binding.initializer.flatMap { Self.selfExpressionType($0.value) }
            globals.append(
                DeclaredGlobal(
                    name: identifier.identifier.bareName, typeName: typeName, isLet: isLet, isConstructed: constructed,
                    location: context.location(at: node.child(binding.pattern).start), target: context.target,
                    metatype: metatype))
        }
    }

    /// The type constructed by `T(...)` or `T.init(...)` (also behind `try`, `await` and a trailing `!`, and by a
    /// closure called at once that only builds it: `{ T() }()`, `{ return T() }()`), or `nil`.
    static func constructedType(_ expression: RawExprSyntax) -> String? {
        guard let call = unwrapped(expression).as(RawFunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let closure = callee.as(RawClosureExprSyntax.self) {
            let statements = closure.statements.layoutView.children.compactMap { $0?.as(RawCodeBlockItemSyntax.self) }
            guard call.arguments.layoutView.children.isEmpty, closure.signature == nil, statements.count == 1 else {
                return nil
            }
            let item = statements[0].item
            if let returned = item.as(RawReturnStmtSyntax.self)?.expression { return constructedType(returned) }
            return item.as(RawExprSyntax.self).flatMap(constructedType)
        }
        if let member = callee.as(RawMemberAccessExprSyntax.self), member.declName.baseName.isKeyword("init") {
            return member.base?.dottedName
        }
        // `Outer.Inner(...)` constructs; `Factory.make(...)` calls a function.
        guard let name = callee.dottedName,
            name.split(separator: ".").allSatisfy({ $0.unicodeScalars.first.map(isUppercaseInitial) ?? false })
        else { return nil }
        return name
    }

    /// The type a `T.self` expression names (`Reporter` for `Reporter.self`, `Outer.Inner` for `Outer.Inner.self`),
    /// or `nil`.
    static func selfExpressionType(_ expression: RawExprSyntax) -> String? {
        guard let member = unwrapped(expression).as(RawMemberAccessExprSyntax.self),
            member.declName.baseName.isKeyword("self"), let name = member.base?.dottedName,
            name.split(separator: ".").allSatisfy({ $0.unicodeScalars.first.map(isUppercaseInitial) ?? false })
        else { return nil }
        return name
    }

    /// The element type of the standard collection constructed by `Set<Item>()`, `Array<Item>()`, `[Item]()`,
    /// `Dictionary<String, Item>()` or `[String: Item]()` (`Item`), also behind `try`, `await` and `!`; `nil`
    /// otherwise.
    static func constructedElementType(_ expression: RawExprSyntax) -> String? {
        guard let call = unwrapped(expression).as(RawFunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let specialization = callee.as(RawGenericSpecializationExprSyntax.self),
            let name = specialization.expression.dottedName
        {
            let arguments = specialization.genericArgumentClause.arguments.layoutView.children.compactMap {
                $0?.as(RawGenericArgumentSyntax.self)?.argument.as(RawTypeSyntax.self)
            }
            return RawTypeSyntax.collectionElement(named: name, arguments: arguments)?.coreName
        }
        if let array = callee.as(RawArrayExprSyntax.self) {
            let elements = array.elements.layoutView.children
            guard elements.count == 1, let only = elements.first??.as(RawArrayElementSyntax.self) else { return nil }
            return only.expression.dottedName
        }
        if let dictionary = callee.as(RawDictionaryExprSyntax.self),
            let elements = dictionary.content.as(RawDictionaryElementListSyntax.self)?.layoutView.children,
            elements.count == 1, let only = elements.first??.as(RawDictionaryElementSyntax.self)
        {
            return only.value.dottedName
        }
        return nil
    }

    /// The dotted name of the function or type called by `expression` (`makeDatabase`, `Store.make`,
    /// `UserDefaults` for `UserDefaults(suiteName: id)!`), behind `try`, `await` and a trailing `!`; `nil`
    /// when the expression is not a call of a plain name. An immediately called closure is not a call of a name.
    static func calledName(_ expression: RawExprSyntax) -> String? {
        guard let call = unwrapped(expression).as(RawFunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let member = callee.as(RawMemberAccessExprSyntax.self), member.declName.baseName.isKeyword("init") {
            return member.base?.dottedName
        }
        return callee.dottedName
    }

    /// Whether an initial value without a written type is optional: `try?`, or a failable initializer of the SDK
    /// (see ``failableSDKInitializers``) not unwrapped with `!` (`UserDefaults(suiteName: "group.app")`).
    static func isOptionalValue(_ expression: RawExprSyntax) -> Bool {
        var current = expression
        if let awaitExpression = current.as(RawAwaitExprSyntax.self) { current = awaitExpression.expression }
        if let tryExpression = current.as(RawTryExprSyntax.self) {
            if tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { return true }
            current = tryExpression.expression
        }
        guard let call = current.as(RawFunctionCallExprSyntax.self), let name = calledName(current) else {
            return false
        }
        let firstLabel = call.arguments.layoutView.children.first??.as(RawLabeledExprSyntax.self)?.label?.text ?? "_"
        return failableSDKInitializers.contains("\(name)(\(firstLabel):")
    }

    /// The SDK's failable initializers an app builds a shared instance with, as `Type(firstLabel:`: part of the SDK
    /// facts the analysis knows (see also `SingletonClassifier.sdkStoreClasses`).
    static let failableSDKInitializers: Set<String> = [
        "UserDefaults(suiteName:", "NSUserDefaults(suiteName:", "URL(string:", "NSURL(string:", "URLComponents(string:",
        "URLComponents(url:", "UIImage(named:", "UIImage(systemName:", "UIImage(contentsOfFile:", "UIImage(data:",
        "NSImage(named:", "NSImage(contentsOf:", "UIColor(named:", "NSColor(named:", "UIFont(name:", "NSFont(name:",
        "Bundle(identifier:", "Bundle(path:", "Bundle(url:", "NSDataAsset(name:", "FileHandle(forReadingAtPath:",
        "FileHandle(forWritingAtPath:", "FileHandle(forUpdatingAtPath:", "TimeZone(identifier:",
        "TimeZone(abbreviation:",
        "UUID(uuidString:", "Data(base64Encoded:", "Decimal(string:",
    ]

    /// Whether `expression` is a call with at least one argument, all of them literals (strings, numbers,
    /// booleans, `nil`, `.member`, a type's constant such as `KeyCode.escape`, an array of those, negated numbers,
    /// literals combined by operators such as `1 << 2`), behind `try`,
    /// `await`, `!`; with `numbersOnly`, all of them
    /// numbers. A string is text whatever it interpolates: siskin's `extension Query { static let messagesFindUnsent =
    /// Query("SELECT … WHERE state = \(ConversationEntryState.outgoing(.unsent).rawValue)") }` is a query spelled out.
    static func isLiteralConstruction(_ expression: RawExprSyntax, numbersOnly: Bool = false) -> Bool {
        guard let call = unwrapped(expression).as(RawFunctionCallExprSyntax.self) else { return false }
        let arguments = call.arguments.layoutView.children.compactMap { $0?.as(RawLabeledExprSyntax.self) }
        guard !arguments.isEmpty, call.trailingClosure == nil else { return false }
        return arguments.allSatisfy { isLiteral($0.expression, numbersOnly: numbersOnly) }
    }

    private static func isLiteral(_ expression: RawExprSyntax, numbersOnly: Bool) -> Bool {
        switch expression.raw.kind {
        case .integerLiteralExpr, .floatLiteralExpr:
            return true
        case .booleanLiteralExpr, .nilLiteralExpr:
            return !numbersOnly
        case .stringLiteralExpr:
            // Text is a value whatever it interpolates.
            return !numbersOnly
        case .memberAccessExpr:
            guard !numbersOnly else { return false }
            let member = expression.raw.cast(RawMemberAccessExprSyntax.self)
            guard let base = member.base else { return true }
            // A type's constant (AltTab's `Shortcut(code: KeyCode.escape, …)`), not its shared instance.
            return base.dottedName.map { $0.first?.isUppercase == true } == true
                && !Self.accessorLikeNames.contains(member.declName.baseName.tokenText)
        case .arrayExpr:
            // An option set's members (`modifierFlags: [.command, .option]`).
            let elements = expression.raw.cast(RawArrayExprSyntax.self).elements.elements
            return !numbersOnly && elements.allSatisfy { isLiteral($0.expression, numbersOnly: false) }
        case .prefixOperatorExpr:
            return isLiteral(expression.raw.cast(RawPrefixOperatorExprSyntax.self).expression, numbersOnly: numbersOnly)
        case .sequenceExpr:
            // Literals combined by operators: an option set's `rawValue: 1 << 2`.
            let elements = expression.raw.cast(RawSequenceExprSyntax.self).elements.elements
            return elements.allSatisfy {
                $0.is(RawBinaryOperatorExprSyntax.self) || isLiteral($0, numbersOnly: numbersOnly)
            }
        case .tupleExpr:
            let elements = expression.raw.cast(RawTupleExprSyntax.self).elements.elements
            return elements.count == 1 && elements.allSatisfy { isLiteral($0.expression, numbersOnly: numbersOnly) }
        default:
            return false
        }
    }

    /// Member names that hand out a shared instance rather than a constant (`API.shared`, `Session.current`).
    private static let accessorLikeNames: Set<SyntaxText> = [
        "shared", "sharedInstance", "default", "instance", "current", "standard", "main", "live",
    ]

    /// Whether `expression` is a call (`Store()`, `.init()`, `make()`, `{ … }()`), behind `try`, `await`, `!`.
    static func isCall(_ expression: RawExprSyntax) -> Bool {
        unwrapped(expression).is(RawFunctionCallExprSyntax.self)
    }

    /// `expression` without `try`, `await` and trailing `!`/`?`.
    private static func unwrapped(_ expression: RawExprSyntax) -> RawExprSyntax {
        var current = expression
        while true {
            if let unwrap = current.as(RawForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let optional = current.as(RawOptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let tryExpression = current.as(RawTryExprSyntax.self) {
                current = tryExpression.expression
            } else if let awaitExpression = current.as(RawAwaitExprSyntax.self) {
                current = awaitExpression.expression
            } else {
                return current
            }
        }
    }

    // MARK: Type aliases

    mutating func recordAlias(_ node: RawNode) {
        guard let alias = node.as(RawTypeAliasDeclSyntax.self) else { return }
        let scope = fragmentStack.last.map { fragments[$0].name }
        let name = scope.map { $0 + "." + alias.name.bareName } ?? alias.name.bareName
        if Self.isFunctionType(alias.initializer.value) {
            aliases.append(DeclaredAlias(name: name, target: "", scope: scope, isFunctionType: true))
        } else if let composition = alias.initializer.value.as(RawCompositionTypeSyntax.self) {
            let components = composition.elements.elements.compactMap { $0.type.coreName }
            guard let first = components.first else { return }
            aliases.append(DeclaredAlias(name: name, target: first, scope: scope, components: components))
        } else if let target = alias.initializer.value.coreName {
            aliases.append(DeclaredAlias(name: name, target: target, scope: scope))
        }
    }

    /// Whether a type is a function type, through attributes (`@Sendable`) and parentheses.
    static func isFunctionType(_ type: RawTypeSyntax) -> Bool {
        if type.is(RawFunctionTypeSyntax.self) { return true }
        if let attributed = type.as(RawAttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let tuple = type.as(RawTupleTypeSyntax.self), tuple.elements.elements.count == 1,
            let only = tuple.elements.elements.first
        {
            return isFunctionType(only.type)
        }
        return false
    }

    // MARK: Initialisers and functions

    mutating func recordInitializer(_ node: RawNode) {
        guard let owner = fragmentStack.last, let initializer = node.as(RawInitializerDeclSyntax.self) else { return }
        var parameters: [InitParameter] = []
        parameterNodes(of: initializer.signature, in: node).forEachChild { parameterNode in
            guard let parameter = parameterNode.as(RawFunctionParameterSyntax.self) else { return }
            let first = parameter.firstName.bareName
            parameters.append(
                InitParameter(
                    label: first == "_" ? nil : first, name: parameter.secondName?.bareName ?? first,
                    typeName: parameter.type.coreName,
                    elementTypeName: parameter.type.collectionElementName,
                    typeText: parameterNode.child(parameter.type).trimmedText(in: source)
                        + (parameter.ellipsis == nil ? "" : "..."),
                    defaultValue: parameter.defaultValue.map {
                        parameterNode.child($0).child($0.value).trimmedText(in: source)
                    },
                    location: context.location(at: parameterNode.start)))
        }
        var traits = InitDeclaration.Traits()
        for element in initializer.modifiers.layoutView.children {
            guard let modifier = element?.as(RawDeclModifierSyntax.self) else { continue }
            let name = modifier.name
            if name.isKeyword("convenience") { traits.isConvenience = true }
            if name.isKeyword("override") { traits.isOverride = true }
            if name.isKeyword("required") { traits.isRequired = true }
            if modifier.detail == nil, name.tokenKind == .keyword,
                Self.accessLevels.contains(String(syntaxText: name.tokenText))
            {
                traits.accessLevel = String(syntaxText: name.tokenText)
            }
        }
        traits.isFailable = initializer.optionalMark != nil
        traits.isGeneric = initializer.genericParameterClause != nil
        let effects = initializer.signature.effectSpecifiers
        traits.isAsync = effects?.asyncSpecifier != nil
        traits.isThrowing = effects?.throwsClause != nil
        fragments[owner].initializers.append(
            InitDeclaration(
                location: context.location(at: node.child(initializer.initKeyword).start), parameters: parameters,
                isInExtension: fragments[owner].isExtension, traits: traits))
    }

    private static let accessLevels: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]

    /// The parameter list of `signature`, a child of `declaration`.
    private func parameterNodes(of signature: RawFunctionSignatureSyntax, in declaration: RawNode) -> RawNode {
        let clause = declaration.child(signature).child(signature.parameterClause)
        return clause.child(signature.parameterClause.parameters)
    }
}
