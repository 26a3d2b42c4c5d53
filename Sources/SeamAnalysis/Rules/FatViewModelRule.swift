extension RuleID {
    /// A view model over the configured limits of lines, stored properties or dependencies.
    public static let fatViewModel: RuleID = "fat-view-model"
}

/// `fat-view-model`: view models over the configured limits of lines, stored properties or dependencies
/// (injected dependencies plus singletons reached).
struct FatViewModelRule: AuditRule {
    static let description = RuleDescription(
        id: .fatViewModel, name: "FatViewModel", defaultSeverity: .warning,
        summary: "A view model over the configured limits of lines, stored properties or dependencies.",
        help: "Move data fetching and business logic into services or use cases.",
        discussion: """
            A view model over `thresholds` of lines (declaration plus extensions, 300 by default), stored \
            properties (12) or dependencies (injected types plus singletons reached, 6). A `let` given a value \
            spelled out (`let title = #localize("Polls")`, `let icon = "chart.bar"`, `let limit = 140`, \
            `let cancel = NSLocalizedString("Cancel", comment: "")`) is a label or a constant, not state, and is not \
            counted among the stored properties; nor are those of a struct or class whose stored properties are all \
            `let`s (the display values of a row, formatted once). A `Codable` one is a stored model, not a view model. The finding is named by its type: its fingerprint leaves the \
            sizes out, so a baseline still holds it when a line is added.
            """,
        triggeringExamples: [
            RuleExample(
                "final class FeedViewModel {\n"
                    + (1...13).map { "    var field\($0) = 0\n" }.joined() + "}\n")
        ],
        nonTriggeringExamples: [
            """
            final class FeedViewModel {
                var items: [String] = []
                var isLoading = false
            }
            """,
            RuleExample(
                "final class PollViewModel {\n    var answers: [String] = []\n"
                    + (1...13).map { "    let label\($0) = NSLocalizedString(\"poll_\($0)\", comment: \"\")\n" }
                    .joined()
                    + "    let icon = \"chart.bar\"\n    let maximumLength = 140\n}\n"),
            RuleExample(
                "import Combine\nstruct OrderViewModel {\n"
                    + (1...13).map { "    let field\($0): String\n" }.joined()
                    + "}\nfinal class ScreenViewModel: ObservableObject { @Published var rows: [OrderViewModel] = [] }\n"
            ),
            RuleExample(
                "final class AssetViewModel {\n" + (1...13).map { "    let field\($0): String\n" }.joined()
                    + "    init() {\n" + (1...13).map { "        field\($0) = \"\"\n" }.joined() + "    }\n}\n"),
            RuleExample(
                "import Combine\nfinal class PlanetViewModel: ObservableObject, Codable {\n"
                    + (1...13).map { "    var field\($0) = 0\n" }.joined() + "}\n"),
        ],
        fingerprintOmitsMessage: true)

    /// Conformances of a type that is saved and loaded.
    private static let codableConformances: Set<String> = ["Codable", "Encodable", "Decodable"]

    func findings(in context: RuleContext) -> [Finding] {
        let limits = context.configuration.thresholds
        var reached: [String: Set<String>] = [:]
        for access in context.analysis.accesses {
            guard let owner = access.enclosingType else { continue }
            reached[owner, default: []].insert(access.dependencyType)
        }
        return context.codebase.sortedTypes.compactMap { type in
            // An observed class holding the app's services (damus's `DamusState`) is a context object, no view model.
            // A Core Data or SwiftData model observed by views (nos's `@Observable final class Author:
            // NosManagedObject`) is data, however large.
            // A `Codable` one is saved and loaded (Planet's `MyPlanetModel: ObservableObject, Codable`, written to disk
            // by its own `save()`): a stored model, whatever views observe it.
            guard type.role == .viewModel, !type.isInTestFile, let location = type.location,
                context.analysis.isViewState(type, in: context.codebase),
                !DependencyAnalysis.isPersistentModel(type, in: context.codebase),
                !type.conformances.contains(where: Self.codableConformances.contains),
                // One a store keeps in a collection (bitchat's `ConversationStore.conversationsByID: [ConversationID:
                // Conversation]`, each an `ObservableObject`) is an entity views observe, unless named a view model.
                !context.analysis.keptInCollections.contains(type.name) || DependencyAnalysis.isNamedViewModel(type)
            else { return nil }
            let lines = type.lineCount
            // An immutable struct or class (mixin's `PerpetualPositionViewModel`, 32 `let`s formatted once in `init`;
            // BRD's widget `AssetViewModel` class of 18) is the display values of a row, not state: its properties
            // are not counted.
            let stored = type.instanceProperties.filter { !$0.isComputed }
            let isImmutableValue = stored.allSatisfy(\.isLet)
            let properties = isImmutableValue ? 0 : stored.filter { !$0.isSpelledOutConstant }.count
            let injected = Set((context.analysis.injections[type.name] ?? []).map(\.typeName))
            let dependencies = injected.union(reached[type.name] ?? []).count
            var excesses: [String] = []
            if lines > limits.viewModelLines { excesses.append("\(lines) lines (limit \(limits.viewModelLines))") }
            if properties > limits.viewModelStoredProperties {
                excesses.append("\(properties) stored properties (limit \(limits.viewModelStoredProperties))")
            }
            if dependencies > limits.viewModelDependencies {
                excesses.append("\(dependencies) dependencies (limit \(limits.viewModelDependencies))")
            }
            guard !excesses.isEmpty else { return nil }
            return Finding(
                .fatViewModel, at: location, "View model '\(type.name)' has \(excesses.joined(separator: ", "))",
                fix: "Split '\(type.name)' by screen section or use case, and move logic into injected services",
                typeName: type.name, subject: type.name)
        }
    }
}

extension StoredProperty {
    /// Whether it is a `let` whose initial value is spelled out: a literal (`"chart.bar"`, `140`, `true`), a macro
    /// (threema's `#localize("cancel")`) or a call of literals (`NSLocalizedString("Cancel", comment: "")`).
    fileprivate var isSpelledOutConstant: Bool {
        guard isLet, let value = initialValue, let first = value.first else { return false }
        if isLiteralConstruction || first == "\"" || first == "#" || first.isNumber || value == "true"
            || value == "false"
        {
            return true
        }
        return first == "-" && value.dropFirst().first?.isNumber == true
    }
}
