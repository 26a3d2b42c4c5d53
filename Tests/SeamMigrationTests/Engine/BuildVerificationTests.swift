import Testing

@testable import SeamMigration

/// Reading a build's errors: what `--verify` blames.
@Suite struct BuildVerificationTests {
    @Test func compilerErrorsAreReadRelativeToTheCopy() {
        let output = """
            [1/3] Compiling App Screen.swift
            /tmp/seam-verify-1/Sources/App/Screen.swift:12:5: error: cannot find 'AppContainer' in scope
            /tmp/seam-verify-1/Sources/App/Screen.swift:13:5: warning: unused value
            Sources/App/Store.swift:4:1: error: type 'Store' does not conform to protocol 'StoreProtocol'
            /usr/include/stdio.h:1:1: error: outside the copy
            error: fatalError
            """
        let errors = BuildVerification.errors(in: output, root: "/tmp/seam-verify-1")
        #expect(errors.map(\.path) == ["Sources/App/Screen.swift", "Sources/App/Store.swift"])
        #expect(errors.first?.line == 12 && errors.first?.column == 5)
        #expect(errors.first?.message == "cannot find 'AppContainer' in scope")
    }
}
