import Foundation
import SeamAnalysis
import SwiftSyntax

/// Phase 2's last step: the app's container gets a factory method for every view model that takes its services
/// through `init`, passing the container's own instances.
///
/// ```swift
/// public func makeHomeViewModel() -> HomeViewModel {
///     HomeViewModel(apiClient: apiClient, dataStore: dataStore)
/// }
/// ```
///
/// The view model's initialiser is read as this migration leaves it (its file with the draft's edits applied), so
/// the parameters it just gained are passed too. A parameter typed by a service the container holds (by its
/// protocol or type, optional or not) is passed the container's property, and one typed by the container itself is
/// passed `self`; any other parameter becomes a parameter of the factory,
/// with its label, type and default. Only view models this migration injects get one. A view model the container already builds (a method returning it), one
/// without a service parameter, or one whose only initialisers are failable, throwing, `async` or generic gets no
/// factory.
struct ViewModelFactories {
    let input: MigrationInput

    struct Factory {
        var viewModel: String
        var text: String
    }

    /// The factories for `container`, given what it holds (`services`: a type or protocol name → the container's
    /// property) and the draft so far, for the view models among `candidates` (those this draft injects: a
    /// second run, which injects nothing, adds nothing).
    func factories(
        in container: MigrationInput.Declaration, of candidates: Set<String>, services: [String: String],
        draft: MigrationDraft
    ) -> [Factory] {
        guard let model = input.model else { return [] }
        let view = container.view
        let built = Set(
            view.memberBlock.members.compactMap { member -> String? in
                guard let function = member.decl.as(FunctionDeclSyntax.self) else { return nil }
                return function.signature.returnClause?.type.trimmedDescription
            })
        let names = Set(view.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
        let containerIsPublic = view.isPublic
        let unit = Indentation.unit(of: input.files[container.file].text)
        let indent = view.memberBlock.memberIndentation(of: view.node, unit: unit)
        var factories: [Factory] = []
        for type in model.sortedTypes
        where candidates.contains(type.name) && type.role == .viewModel && !type.isCompositionRoot
            && type.target == container.type.target && !type.isInTestFile
        {
            guard [.class, .struct, .actor].contains(type.kind), !built.contains(type.simpleName),
                !built.contains(type.name),
                !names.contains("make" + type.simpleName), !type.name.contains("."),
                let entry = input.declaration(of: type.name),
                let initializer = designatedInitializer(of: entry, draft: draft)
            else { continue }
            var parameters: [String] = []
            var arguments: [String] = []
            var passesService = false
            for parameter in initializer.signature.parameterClause.parameters {
                let label = parameter.firstName.text
                let name = (parameter.secondName ?? parameter.firstName).text
                var written = parameter.type.trimmedDescription.replacingOccurrences(of: "any ", with: "")
                // An optional service parameter (`apiService: APIServiceProviding? = nil`, the view model's own
                // fallback) takes the container's instance too.
                if written.hasSuffix("?") { written.removeLast() }
                if written.hasPrefix("("), written.hasSuffix(")") { written = String(written.dropFirst().dropLast()) }
                // The container itself (amakaflow's `init(completionId:dependencies: AppDependencies = .current)`) is
                // passed as `self`, not taken again by its own factory.
                if written == view.name || written == container.type.name {
                    passesService = true
                    arguments.append(label == "_" ? "self" : "\(label): self")
                } else if let property = services[written] {
                    passesService = true
                    arguments.append(label == "_" ? property : "\(label): \(property)")
                } else {
                    parameters.append(
                        parameter.trimmedDescription.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
                    arguments.append(label == "_" ? name : "\(label): \(name)")
                }
            }
            guard passesService else { continue }
            let isPublic =
                containerIsPublic && entry.view.isPublic
                && initializer.modifiers.isPublic
            let isolation = type.isolatedToMainActor && !container.type.isolatedToMainActor ? "@MainActor " : ""
            let signature =
                "\(isolation)\(isPublic ? "public " : "")func make\(type.simpleName)(\(parameters.joined(separator: ", "))) -> \(type.simpleName)"
            let call = "\(type.simpleName)(\(arguments.joined(separator: ", ")))"
            factories.append(
                Factory(viewModel: type.name, text: "\(indent)\(signature) {\n\(indent)\(unit)\(call)\n\(indent)}"))
        }
        return factories
    }

    /// The view model's designated initialiser with the most parameters, as the draft leaves its file; `nil`
    /// when it has none a plain call can make (failable, throwing, `async`, generic) or the file does not parse.
    private func designatedInitializer(of entry: MigrationInput.Declaration, draft: MigrationDraft)
        -> InitializerDeclSyntax?
    {
        let file = input.files[entry.file]
        let edits = draft.edits[entry.file, default: []].map(\.edit)
        guard let text = try? SourceEdit.apply(edits, to: file.text, file: file.path) else { return nil }
        let finder = InitializerFinder(typeName: entry.view.name)
        finder.walk(SourceParser.parse(text))
        return finder.initializers.filter { initializer in
            initializer.optionalMark == nil && initializer.signature.effectSpecifiers == nil
                && initializer.genericParameterClause == nil
                && !initializer.modifiers.contains { ["convenience", "private", "fileprivate"].contains($0.name.text) }
        }.max { $0.signature.parameterClause.parameters.count < $1.signature.parameterClause.parameters.count }
    }

    /// The initialisers declared directly in the type named `typeName` (at the top level of the file).
    private final class InitializerFinder: SyntaxVisitor {
        let typeName: String
        var initializers: [InitializerDeclSyntax] = []

        init(typeName: String) {
            self.typeName = typeName
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            collect(node.name, node.memberBlock)
        }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            collect(node.name, node.memberBlock)
        }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            collect(node.name, node.memberBlock)
        }

        private func collect(_ name: TokenSyntax, _ block: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
            guard name.text == typeName else { return .skipChildren }
            initializers += block.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            return .skipChildren
        }
    }
}
