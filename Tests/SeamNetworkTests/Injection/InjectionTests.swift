import Foundation
import HTTPTypes
import Seam
import SeamArchitecture
import SeamNetwork
import SeamTesting
import Testing

private enum SurfAPIKey: NetworkClientDependencyKey {
    static func configuration(_ r: borrowing Resolver) throws -> NetworkConfiguration {
        NetworkConfiguration(baseURL: URL(string: "https://api.treblesurf.example/v2/")!, retryPolicy: .fast)
    }
}

@Suite("Injection through Seam")
struct InjectionTests {
    @Test(
        "live: one URLSessionTransport per container; the app's client key builds a NetworkClient with its configuration"
    )
    func live() throws {
        // An explicit live context: in a test process a container without one resolves test values.
        let container = Container(name: "TrebleSurf", context: .live) {
            HTTPTransportKey.self
            SurfAPIKey.self
        }
        let transport = try container.resolve(HTTPTransportKey.self)
        #expect(transport is URLSessionTransport)
        #expect(try container.resolve(HTTPTransportKey.self) as AnyObject === transport as AnyObject)
        let client = try container.resolve(SurfAPIKey.self)
        #expect(client.configuration.baseURL.absoluteString == "https://api.treblesurf.example/v2/")
        #expect(client.transport as AnyObject === transport as AnyObject)
    }

    @Test("in a test scope, the transport is a RecordingTransport, and the real client is built over it")
    func testScope() async throws {
        let container = Container()
        try await withTestDependencies {
            let transport = try #require(try container.resolve(HTTPTransportKey.self) as? RecordingTransport)
            transport.stub(.get, "spots", json: [Spot(id: "lahinch", name: "Lahinch")])
            let client = try container.resolve(SurfAPIKey.self)
            #expect(client.transport as AnyObject === transport)
            #expect(try await client.send(Endpoint<[Spot]>.get("spots")).map(\.id) == ["lahinch"])
            #expect(transport.requests.map(\.path) == ["/v2/spots"])
        }
    }

    @Test(
        .seamDependencies {
            $0[HTTPTransportKey.self] = RecordingTransport()
                .stub(.get, "spots", status: .serviceUnavailable)
                .stub(.get, "spots", json: [Spot(id: "bundoran", name: "Bundoran")])
        })
    func overriddenTransport() async throws {
        let client = try Container().resolve(SurfAPIKey.self)
        let response = try await client.response(for: Endpoint<[Spot]>.get("spots"))
        #expect(response.value.map(\.id) == ["bundoran"] && response.attempts == 2)  // the retry ran against the stubs
    }

    @Test("a request no stub matches is reported as a test issue and fails with invalidRequest")
    func unstubbed() async throws {
        let container = Container()
        try await withTestDependencies {
            let client = try container.resolve(SurfAPIKey.self)
            await withKnownIssue {
                let error = await appError { try await client.send(Endpoint<[Spot]>.get("forecasts")) }
                #expect(error?.code == .invalidRequest)
                #expect(error?.diagnostic?.contains("RecordingTransport has no stub for GET /v2/forecasts") == true)
            } matching: { issue in
                issue.description.contains("RecordingTransport has no stub for GET /v2/forecasts")
            }
        }
    }
}
