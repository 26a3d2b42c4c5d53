/// What a rule checks and how to fix what it finds: the metadata reports show next to findings
/// (SARIF `tool.driver.rules`, the Markdown summary) and `.seam.yml` validates rule ids against.
public struct RuleDocumentation: Sendable, Hashable {
    /// The rule's id, as in reports and `.seam.yml`.
    public var id: RuleID
    /// A PascalCase name (`InjectionBypass`), as SARIF expects.
    public var name: String
    /// One sentence: what the rule finds.
    public var summary: String
    /// One sentence: how to fix a finding.
    public var help: String
    /// The severity the rule reports at unless `.seam.yml` overrides it.
    public var defaultSeverity: Severity { id.defaultSeverity }

    /// Creates a rule's documentation; its default severity comes from `id`.
    public init(id: RuleID, name: String, summary: String, help: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.help = help
    }

    /// The documentation of `id`, or a generic entry for a rule this version does not know.
    public static func of(_ id: RuleID) -> RuleDocumentation {
        all.first { $0.id == id }
            ?? RuleDocumentation(
                id: id, name: id.rawValue, summary: "Findings of rule \(id.rawValue).",
                help: "See the finding's fix hint."
            )
    }

    /// Every rule of `seam audit`, in the order of `RuleID.all`.
    public static let all: [RuleDocumentation] = [
        .init(
            id: .singletonDeclaration, name: "SingletonDeclaration",
            summary: "A shared instance reached through a type (an accessor-like static property) or a global name: a singleton.",
            help: "Register the type in the container and inject it; keep the singleton only while callers migrate."
        ),
        .init(
            id: .singletonAccess, name: "SingletonAccess",
            summary: "A use of a singleton (X.shared, a singleton default argument, a service locator).",
            help: "Take the dependency through init and use the injected value."
        ),
        .init(
            id: .injectionBypass, name: "InjectionBypass",
            summary: "A type takes services through init and still reaches a service through a singleton.",
            help: "Use the injected dependency, or inject the other service through init too."
        ),
        .init(
            id: .injectedSingletonDefault, name: "InjectedSingletonDefault",
            summary: "A dependency is injected but defaults to a singleton (s ?? S.shared).",
            help: "Make the parameter non-optional and pass the dependency from the container."
        ),
        .init(
            id: .missingProtocol, name: "MissingProtocol",
            summary: "A singleton or service conforms to no protocol of the codebase's own.",
            help: "Extract a protocol with the members callers use, so tests can substitute a fake."
        ),
        .init(
            id: .dependencyCycle, name: "DependencyCycle",
            summary: "Types reach each other in a cycle.",
            help: "Break the cycle: extract the shared part into a third type or invert one dependency."
        ),
        .init(
            id: .fatViewModel, name: "FatViewModel",
            summary: "A view model over the configured limits of lines, stored properties or dependencies.",
            help: "Move data fetching and business logic into services or use cases."
        ),
        .init(
            id: .hardcodedURL, name: "HardcodedURL",
            summary: "A URL or host written in a string literal.",
            help: "Read it from configuration."
        ),
        .init(
            id: .hardcodedInterval, name: "HardcodedInterval",
            summary: "A time interval written as arithmetic on literals (30 * 60).",
            help: "Name the interval in configuration or use a Duration."
        ),
        .init(
            id: .duplicatedLiteral, name: "DuplicatedLiteral",
            summary: "The same string literal in three or more files.",
            help: "Define the value once, in configuration or a constant."
        ),
        .init(
            id: .forceUnwrap, name: "ForceUnwrap",
            summary: "A force unwrap (value!).",
            help: "Unwrap with guard let or if let and handle nil."
        ),
        .init(
            id: .forceTry, name: "ForceTry",
            summary: "A try!.",
            help: "Propagate or handle the error."
        ),
        .init(
            id: .forceCast, name: "ForceCast",
            summary: "An as! cast.",
            help: "Cast with as? and handle failure."
        ),
        .init(
            id: .uiStateOffMainActor, name: "UIStateOffMainActor",
            summary: "@Published or @Observable state written where the code clearly runs off the main actor (handles such as AnyCancellable, Task or Timer are not UI state, and a write through a class or actor changes the object, not the property).",
            help: "Mark the type @MainActor or hop to the main actor before writing."
        ),
        .init(
            id: .parseError, name: "ParseError",
            summary: "A file that could not be read or parsed completely.",
            help: "Fix the file's encoding or syntax; the rest of the audit still ran."
        ),
    ]
}
