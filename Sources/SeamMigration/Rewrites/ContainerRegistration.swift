import Foundation
import SeamAnalysis
import SwiftSyntax

/// Rewrite 4: add each injected dependency to the app's container type (`AppContainer`,
/// `AppDependencies`...), in the style of the dependencies it already declares.
///
/// If the container already declares a property for another singleton
/// (`lazy var dataStore: DataStoreProtocol = DataStore.shared`), the new one is a copy of it with the
/// names swapped (`lazy var authManager: AuthManagerProtocol = AuthManager.shared`), placed right after
/// it. Otherwise it is `var authManager: any AuthManagerProtocol = AuthManager.shared`, after the
/// container's last stored property. A dependency the container already mentions is left alone.
///
/// The injected parameters of non-singleton types default to the container's `Live` values
/// (`init(dataStore: any DataStoreProtocol = AppDependencies.Live.dataStore)`): a nested
/// `enum Live` of computed `static var`s, one per dependency, each returning the singleton. The
/// composition root is then the one place that names the singletons, and the next step (passing the
/// container's instances explicitly, then dropping the defaults) is a local change.
struct ContainerRegistration {
    let input: MigrationInput

    struct Result {
        var edits: [(file: Int, edit: SourceEdit)] = []
        var notes: [MigrationNote] = []
        var registered: [String] = []
    }

    /// A property of the container that provides a singleton, usable as a template.
    private struct Template {
        var member: MemberBlockItemSyntax
        var singleton: SingletonDeclaration
        var protocolName: String?
        var propertyName: String
    }

    func run(
        containerNames: [String], dependencies: [SingletonInjection.Dependency],
        liveDefaults: [SingletonInjection.Dependency] = [], retired: [SingletonRetirement.Retired] = [],
        allPlans: ProtocolPlans, live: LiveValues = .plain
    ) -> Result {
        var result = Result()
        guard !dependencies.isEmpty || !retired.isEmpty else { return result }
        guard let entry = input.containerDeclaration(named: containerNames) else {
            return result
        }
        // With Seam keys, the keys hold the live instances (``SeamKeyRegistration``), not an `enum Live`.
        result.edits += liveEdits(
            for: entry, dependencies: liveDefaults.filter { !live.holdsInKey(isMainActor: $0.plan.isMainActor) },
            retired: retired.filter { !live.holdsInKey(isMainActor: $0.isMainActor) }
        ).map { (entry.file, $0) }
        let view = entry.view
        let text = view.memberBlock.trimmedDescription
        let templates = view.memberBlock.members.compactMap { template(in: $0, file: entry.file, plans: allPlans) }
        var lastMember = templates.last?.member
        var lines: [String] = []
        let retiredNames = Set(retired.map(\.propertyName))
        for dependency in dependencies {
            // A retired singleton's instance is the container's own `Live` value.
            let singletonAccess =
                retiredNames.contains(dependency.propertyName)
                ? live.read(
                    dependency.propertyName, of: dependency.singleton, in: entry.type.declaredName,
                    isMainActor: dependency.plan.isMainActor) : dependency.singleton.sourceExpression
            if Self.containsWord(dependency.plan.protocolName, in: text)
                || text.contains(dependency.singleton.sourceExpression)
            {
                continue
            }
            if view.declaresSendable && !dependency.plan.isSendable {
                result.notes.append(
                    MigrationNote(
                        kind: .followUp, location: input.files[entry.file].location(of: view.node),
                        message:
                            "`\(view.name)` is Sendable and `any \(dependency.plan.protocolName)` is not: register `\(dependency.singleton.typeName)` by hand"
                    ))
                continue
            }
            if let template = templates.last {
                var clone = template.member.decl.trimmedDescription
                clone = clone.replacingOccurrences(
                    of: template.singleton.sourceExpression, with: singletonAccess)
                clone = Self.replaceWord(
                    template.singleton.simpleName, with: dependency.singleton.simpleName, in: clone)
                if let protocolName = template.protocolName {
                    clone = Self.replaceWord(protocolName, with: dependency.plan.protocolName, in: clone)
                }
                clone = Self.replaceWord(template.propertyName, with: dependency.propertyName, in: clone)
                lines.append(clone)
            } else if view.kind != .enum {
                let value = retiredNames.contains(dependency.propertyName) ? singletonAccess : dependency.defaultValue
                lines.append("var \(dependency.propertyName): \(dependency.propertyType) = \(value)")
            }
            // An enum has no instance to hold properties: its `Live` values are the registrations.
            result.registered.append(dependency.singleton.typeName)
        }
        guard !lines.isEmpty else { return result }
        if lastMember == nil {
            lastMember = view.memberBlock.members.last { member in
                guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic else {
                    return false
                }
                return variable.bindings.allSatisfy { $0.accessorBlock == nil }
            }
        }
        let indent = view.memberBlock.memberIndentation(
            of: view.node, unit: Indentation.unit(of: input.files[entry.file].text))
        let inserted = lines.map { "\n" + indent + $0 }.joined()
        if let lastMember {
            result.edits.append(
                (entry.file, .insert(inserted, at: lastMember.endPositionBeforeTrailingTrivia, order: 2)))
        } else {
            let suffix = view.memberBlock.members.isEmpty ? "" : "\n"
            result.edits.append(
                (
                    entry.file,
                    .insert(inserted + suffix, at: view.memberBlock.leftBrace.endPositionBeforeTrailingTrivia, order: 2)
                ))
        }
        return result
    }

