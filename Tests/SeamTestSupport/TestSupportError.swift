/// A test could not run its fixture (a missing tool, an unbuilt executable): thrown so the test fails
/// with the reason instead of passing silently.
public struct TestSupportError: Error, CustomStringConvertible {
    /// What is missing and how to fix it.
    public let description: String

    /// Creates an error with the message a failing test will show.
    public init(_ description: String) {
        self.description = description
    }
}
