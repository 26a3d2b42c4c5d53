import Foundation
import HTTPTypes
import SeamArchitecture
import SeamNetwork
import SeamTesting
import Testing

@Suite("RecordingTransport", .seamDependencies)  // so an unstubbed request is recorded as an issue
struct RecordingTransportTests {
    private let client = { (transport: RecordingTransport) in
        NetworkClient.testing(
            URL(string: "https://www.themealdb.com/api/json/v1/1")!, retryPolicy: .none, transport: transport)
    }

    @Test("stubs for one route answer in order, the last one repeats; other routes keep their own")
    func order() async throws {
        let transport = RecordingTransport()
            .stub(.get, "lookup.php", status: .notFound)
            .stub(.get, "lookup.php", json: Spot(id: "52768", name: "Apple Frangipan Tart"))
            .stub(.get, "categories.php", json: [Spot(id: "1", name: "Beef")])
        let client = client(transport)
        #expect(await appError { try await client.send(Endpoint<Spot>.get("lookup.php")) }?.code == .notFound)
        #expect(try await client.send(Endpoint<Spot>.get("lookup.php")).id == "52768")
        #expect(try await client.send(Endpoint<Spot>.get("lookup.php")).id == "52768")
        #expect(try await client.send(Endpoint<[Spot]>.get("categories.php")).count == 1)
    }

    @Test("records method, path, query, headers and body of every request")
    func records() async throws {
        let transport = RecordingTransport().stub(.post, "favourites", status: .created, body: Data("{}".utf8))
        try await client(transport).send(
            Endpoint<Void>.post("favourites", body: ["mealID": "52768"], query: ["user": "u1"]))
        let request = try #require(transport.requests.first)
        #expect(request.method == .post && request.path == "/api/json/v1/1/favourites")
        #expect(request.query == [URLQueryItem(name: "user", value: "u1")])
        #expect(request.headerFields[.contentType] == "application/json")
        #expect(request.body == Data(#"{"mealID":"52768"}"#.utf8))
    }

    @Test("a path with a leading slash must match the whole path; without one it matches the end")
    func matching() async throws {
        let transport = RecordingTransport()
            .stub(.get, "/api/json/v1/1/a", json: Spot(id: "whole", name: ""))
            .stub(.get, "b", json: Spot(id: "suffix", name: ""))
            .stub(.get, "/b", json: Spot(id: "wrong", name: ""))
        let client = client(transport)
        #expect(try await client.send(Endpoint<Spot>.get("a")).id == "whole")
        #expect(try await client.send(Endpoint<Spot>.get("b")).id == "suffix")
        await withKnownIssue {
            _ = await appError { try await client.send(Endpoint<Spot>.get("xb")) }  // "b" is not a path suffix of "/xb"
        } matching: {
            $0.description.contains("no stub for GET /api/json/v1/1/xb")
        }
    }

    @Test("a stubbed error is thrown as the transport's: offline")
    func stubbedError() async throws {
        let transport = RecordingTransport().stub(.get, "spots", error: URLError(.notConnectedToInternet))
        #expect(await appError { try await client(transport).send(Endpoint<[Spot]>.get("spots")) }?.code == .offline)
    }

    @Test("a stubbed value that does not encode fails that request, not the test process")
    func unencodable() async throws {
        let transport = RecordingTransport().stub(.get, "n", json: [Double.infinity])
        let error = await appError { try await client(transport).send(Endpoint<[Double]>.get("n")) }
        #expect(error?.code == .unknown && error?.diagnostic?.contains("EncodingError.invalidValue: inf") == true)
    }
}
