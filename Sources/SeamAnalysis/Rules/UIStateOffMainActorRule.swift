extension RuleID {
    /// `@Published`/`@Observable` state written off the main actor.
    public static let uiStateOffMainActor: RuleID = "ui-state-off-main-actor"
}

/// `ui-state-off-main-actor`: UI state written where the code clearly runs off the main actor.
///
/// Its hook into the walk is spread over the one pass, because the decision needs every file: the body walk
/// records functions, closures, callbacks and writes (`FileCollector+Bodies.swift`), and
/// `BodyFactResolver.uiStateWrites()` observes, under this rule's id, the writes of UI state that run off
/// the main actor once every file's types are known.
struct UIStateOffMainActorRule: ObservationRule {
    static let description = RuleDescription(
        id: .uiStateOffMainActor, name: "UIStateOffMainActor", defaultSeverity: .error,
        summary:
            "@Published or @Observable state written where the code clearly runs off the main actor (handles such as AnyCancellable, Task or Timer are not UI state, and a write through a class or actor changes the object, not the property).",
        help: "Mark the type @MainActor or hop to the main actor before writing.",
        discussion: """
            In a class that SwiftUI observes (an `ObservableObject` or `@Observable` class) or a view model, and \
            that is not a main-actor type (itself, through a superclass or a main-actor protocol): a \
            `@Published` property, or a stored `var` of an `@Observable` class, assigned or mutated in place \
            inside code that clearly runs off the main actor (`DispatchQueue.global().async`, `Task.detached`, \
            a `URLSession` handler, a non-isolated `async` method, a callback a codebase function calls off the \
            main actor), unless a closer `DispatchQueue.main.async`, `MainActor.run`, `@MainActor` closure or \
            SwiftUI main-actor callback puts it back. A closure handed from code off the main actor to a function \
            that does not tell where it calls it back runs where that function calls it: not judged. Handles of work (`AnyCancellable`, `Task`, `Timer`…) are \
            not UI state; a write through a class or actor changes the object, not the property.
            """,
        triggeringExamples: [
            """
            import Foundation
            import Combine
            final class FeedViewModel: ObservableObject {
                @Published var items: [String] = []
                func load() {
                    DispatchQueue.global().async {
                        self.items = ["a"]
                    }
                }
            }
            """
        ],
        nonTriggeringExamples: [
            """
            import Foundation
            import Combine
            final class FeedViewModel: ObservableObject {
                @Published var items: [String] = []
                func load() {
                    DispatchQueue.main.async {
                        self.items = ["a"]
                    }
                }
            }
            """
        ])

    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String) {
        let owner = observation.typeName.map { "'\($0)'" } ?? "the type"
        return (
            "UI state '\(observation.subject)' of \(owner) is written off the main actor",
            "Mark \(owner) @MainActor, or hop with 'await MainActor.run' / 'Task { @MainActor in }' before writing"
        )
    }
}