    /// The `enum Live` members the container lacks: a new enum before the container's closing brace, or
    /// new members at the end of an existing one. A dependency's member returns its singleton; a retired
    /// singleton's member holds the instance (replacing the member a previous run wrote).
    private func liveEdits(
        for entry: MigrationInput.Declaration, dependencies: [SingletonInjection.Dependency],
        retired: [SingletonRetirement.Retired]
    ) -> [SourceEdit] {
        let view = entry.view
        let unit = Indentation.unit(of: input.files[entry.file].text)
        let memberIndent = view.memberBlock.memberIndentation(of: view.node, unit: unit)
        let existing = view.memberBlock.members.lazy.compactMap { $0.decl.as(EnumDeclSyntax.self) }.first {
            $0.name.text == "Live"
        }
        var existingMembers: [String: MemberBlockItemSyntax] = [:]
        for member in existing?.memberBlock.members ?? [] {
            guard
                let name = member.decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.as(
                    IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            existingMembers[name] = member
        }
        let isPublic = view.isPublic
        let retiredNames = Set(retired.map(\.propertyName))
        var declarations: [(name: String, text: String)] = dependencies.filter { !retiredNames.contains($0.liveName) }
            .map { dependency in
                let access = isPublic && dependency.plan.isPublic ? "public " : ""
                return (
                    dependency.liveName,
                    dependency.liveAccessor(
                        access: access, availability: input.availability(of: dependency.singleton.typeName))
                )
            }
        declarations += retired.map { retired in
            (retired.propertyName, retired.liveDeclaration(access: isPublic && retired.isPublic ? "public " : ""))
        }
        declarations.sort { $0.name < $1.name }
        var edits: [SourceEdit] = []
        for retired in retired {
            guard let member = existingMembers[retired.propertyName],
                let text = declarations.first(where: { $0.name == retired.propertyName })?.text
            else { continue }
            edits.append(
                SourceEdit(
                    range: member.decl.positionAfterSkippingLeadingTrivia
                        .utf8Offset..<member.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text))
        }
        let needed = declarations.filter { existingMembers[$0.name] == nil }
        guard !needed.isEmpty else { return edits }
        let indent = existing.map { $0.memberBlock.memberIndentation(of: $0, unit: unit) } ?? memberIndent + unit
        let members = needed.map { indent + $0.text }
        if let existing {
            return edits + [
                .insert("\n" + members.joined(separator: "\n"), at: existing.memberBlock.rightBrace.position)
            ]
        }
        let lines =
            [
                "",
                "",
                "\(memberIndent)/// The live dependencies, which injected initializers take as default arguments. The one place that",
                "\(memberIndent)/// names the singletons (or creates the instances); written by `seam migrate`.",
                "\(memberIndent)\(isPublic ? "public " : "")enum Live {",
            ] + members + ["\(memberIndent)}"]
        return edits + [
            .insert(
                lines.joined(separator: "\n"),
                at: view.memberBlock.members.last?.endPositionBeforeTrailingTrivia
                    ?? view.memberBlock.leftBrace.endPositionBeforeTrailingTrivia, order: 4)
        ]
    }

    /// A stored or lazy property whose value is a singleton (`X.shared`, where the analysis found an access
    /// of a migrated singleton), with its names.
    private func template(in member: MemberBlockItemSyntax, file: Int, plans: ProtocolPlans) -> Template? {
        guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic,
            variable.bindings.count == 1, let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value.as(MemberAccessExprSyntax.self), value.base != nil
        else { return nil }
        let position = MigrationInput.SitePosition(
            file: input.files[file].path, offset: value.positionAfterSkippingLeadingTrivia.utf8Offset)
        guard let access = input.accessSitesByPosition[position], access.propertyName == value.declName.baseName.text,
            let singleton = input.singleton(of: access)
        else { return nil }
        let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
        // The protocol the property is typed by: the singleton's plan's, or a codebase protocol written there.
        let written = type.replacingOccurrences(of: "any ", with: "").trimmingCharacters(
            in: CharacterSet(charactersIn: "?! "))
        let protocolName =
            plans[singleton].map(\.protocolName).flatMap { Self.containsWord($0, in: type) ? $0 : nil }
            ?? (input.isProtocol(written, from: nil) ? written : nil)
        return Template(member: member, singleton: singleton, protocolName: protocolName, propertyName: name)
    }

    static func containsWord(_ word: String, in text: String) -> Bool {
        replaceWord(word, with: "\u{0}", in: text) != text
    }

    /// Replaces whole identifiers equal to `word`.
    static func replaceWord(_ word: String, with replacement: String, in text: String) -> String {
        var output = ""
        var current = ""
        func flush() {
            output += current == word ? replacement : current
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}
