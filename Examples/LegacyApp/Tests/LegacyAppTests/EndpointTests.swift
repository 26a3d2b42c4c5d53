import Foundation
import Testing
@testable import LegacyApp

@Suite("API endpoints")
struct EndpointTests {
    @Test func forecastQueriesNameTheSpot() {
        let endpoint = Endpoint.forecast(country: "IE", region: "Clare", spot: "Lahinch")
        #expect(endpoint.path == "/api/forecast")
        #expect(endpoint.queryItems.map { "\($0.name)=\($0.value ?? "-")" }.joined(separator: "&")
            == "country=IE&region=Clare&spot=Lahinch")
    }

    @Test func buoysAreJoinedWithCommas() {
        let endpoint = Endpoint.buoys(names: ["Belmullet", "Brandon"])
        #expect(endpoint.queryItems.first?.value == "Belmullet,Brandon")
    }

    @Test func sessionValidationHasNoQuery() {
        #expect(Endpoint.session.queryItems.isEmpty)
        #expect(Endpoint.session.path == "/api/auth/validate")
    }
}
