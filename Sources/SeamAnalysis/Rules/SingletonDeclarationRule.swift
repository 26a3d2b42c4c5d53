extension RuleID {
    /// A `static`/`class` property returning its own type, or a global instance (`let appState = AppState()`).
    public static let singletonDeclaration: RuleID = "singleton-declaration"
}

/// `singleton-declaration`: every singleton made (decided by `SingletonClassifier`).
struct SingletonDeclarationRule: AuditRule {
    static let description = RuleDescription(
        id: .singletonDeclaration, name: "SingletonDeclaration", defaultSeverity: .warning,
        summary:
            "A shared instance reached through a type (an accessor-like static property) or a global name: a singleton.",
        help: "Register the type in the container and inject it; keep the singleton only while callers migrate.",
        discussion: """
            A static property named like a shared-instance accessor (`shared`, `sharedInstance`, `instance`, \
            `singleton`, `default`/`standard`/`current`/`main` when stored outside a family of constants, names \
            configured as `singleton-accessors`), the one static instance of a class, a stored static property \
            holding an instance of another service, a registry's computed slot resolving its own type, a top-level \
            `let`/`var` holding an instance, or a DI registration that keeps one instance (Factory's `.singleton`, \
            `.cached`, `.shared`; Swinject's `.inObjectScope(.container)`). A `private` static that only reads \
            another type's static (`private static var draftStore = DraftStore.shared`) is a shortcut to that \
            singleton, not one more. Constants \
            (colours, formatters, `Notification.Name`s, previews and fixtures) and generated files are not \
            singletons; those of test files are counted apart (`testSingletons`) and not reported.
            """,
        triggeringExamples: [
            """
            final class DataStore {
                static let shared = DataStore()
                private init() {}
            }
            """,
            "final class AppState {}\nlet appState = AppState()\n",
        ],
        nonTriggeringExamples: [
            """
            import UIKit
            extension UIColor {
                static let brand = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
            }
            """,
            "struct Spot: Codable { static let preview = Spot(name: \"Pipeline\"); var name: String }\n",
        ])

    func findings(in context: RuleContext) -> [Finding] {
        // A test target's shared fixtures (zotero's `enum TestControllers { static let apiClient = … }`) are the
        // tests' own wiring, not the app's debt: the metrics count them apart (`testSingletons`).
        context.analysis.declarations.filter { !context.isTestFile($0.file) }.map { declaration in
            let message: String
            let fix: String
            switch declaration.kind {
            case .staticProperty:
                message =
                    "'\(declaration.typeName).\(declaration.propertyName)' is a singleton: \(Self.reason(declaration))"
                fix =
                    "Extract a protocol for '\(declaration.typeName)' and pass an instance through init; keep one instance in the app's composition root"
            case .globalInstance:
                message =
                    "Global instance '\(declaration.propertyName)' of '\(declaration.typeName)' is a singleton in disguise"
                fix =
                    "Create '\(declaration.typeName)' in the app's composition root and inject it where '\(declaration.propertyName)' is used"
            case .containerRegistration:
                let held = declaration.instanceType ?? "an instance"
                message =
                    "'\(declaration.typeName).\(declaration.propertyName)' registers one shared '\(held)' in a DI container: a singleton behind the container"
                fix =
                    "Resolve '\(declaration.typeName).\(declaration.propertyName)' in the composition root only and pass it through init"
            case .scopedRegistration:
                let held = declaration.instanceType ?? declaration.propertyName
                message =
                    "'\(declaration.typeName)' registers '\(declaration.propertyName)' with a scope that keeps one '\(held)': a singleton behind the container"
                fix = "Resolve '\(declaration.propertyName)' in the composition root only and pass it through init"
            }
            return Finding(
                .singletonDeclaration, at: declaration.location, message, fix: fix, typeName: declaration.typeName,
                subject: declaration.accessExpression)
        }
    }

    /// Why a static property counts, in the words of the finding.
    private static func reason(_ declaration: SingletonDeclaration) -> String {
        let held = declaration.instanceType.map { "'\($0)'" } ?? "an instance"
        switch declaration.evidence {
        case .accessorName: return "a static property named like a shared-instance accessor, holding \(held)"
        case .soleInstance: return "the one static instance of its class"
        case .heldInstance, .globalInstance: return "a static property holding one shared \(held)"
        case .containerScope: return "a DI container registration keeping one \(held)"
        case .currentValue: return "a static variable holding the one current \(held), replaced at run time"
        }
    }
}
