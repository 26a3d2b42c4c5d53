import FlyingFox
import Foundation
import RecipesFixtures

/// Answers every request with the ``FixtureRouter``, after the configured delay, and logs it.
struct FixtureHandler: HTTPHandler {
    let router: FixtureRouter
    let delay: Duration

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if delay > .zero { try await Task.sleep(for: delay) }
        var query: [String: String] = [:]
        for item in request.query where query[item.name] == nil { query[item.name] = item.value }
        let answer = router.respond(method: request.method.rawValue, path: request.path, query: query)
        let target = request.query.isEmpty
            ? request.path
            : request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        StandardStreams.log("\(request.method.rawValue) \(target) → \(answer.status)")
        return HTTPResponse(
            statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
            headers: [.contentType: answer.contentType],
            body: request.method == .HEAD ? Data() : answer.body
        )
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        default: "Internal Server Error"
        }
    }
}
