import Foundation

extension AppError {
    /// Converts any error: an `AppError` is kept, an ``AppErrorConvertible`` converts itself,
    /// `CancellationError`, `URLError` and `DecodingError` are mapped, anything else becomes
    /// ``Code/unknown``. The original error is kept in ``underlying``.
    public init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self = error
        case let error as any AppErrorConvertible:
            self = error.appError
        case is CancellationError:
            self = AppError(.cancelled, message: "The operation was cancelled.", isRetryable: false, underlying: error)
        case let error as URLError:
            self = AppError(urlError: error)
        case let error as DecodingError:
            self = AppError(decodingError: error)
        default:
            self = AppError(
                .unknown, message: "Something went wrong.",
                recoverySuggestion: "Please try again.", isRetryable: false,
                diagnostic: PlainErrorText.describe(error), underlying: error
            )
        }
    }

    /// Maps a `URLError` by its code: offline, timeout, cancelled, unreachable server, insecure
    /// connection, bad server response, invalid request; the failing URL goes to ``diagnostic``.
    public init(urlError: URLError) {
        let url = urlError.failingURL.map { " \($0.absoluteString)" } ?? ""
        let diagnostic = "URLError \(urlError.code.rawValue)\(url)"
        func make(_ code: Code, _ message: String, _ suggestion: String?, retryable: Bool) -> AppError {
            AppError(
                code, message: message, recoverySuggestion: suggestion, isRetryable: retryable,
                diagnostic: diagnostic, underlying: urlError
            )
        }
        switch urlError.code {
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff,
            .callIsActive:
            self = make(.offline, "You're offline.", "Check your internet connection and try again.", retryable: true)
        case .timedOut:
            self = make(.timeout, "The server took too long to respond.", "Please try again.", retryable: true)
        case .cancelled, .userCancelledAuthentication:
            self = make(.cancelled, "The request was cancelled.", nil, retryable: false)
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .resourceUnavailable:
            self = make(
                .serverUnreachable, "The server can't be reached right now.", "Please try again later.",
                retryable: true
            )
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            self = make(
                .insecureConnection, "A secure connection to the server couldn't be made.",
                "Check that your network doesn't intercept traffic, then try again.", retryable: false
            )
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .zeroByteResource:
            self = make(
                .badServerResponse, "The server sent an unexpected response.", "Please try again later.",
                retryable: true
            )
        case .userAuthenticationRequired:
            self = make(.unauthorized, "You need to sign in.", "Sign in and try again.", retryable: false)
        case .badURL, .unsupportedURL, .fileDoesNotExist, .noPermissionsToReadFile, .dataLengthExceedsMaximum,
            .requestBodyStreamExhausted:
            self = make(
                .invalidRequest, "The request couldn't be made.", "Please update the app or contact support.",
                retryable: false
            )
        default:
            self = make(.network, "A network error occurred.", "Please try again.", retryable: true)
        }
    }

    /// Maps a `DecodingError`; ``diagnostic`` names the failure and the coding key path
    /// (`keyNotFound at hours[3].swell.height`), the user sees a generic message.
    public init(decodingError: DecodingError) {
        let diagnostic: String
        switch decodingError {
        case .keyNotFound(let key, let context):
            diagnostic = "keyNotFound at \(Self.keyPath(context.codingPath + [key])): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            diagnostic =
                "valueNotFound (expected \(type)) at \(Self.keyPath(context.codingPath)): "
                + context.debugDescription
        case .typeMismatch(let type, let context):
            diagnostic =
                "typeMismatch (expected \(type)) at \(Self.keyPath(context.codingPath)): "
                + context.debugDescription
        case .dataCorrupted(let context):
            diagnostic = "dataCorrupted at \(Self.keyPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            diagnostic = String(describing: decodingError)
        }
        self.init(
            .decoding, message: "The data received couldn't be read.",
            recoverySuggestion: "Please try again later, or update the app.", isRetryable: false,
            diagnostic: diagnostic, underlying: decodingError
        )
    }

    /// Maps an unsuccessful HTTP status (anything outside 200–299); `nil` for a success.
    public init?(httpStatus status: Int, url: URL? = nil) {
        guard !(200..<300).contains(status) else { return nil }
        let diagnostic = "HTTP \(status)" + (url.map { " \($0.absoluteString)" } ?? "")
        let (code, message, suggestion, retryable): (Code, String, String?, Bool) =
            switch status {
            case 401: (.unauthorized, "You need to sign in.", "Sign in and try again.", false)
            case 403: (.forbidden, "You don't have access to this.", nil, false)
            case 404, 410: (.notFound, "This item no longer exists.", nil, false)
            case 408: (.timeout, "The server took too long to respond.", "Please try again.", true)
            case 429: (.rateLimited, "Too many requests right now.", "Wait a moment, then try again.", true)
            case 500..<600: (.badServerResponse, "The server had a problem.", "Please try again later.", true)
            default: (.invalidRequest, "The request couldn't be completed.", "Please try again later.", false)
            }
        self.init(
            code, message: message, recoverySuggestion: suggestion, isRetryable: retryable, diagnostic: diagnostic
        )
    }

    /// `hours[3].swell.height`, or `<root>` for an empty path.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var result = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                result += "[\(index)]"
            } else {
                result += (result.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return result.isEmpty ? "<root>" : result
    }
}
