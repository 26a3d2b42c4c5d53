// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamTesting/SeamTesting.docc/GettingStarted.md, compiled and run: each block is here
// verbatim, inside a namespace (DocCCatalogTests checks every line is here).
import Seam
import SeamTesting
import Testing

enum SeamTestingArticle {
    protocol WeatherAPI: Sendable {
        func temperature(in city: String) async throws -> Double
    }
    struct LiveWeatherAPI: WeatherAPI {
        func temperature(in city: String) async throws -> Double { 18 }
    }
    struct StubWeatherAPI: WeatherAPI {
        var degrees = 21.0
        func temperature(in city: String) async throws -> Double { degrees }
    }

    enum WeatherAPIKey: DependencyKey {
        static var testValue: (any WeatherAPI)? { StubWeatherAPI() }       // every test's default
        static func live(_ r: borrowing Resolver) -> any WeatherAPI { LiveWeatherAPI() }
    }

    struct AppDependencies {
        let container = Container(name: "Weather")
        func forecastLine(for city: String) async throws -> String {
            "\(city): \(try await container[WeatherAPIKey.self].temperature(in: city))°"
        }
    }

    @Suite(.seamDependencies)
    struct ForecastTests {
        @Test func usesTheTestValue() async throws {
            #expect(try await AppDependencies().forecastLine(for: "Lisbon") == "Lisbon: 21.0°")
        }

        @Test(.seamDependencies { $0[WeatherAPIKey.self] = StubWeatherAPI(degrees: 30) })
        func usesItsOwnOverride() async throws {
            #expect(try await AppDependencies().forecastLine(for: "Seville") == "Seville: 30.0°")
        }
    }

    struct UnreachableWeatherAPI: WeatherAPI {
        func temperature(in city: String) async throws -> Double { unimplemented("WeatherAPI.temperature", placeholder: 0) }
    }

    @Suite("Article: Getting started with SeamTesting")
    struct Tests {
        @Test func aColdDay() async throws {
            let line = try await withTestDependencies({ $0[WeatherAPIKey.self] = StubWeatherAPI(degrees: -3) }) {
                try await AppDependencies().forecastLine(for: "Oslo")
            }
            #expect(line == "Oslo: -3.0°")
        }

        @Test("live, the app's container builds the live value")
        func live() async throws {
            let line = try await withOverrides(context: .live) { try await AppDependencies().forecastLine(for: "Porto") }
            #expect(line == "Porto: 18.0°")
        }

        @Test("an unimplemented member records an issue and returns the placeholder")
        func unreachable() async throws {
            await withKnownIssue {
                let degrees = try await UnreachableWeatherAPI().temperature(in: "Oslo")
                #expect(degrees == 0)
            }
        }
    }
}
