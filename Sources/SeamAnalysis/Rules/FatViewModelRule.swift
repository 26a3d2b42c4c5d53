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
            properties (12) or dependencies (injected types plus singletons reached, 6). The finding is named by \
            its type: its fingerprint leaves the sizes out, so a baseline still holds it when a line is added.
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
            """
        ],
        fingerprintOmitsMessage: true)

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
            guard type.role == .viewModel, !type.isInTestFile, let location = type.location,
                context.analysis.isViewState(type, in: context.codebase),
                !DependencyAnalysis.isPersistentModel(type, in: context.codebase)
            else { return nil }
            let lines = type.lineCount
            let properties = type.instanceProperties.filter { !$0.isComputed }.count
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
