import Foundation
import SeamArchitecture

extension NetworkError: AppErrorConvertible {
    /// This failure as the user sees it, built on `AppError`'s own mappings of HTTP statuses,
    /// `URLError`s and `DecodingError`s; `AppError/diagnostic` is ``description`` (method, redacted
    /// URL, status and body excerpt or decoding key path), `AppError/underlying` is this error.
    ///
    /// | failure | code | message |
    /// |---|---|---|
    /// | no connection | `offline` | You're offline. |
    /// | deadline, timeout | `timeout` | The server took too long to respond. |
    /// | cancelled | `cancelled` | (not shown) |
    /// | refused, host not found | `serverUnreachable` | The server can't be reached right now. |
    /// | TLS | `insecureConnection` | A secure connection to the server couldn't be made. |
    /// | 401, refresh failed | `unauthorized` | You need to sign in. |
    /// | 429 | `rateLimited` | Too many requests right now. |
    /// | 5xx, dropped, truncated or garbled response, not HTTP | `badServerResponse` (retryable) | The server had a problem. / sent an unexpected response. |
    /// | redirect loop, body over the size limit | `badServerResponse` (not retryable) | The server sent an unexpected response. |
    /// | undecodable body | `decoding` | The data received couldn't be read. |
    public var appError: AppError {
        var error = baseAppError
        error.diagnostic = description
        error.underlying = self
        return error
    }

    private var baseAppError: AppError {
        switch code {
        case .status:
            let status = response?.status.code ?? 500
            return AppError(httpStatus: status)
                ?? AppError(
                    .badServerResponse, message: "The server sent an unexpected response.",
                    recoverySuggestion: "Please try again later.", isRetryable: true
                )
        case .decoding:
            if let decodingError = underlying as? DecodingError { return AppError(decodingError: decodingError) }
            return AppError(
                .decoding, message: "The data received couldn't be read.",
                recoverySuggestion: "Please try again later, or update the app.", isRetryable: false
            )
        case .transport:
            return Self.transportAppError(underlying)
        case .deadlineExceeded:
            return AppError(urlError: URLError(.timedOut))
        case .cancelled:
            return AppError(urlError: URLError(.cancelled))
        case .invalidURL, .encoding:
            return AppError(urlError: URLError(.badURL))
        case .responseTooLarge:
            // The same answer would come again: not worth retrying.
            return AppError(
                .badServerResponse, message: "The server sent an unexpected response.",
                recoverySuggestion: "Please try again later.", isRetryable: false
            )
        default:
            // A refresh that failed because the device is offline (or the refresh server is down)
            // says so; any other failure means the session cannot be renewed.
            let refresh = underlying.map { AppError($0) }
            if let refresh, Self.connectivityCodes.contains(refresh.code) { return refresh }
            return AppError(
                .unauthorized, message: "You need to sign in.", recoverySuggestion: "Sign in and try again.",
                isRetryable: false)
        }
    }

    private static let connectivityCodes: Set<AppError.Code> = [.offline, .timeout, .serverUnreachable, .cancelled]

    private static func transportAppError(_ underlying: (any Error)?) -> AppError {
        guard let underlying else { return AppError(urlError: URLError(.unknown)) }
        if let urlError = underlying as? URLError {
            switch urlError.code {
            case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
                // A connection that broke after it was established, or a response cut short or
                // garbled: the server side failed, the device is not offline.
                return AppError(
                    .badServerResponse, message: "The server sent an unexpected response.",
                    recoverySuggestion: "Please try again later.", isRetryable: true
                )
            case .httpTooManyRedirects, .redirectToNonExistentLocation:
                // A redirect loop (or a redirect nowhere) is the server's configuration: the next
                // attempt loops the same way, so it is not retryable.
                return AppError(
                    .badServerResponse, message: "The server sent an unexpected response.",
                    recoverySuggestion: "Please try again later.", isRetryable: false
                )
            default:
                return AppError(urlError: urlError)
            }
        }
        return AppError(underlying)
    }
}

extension AppError {
    /// The request, response and body behind this error, when ``NetworkClient`` threw it.
    public var networkError: NetworkError? { underlying as? NetworkError }
}
