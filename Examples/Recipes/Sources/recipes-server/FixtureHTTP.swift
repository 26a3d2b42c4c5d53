import FlyingFox
import Foundation
import RecipesFixtures

/// FlyingFox's side of the ``FixtureRouter``: a request in, the router's answer out, after the
/// configured delay, logged on standard error.
enum FixtureHTTP {
    static func respond(to request: HTTPRequest, router: FixtureRouter, delay: Duration) async throws -> HTTPResponse {
        if delay > .zero { try await Task.sleep(for: delay) }
        var query: [String: String] = [:]
        for item in request.query where query[item.name] == nil { query[item.name] = item.value }
        let answer = router.respond(method: request.method.rawValue, path: request.path, query: query)
        let target = request.query.isEmpty
            ? request.path
            : request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        StandardStreams.log("\(request.method.rawValue) \(target) → \(answer.status)")
        return HTTPResponse(
            statusCode: HTTPStatusCode(answer.status, phrase: phrase(answer.status)),
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
