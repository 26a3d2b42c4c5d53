import SwiftSyntax

/// Edits of a `Package.swift`: a package dependency in `Package(dependencies:)`, and products in a target's
/// `dependencies:`, each added once (what the manifest already names is left alone).
///
/// ```swift
/// var manifest = PackageManifestEdits(file: file)
/// manifest.addPackage(#".package(name: "Seam", path: "../Seam")"#)
/// manifest.addProducts(["Seam"], to: "LegacyApp")     // .target(name: "LegacyApp", dependencies: [.product(name: "Seam", package: "Seam")])
/// ```
struct PackageManifestEdits {
    let file: MigrationInput.File
    /// The edits so far.
    private(set) var edits: [SourceEdit] = []
    /// What could not be added, said for a note.
    private(set) var problems: [String] = []
    /// The package the products come from.
    var packageName = "Seam"

    init(file: MigrationInput.File) {
        self.file = file
    }

    /// The `Package(…)` call.
    private var package: FunctionCallExprSyntax? {
        file.tree.statements.lazy.compactMap { item -> FunctionCallExprSyntax? in
            let expression =
                item.item.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value
                ?? item.item.as(ExprSyntax.self)
            return expression?.as(FunctionCallExprSyntax.self)
        }.first { $0.calledExpression.trimmedDescription == "Package" }
    }

    /// Adds `dependency` (`.package(…)`) to the package's dependencies, unless one already names the package.
    mutating func addPackage(_ dependency: String) {
        guard let package else {
            problems.append("no `let package = Package(…)` in \(file.path): add `\(dependency)` by hand")
            return
        }
        if let existing = package.arguments.first(where: { $0.label?.text == "dependencies" }) {
            guard let array = existing.expression.as(ArrayExprSyntax.self) else {
                problems.append(
                    "the package's dependencies in \(file.path) are not an array: add `\(dependency)` by hand")
                return
            }
            if array.elements.contains(where: {
                $0.expression.trimmedDescription.contains("\"\(packageName)\"")
                    || Self.names(packageName, $0.expression)
            }) {
                return
            }
            append(dependency, to: array)
            return
        }
        guard let targets = package.arguments.first(where: { $0.label?.text == "targets" }) else {
            problems.append(
                "the package in \(file.path) has no `targets:`: add `dependencies: [\(dependency)]` by hand")
            return
        }
        edits.append(
            .insert(
                "dependencies: [\(dependency)],\n\(targets.lineIndentation)",
                at: targets.positionAfterSkippingLeadingTrivia))
    }

    /// Adds `.product(name:package:)` for each of `products` to the target named `target`.
    mutating func addProducts(_ products: [String], to target: String) {
        guard let call = targetCall(named: target) else {
            problems.append(
                "no target `\(target)` in \(file.path): add \(products.map { "`\($0)`" }.joined(separator: ", ")) to its dependencies by hand"
            )
            return
        }
        let existingArray = call.arguments.first { $0.label?.text == "dependencies" }?.expression.as(
            ArrayExprSyntax.self)
        let existing = existingArray?.elements.map(\.expression.trimmedDescription) ?? []
        let items = products.filter { product in !existing.contains { $0.contains("name: \"\(product)\"") } }
            .map { ".product(name: \"\($0)\", package: \"\(packageName)\")" }
        guard !items.isEmpty else { return }
        if let existingArray {
            append(items.joined(separator: ", "), to: existingArray)
        } else if call.arguments.contains(where: { $0.label?.text == "dependencies" }) {
            problems.append(
                "the dependencies of `\(target)` in \(file.path) are not an array: add \(items.joined(separator: ", ")) by hand"
            )
        } else if let name = call.arguments.first(where: { $0.label?.text == "name" }) {
            let text = "dependencies: [\(items.joined(separator: ", "))]"
            if let comma = name.trailingComma {
                edits.append(.insert(" \(text),", at: comma.endPositionBeforeTrailingTrivia))
            } else {
                edits.append(.insert(", \(text)", at: name.endPositionBeforeTrailingTrivia))
            }
        }
    }

    /// The `.target(name: "X", …)` (or `.testTarget`, `.executableTarget`…) call declaring `name`.
    private func targetCall(named name: String) -> FunctionCallExprSyntax? {
        guard
            let targets = package?.arguments.first(where: { $0.label?.text == "targets" })?.expression.as(
                ArrayExprSyntax.self)
        else { return nil }
        return targets.elements.lazy.compactMap { $0.expression.as(FunctionCallExprSyntax.self) }.first { call in
            guard
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text.hasSuffix("arget")
                    == true,
                let value = call.arguments.first(where: { $0.label?.text == "name" })?.expression.as(
                    StringLiteralExprSyntax.self)
            else { return false }
            return value.segments.trimmedDescription == name
        }
    }

    /// Appends `text` (one or more comma-separated elements) to `array`.
    private mutating func append(_ text: String, to array: ArrayExprSyntax) {
        guard let last = array.elements.last else {
            edits.append(.insert(text, at: array.leftSquare.endPositionBeforeTrailingTrivia))
            return
        }
        if let comma = last.trailingComma {
            // A multi-line array keeps one element a line.
            let multiline = array.rightSquare.leadingTrivia.contains { if case .newlines = $0 { true } else { false } }
            edits.append(
                .insert(
                    multiline ? "\n\(last.lineIndentation)\(text)," : " \(text),",
                    at: comma.endPositionBeforeTrailingTrivia))
        } else {
            edits.append(.insert(", \(text)", at: last.endPositionBeforeTrailingTrivia))
        }
    }

    /// Whether `expression` is `.package(url: "…/name…")` for the package `name` (case-insensitive).
    private static func names(_ name: String, _ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return call.arguments.contains { argument in
            guard ["url", "path"].contains(argument.label?.text ?? ""),
                let literal = argument.expression.as(StringLiteralExprSyntax.self)
            else { return false }
            let location = literal.segments.trimmedDescription.lowercased()
            let last = location.split(separator: "/").last.map { String($0).replacingOccurrences(of: ".git", with: "") }
            return last == name.lowercased()
        }
    }
}
