import Foundation
import Testing
import SeamNavigation

/// Parameter values a deep link may not carry, on every platform: malformed percent-escapes, control
/// characters (`%00`, line breaks) and `..` path traversal.
@Suite("Deep links: unsafe parameter values")
struct DeepLinkSafetyTests {
    private func failure(_ link: String) -> DeepLinkError? {
        #expect(throws: DeepLinkError.self, "\(link) was accepted") { try surfLinks().resolve(link) }
    }

    @Test(arguments: [
        "treblesurf://spots/%ZZ", "treblesurf://spots/pipe%2", "treblesurf://forecast?spot=%ZZ&days=2",
        "treblesurf://forecast?spot=a&days=2%G1", "https://treblesurf.app/spots/%E2%28",
    ])
    func malformedPercentEncodingIsRejected(link: String) {
        let error = failure(link)
        #expect(error?.code == .malformedURL, "\(String(describing: error))")
        #expect(error?.message.contains("percent") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        "treblesurf://spots/pipe%00line", "treblesurf://spots/pipe%0Aline", "treblesurf://spots/pipe%0D%0Aline",
        "treblesurf://forecast?spot=pipe%00&days=2", "treblesurf://forecast?spot=a%0Ab&days=2",
        "treblesurf://spots/bell%07", "treblesurf://spots/%7F",
    ])
    func controlCharactersAreRejected(link: String) {
        let error = failure(link)
        #expect(error?.code == .malformedURL, "\(String(describing: error))")
        #expect(error?.message.contains("control character") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        "treblesurf://spots/..%2F..%2Fetc", "treblesurf://spots/%2E%2E", "treblesurf://spots/a%2Fb",
        "treblesurf://forecast?spot=..%2F..%2Fsecrets&days=2", "treblesurf://forecast?spot=../x&days=2",
        "https://treblesurf.app/spots/..%2f",
    ])
    func pathTraversalIsRejected(link: String) {
        let error = failure(link)
        #expect(error?.code == .malformedURL, "\(String(describing: error))")
    }

    @Test func ordinaryEncodedValuesStillResolve() throws {
        #expect(try surfLinks().resolve("treblesurf://spots/Bundoran%20Peak").last?.route == .spot(id: "Bundoran Peak"))
        #expect(try surfLinks().resolve("treblesurf://spots/caf%C3%A9").last?.route == .spot(id: "café"))
        #expect(
            try surfLinks().resolve("treblesurf://forecast?spot=a%26b&days=2") == [
                .push(.forecast(spotID: "a&b", days: 2))
            ])
        #expect(
            try surfLinks().resolve("treblesurf://forecast?spot=1..5&days=2") == [
                .push(.forecast(spotID: "1..5", days: 2))
            ])
    }
}
