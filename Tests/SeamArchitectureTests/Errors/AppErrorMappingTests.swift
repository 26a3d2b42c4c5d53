import Foundation
import Testing
import SeamArchitecture

@Suite("Mapping URLError, DecodingError and HTTP statuses")
struct AppErrorMappingTests {
    struct URLCase: Sendable, CustomTestStringConvertible {
        let code: URLError.Code
        let expected: AppError.Code
        let retryable: Bool
        var testDescription: String { "URLError \(code.rawValue) → \(expected)" }
    }

    static let urlCases: [URLCase] = [
        URLCase(code: .notConnectedToInternet, expected: .offline, retryable: true),
        URLCase(code: .networkConnectionLost, expected: .offline, retryable: true),
        URLCase(code: .dataNotAllowed, expected: .offline, retryable: true),
        URLCase(code: .timedOut, expected: .timeout, retryable: true),
        URLCase(code: .cancelled, expected: .cancelled, retryable: false),
        URLCase(code: .cannotFindHost, expected: .serverUnreachable, retryable: true),
        URLCase(code: .cannotConnectToHost, expected: .serverUnreachable, retryable: true),
        URLCase(code: .serverCertificateUntrusted, expected: .insecureConnection, retryable: false),
        URLCase(code: .badServerResponse, expected: .badServerResponse, retryable: true),
        URLCase(code: .cannotParseResponse, expected: .badServerResponse, retryable: true),
        URLCase(code: .userAuthenticationRequired, expected: .unauthorized, retryable: false),
        URLCase(code: .badURL, expected: .invalidRequest, retryable: false),
        URLCase(code: .httpTooManyRedirects, expected: .network, retryable: true),
    ]

    @Test(arguments: urlCases)
    func urlErrors(_ testCase: URLCase) {
        let urlError = URLError(testCase.code)
        let error = AppError(urlError)
        #expect(error.code == testCase.expected)
        #expect(error.isRetryable == testCase.retryable)
        #expect((error.underlying as? URLError)?.code == testCase.code)
        #expect(!error.message.isEmpty)
    }

    @Test func urlErrorDiagnosticNamesTheFailingURL() throws {
        let url = try #require(URL(string: "https://api.treblesurf.app/spots/pipeline/forecast"))
        let error = AppError(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        #expect(error.diagnostic == "URLError -1001 https://api.treblesurf.app/spots/pipeline/forecast")
        #expect(!error.message.contains("api.treblesurf.app"))
    }

    struct Forecast: Decodable {
        struct Hour: Decodable {
            struct Swell: Decodable { let height: Double }
            let swell: Swell
        }
        let spotID: String
        let hours: [Hour]
    }

    private func decodingFailure(_ json: String) throws -> AppError {
        do {
            _ = try JSONDecoder().decode(Forecast.self, from: Data(json.utf8))
        } catch {
            return AppError(error)
        }
        Issue.record("decoding \(json) succeeded")
        return AppError(.unknown, message: "", isRetryable: false)
    }

    @Test func missingKeyNamesTheKeyPath() throws {
        let error = try decodingFailure(#"{"spotID":"pipeline","hours":[{"swell":{"height":1.2}},{"swell":{}}]}"#)
        #expect(error.code == .decoding)
        #expect(error.diagnostic?.hasPrefix("keyNotFound at hours[1].swell.height") == true)
        #expect(error.message == "The data received couldn't be read.")
        #expect(!error.isRetryable)
        #expect(error.underlying is DecodingError)
    }

    @Test func typeMismatchNamesTheTypeAndKeyPath() throws {
        let error = try decodingFailure(#"{"spotID":"pipeline","hours":[{"swell":{"height":"big"}}]}"#)
        #expect(error.diagnostic?.hasPrefix("typeMismatch (expected Double) at hours[0].swell.height") == true)
    }

    @Test func nullValueNamesTheKeyPath() throws {
        let error = try decodingFailure(#"{"spotID":null,"hours":[]}"#)
        #expect(error.diagnostic?.hasPrefix("valueNotFound (expected String) at spotID") == true)
    }

    @Test func corruptedDataAtTheRoot() throws {
        let error = try decodingFailure("{not json")
        #expect(error.diagnostic?.hasPrefix("dataCorrupted at <root>") == true)
    }

    @Test(arguments: [
        (401, AppError.Code.unauthorized, false), (403, .forbidden, false), (404, .notFound, false),
        (408, .timeout, true), (429, .rateLimited, true), (503, .badServerResponse, true),
        (418, .invalidRequest, false),
    ])
    func httpStatuses(status: Int, expected: AppError.Code, retryable: Bool) throws {
        let error = try #require(AppError(httpStatus: status, url: URL(string: "https://api.treblesurf.app/spots")))
        #expect(error.code == expected)
        #expect(error.isRetryable == retryable)
        #expect(error.diagnostic == "HTTP \(status) https://api.treblesurf.app/spots")
    }

    @Test func successfulStatusesAreNotErrors() {
        #expect(AppError(httpStatus: 200) == nil)
        #expect(AppError(httpStatus: 204) == nil)
    }
}
