/// Readable, collision-resistant names for key types.
enum TypeName {
    /// `type`'s name qualified by the types it is nested in, without the module and without the
    /// anonymous contexts of private and local declarations: `Feed.Key`, `Cache<Int>.Key`.
    ///
    /// Two keys nested in different types under the same simple name get different names, which is
    /// what graphs, `verify()` reports, cycle paths and errors need. (Keys declared inside functions or
    /// as `private` at file scope lose that anonymous context and are named by their own name only.)
    static func qualified(_ type: Any.Type) -> String {
        strippingModules(String(reflecting: type))
    }

    /// Drops the leading module of a reflected name, and of each generic argument, and the
    /// `(unknown context at $…)` components of private and local types.
    static func strippingModules(_ reflected: String) -> String {
        var components: [Substring] = []
        var depth = 0
        var start = reflected.startIndex
        for index in reflected.indices {
            switch reflected[index] {
            case "<", "(": depth += 1
            case ">", ")": depth -= 1
            case "." where depth == 0:
                components.append(reflected[start..<index])
                start = reflected.index(after: index)
            default: break
            }
        }
        components.append(reflected[start...])
        let kept = components.dropFirst(components.count > 1 ? 1 : 0).filter { !$0.hasPrefix("(") }
        return kept.map(strippingModulesInGenericArguments).joined(separator: ".")
    }

    /// `G<Swift.Int, App.Feed.Key>` → `G<Int, Feed.Key>`.
    private static func strippingModulesInGenericArguments(_ component: Substring) -> String {
        guard let open = component.firstIndex(of: "<"), component.last == ">" else { return String(component) }
        let inner = component[component.index(after: open)..<component.index(before: component.endIndex)]
        var arguments: [Substring] = []
        var depth = 0
        var start = inner.startIndex
        for index in inner.indices {
            switch inner[index] {
            case "<", "(": depth += 1
            case ">", ")": depth -= 1
            case "," where depth == 0:
                arguments.append(inner[start..<index])
                start = inner.index(after: index)
            default: break
            }
        }
        arguments.append(inner[start...])
        let names = arguments.map { strippingModules(String($0.drop { $0 == " " })) }
        return component[..<open] + "<" + names.joined(separator: ", ") + ">"
    }
}
