import SwiftParser
import Testing

@testable import SeamMigration

/// Wrapped arguments aligned with their parenthesis follow it when an edit before it changes the line's length.
@Suite struct ArgumentAlignmentTests {
    /// `text` after replacing the first occurrence of each key with its value, arguments realigned.
    private func rewrite(_ text: String, _ replacements: [(String, String)]) throws -> String {
        let edits = replacements.map { old, new -> SourceEdit in
            let start = text.utf8.count - (text.range(of: old).map { String(text[$0.lowerBound...]).utf8.count } ?? 0)
            return SourceEdit(range: start..<(start + old.utf8.count), replacement: new)
        }
        let aligned = ArgumentAlignment.edits(after: edits, in: Parser.parse(source: text), text: text).map(\.edit)
        return try SourceEdit.apply(edits + aligned, to: text, file: "A.swift")
    }

    @Test func argumentsAlignedWithTheParenthesisMoveWithIt() throws {
        let before = """
            Manager.shared.registerUser(self,
                                        begin: { [weak self] in
              self?.start()
            },
                                        end: stop)
            """
        #expect(
            try rewrite(before, [("Manager.shared", "manager")]) == """
                manager.registerUser(self,
                                     begin: { [weak self] in
                  self?.start()
                },
                                     end: stop)
                """)
        #expect(
            try rewrite(before, [("Manager.shared", "self.sessionManager")]) == """
                self.sessionManager.registerUser(self,
                                                 begin: { [weak self] in
                  self?.start()
                },
                                                 end: stop)
                """)
    }

    @Test func argumentsIndentedOtherwiseOrEditedThemselvesStay() throws {
        let indented = "Manager.shared.register(\n    self,\n    begin: start\n)"
        #expect(
            try rewrite(indented, [("Manager.shared", "manager")])
                == "manager.register(\n    self,\n    begin: start\n)")
        let inside = "f(Store.shared.load(a,\n                    b))"
        // The edit is before the inner parenthesis: its arguments follow.
        #expect(try rewrite(inside, [("Store.shared", "store")]) == "f(store.load(a,\n             b))")
        let touched = "Manager.shared.register(a,\n                        Store.shared)"
        #expect(
            try rewrite(touched, [("Manager.shared", "manager"), ("Store.shared", "store")])
                == "manager.register(a,\n                 store)")
        let tabs = "Manager.shared.register(a,\n\t\t\t\t\t\tb)"
        #expect(try rewrite(tabs, [("Manager.shared", "manager")]) == "manager.register(a,\n\t\t\t\t\t\tb)")
    }
}
