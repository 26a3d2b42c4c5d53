import Foundation
import Testing
import SeamNavigation

@Suite("Deep links")
struct DeepLinkTableTests {
    @Test func customSchemeTreatsTheHostAsTheFirstSegment() throws {
        let stack = try surfLinks().resolve("treblesurf://spots/pipeline")
        #expect(stack == [.push(.spots), .push(.spot(id: "pipeline"))])
    }

    @Test func universalLinkOnAKnownHost() throws {
        let stack = try surfLinks().resolve("https://treblesurf.app/spots/pipeline/forecast?days=5")
        #expect(stack.map(\.route) == [.spots, .spot(id: "pipeline"), .forecast(spotID: "pipeline", days: 5)])
    }

    @Test func optionalQueryItemFallsBackToItsDefault() throws {
        let stack = try surfLinks().resolve("treblesurf://spots/pipeline/forecast")
        #expect(stack.last?.route == .forecast(spotID: "pipeline", days: 3))
    }

    @Test func pathParametersArePercentDecoded() throws {
        let stack = try surfLinks().resolve("treblesurf://spots/Bundoran%20Peak")
        #expect(stack.last?.route == .spot(id: "Bundoran Peak"))
    }

    @Test func schemeAndHostAreCaseInsensitiveAndTrailingSlashesIgnored() throws {
        let stack = try surfLinks().resolve("HTTPS://TrebleSurf.app/spots/")
        #expect(stack == [.push(.spots)])
    }

    @Test func queryOnlyParameters() throws {
        let stack = try surfLinks().resolve("treblesurf://forecast?spot=mullaghmore&days=2")
        #expect(stack == [.push(.forecast(spotID: "mullaghmore", days: 2))])
    }

    @Test func aRuleCanPresentModals() throws {
        #expect(try surfLinks().resolve("treblesurf://settings") == [.sheet(.settings, withNavigationStack: true)])
        #expect(
            try surfLinks().resolve("treblesurf://sign-in") == [.fullScreenCover(.signIn, withNavigationStack: false)])
    }

    private func failure(_ link: String) -> DeepLinkError? {
        #expect(throws: DeepLinkError.self) { try surfLinks().resolve(link) }
    }

    @Test func unknownPathIsNoMatchNamingThePath() {
        let error = failure("treblesurf://tides/42")
        #expect(error?.code == .noMatch)
        #expect(error?.link == "treblesurf://tides/42")
        #expect(error?.message == "no rule matches the path /tides/42")
    }

    @Test func extraSegmentsDoNotMatch() {
        #expect(failure("treblesurf://spots/a/forecast/extra")?.code == .noMatch)
    }

    @Test func badIntegerNamesTheParameterAndValue() {
        let error = failure("treblesurf://spots/pipeline/forecast?days=three")
        #expect(error?.code == .invalidParameter)
        #expect(error?.message == "parameter 'days' is \"three\", expected Int")
        #expect(error?.description.contains("treblesurf://spots/pipeline/forecast?days=three") == true)
    }

    @Test func missingRequiredParameterNamesIt() {
        let error = failure("treblesurf://forecast?spot=pipeline")
        #expect(error?.code == .missingParameter)
        #expect(error?.message == "parameter 'days' is missing")
    }

    @Test(arguments: ["not a url", "spots/pipeline", ""])
    func malformedLinks(_ link: String) {
        #expect(failure(link)?.code == .malformedURL)
    }

    @Test func invalidPercentEscapeIsMalformed() throws {
        // Well-formed escapes that do not decode to UTF-8: `URL` accepts them, the table must not.
        let url = try #require(URL(string: "treblesurf://spots/%E2%28"))
        let error = #expect(throws: DeepLinkError.self) { try surfLinks().resolve(url) }
        #expect(error?.code == .malformedURL)
    }

    @Test func unsupportedSchemeNamesIt() {
        let error = failure("ftp://treblesurf.app/spots")
        #expect(error?.code == .unsupportedScheme)
        #expect(error?.message.contains("'ftp'") == true)
    }

    @Test func unknownHostNamesIt() {
        let error = failure("https://example.com/spots")
        #expect(error?.code == .unknownHost)
        #expect(error?.message.contains("'example.com'") == true)
    }

    @Test func handlerRejectionCarriesItsReason() {
        let error = failure("treblesurf://spots/pipeline/closed")
        #expect(error?.code == .rejected)
        #expect(error?.message == "spot pipeline is closed")
    }

    @Test func ruleProducingAnInvalidStackIsReported() {
        let error = failure("treblesurf://broken")
        #expect(error?.code == .invalidDestination)
        #expect(error?.message.contains("rule '/broken'") == true)
    }

    @Test(arguments: ["/spots/:", "/spots/:id/compare/:id"])
    func invalidPatternsFailWhenTheTableIsBuilt(_ pattern: String) {
        let error = #expect(throws: DeepLinkError.self) {
            try DeepLinkTable<SurfRoute>(schemes: ["treblesurf"], rules: [DeepLinkRule(pattern) { _ in [.spots] }])
        }
        #expect(error?.code == .invalidPattern)
        #expect(error?.link == pattern)
    }

    @Test func firstMatchingRuleWins() throws {
        let table = try DeepLinkTable<SurfRoute>(
            schemes: ["treblesurf"],
            rules: [
                DeepLinkRule("/spots/map") { _ in [.map] },
                DeepLinkRule("/spots/:id") { link in [.spot(id: try link.value("id"))] },
            ])
        #expect(try table.resolve("treblesurf://spots/map") == [.push(.map)])
        #expect(try table.resolve("treblesurf://spots/uluwatu") == [.push(.spot(id: "uluwatu"))])
    }
}
