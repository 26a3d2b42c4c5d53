/// Which protocols `seam mocks` writes mocks for, how it names them and where they go.
///
/// ```swift
/// var options = MockOptions()
/// options.protocolPatterns = ["*Service*Protocol", "Clock"]
/// options.outputDirectory = "Tests/AppTests/Mocks"
/// ```
public struct MockOptions: Sendable, Hashable {
    /// The protocols to mock, by name or glob pattern (`*Service*Protocol`; `*` and `?`), matched against
    /// each protocol's own name and its qualified name (`Settings.StoreProtocol`). Protocols marked with a
    /// `// seam:mock` comment on the lines directly above them are mocked too.
    public var protocolPatterns: [String] = []
    /// The mock's name, with `{name}` standing for the protocol's without a trailing `Protocol`
    /// (`NetworkServiceProtocol` → `MockNetworkService`).
    public var mockNameTemplate = "Mock{name}"
    /// Where mocks go, relative to the root (an absolute path is accepted when it is inside the root; one
    /// outside is refused); `nil` means `Tests/<Target>Tests/Mocks` next to each protocol's `Sources/<Target>`.
    public var outputDirectory: String?

    /// The defaults: the marked protocols, `Mock{name}`, each target's test folder.
    public init() {}

    /// The mock's name for a protocol's simple name.
    func mockName(forProtocol name: String) -> String {
        let stem =
            name.hasSuffix("Protocol") && name.count > "Protocol".count ? String(name.dropLast("Protocol".count)) : name
        return mockNameTemplate.replacingOccurrences(of: "{name}", with: stem)
    }

    /// Checks that the template produces identifiers and that patterns are not empty.
    func validate() throws(MockGenerationError) {
        let sample = mockNameTemplate.replacingOccurrences(of: "{name}", with: "X")
        guard mockNameTemplate.contains("{name}"), sample.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            sample.first?.isNumber == false
        else { throw .invalidMockNameTemplate(mockNameTemplate) }
        if protocolPatterns.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw .emptyPattern
        }
    }
}
