import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation
import SeamLocking

/// The live ``HTTPTransport``: a `URLSession` data task per request, cancelled (its connection
/// closed) when the calling task is cancelled. Works on Apple platforms and on Linux
/// (FoundationNetworking).
///
/// ```swift
/// let transport = URLSessionTransport()                       // ephemeral session, no URLCache
/// let client = NetworkClient(configuration: NetworkConfiguration(baseURL: api), transport: transport)
/// ```
///
/// Redirects are followed: a `307` or `308` resends the method and the body (FoundationNetworking
/// drops the body on its own), and a redirect to another origin (scheme, host or port) does not carry
/// `Authorization`, `Proxy-Authorization` or `Cookie` along. Caching is ``NetworkClient``'s job
/// (``HTTPResponseCache``), so the default session has no `URLCache`: a `304` reaches the client
/// instead of being replaced. On Linux, libcurl failures that FoundationNetworking reports as
/// `URLError(.unknown)` are given the code Apple platforms report: `.secureConnectionFailed` for a TLS
/// failure, `.networkConnectionLost` for a response cut short.
public final class URLSessionTransport: HTTPTransport, DeadlineAware {
    private let session: URLSession
    private let ownsSession: Bool
    /// The session's delegate when the transport made the session: it hands each task's body to the
    /// ``BodyCollector`` of its request.
    private let policy: RedirectPolicy?

    /// A transport over a new session made with `configuration`
    /// (``defaultConfiguration`` by default), invalidated when the transport goes away.
    ///
    /// Its response bodies are collected as they arrive, so ``NetworkConfiguration/maximumResponseBodySize``
    /// and the deadline end a request as soon as they are passed, whatever the server still sends.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration) {
        let policy = RedirectPolicy()
        session = URLSession(configuration: configuration, delegate: policy, delegateQueue: nil)
        ownsSession = true
        self.policy = policy
    }

    /// A transport over an existing session (which the caller keeps and invalidates); redirects follow
    /// that session's delegate. The body size limit is enforced as the body is counted, but on Linux the
    /// session itself keeps the whole body in memory until it is cancelled; prefer
    /// ``init(configuration:)`` for servers you do not trust.
    public init(session: URLSession) {
        self.session = session
        ownsSession = false
        policy = nil
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// An ephemeral configuration without `URLCache` or cookie storage of its own: responses are
    /// cached by ``HTTPResponseCache`` where the server allows it, and cookies are the app's choice.
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// Sends `request` as a data task; cancelling the calling task cancels the data task.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard var urlRequest = URLRequest(httpRequest: request) else { throw URLError(.badURL) }
        urlRequest.httpBody = body
        var redirects = 0
        while true {
            let (response, data, url) = try await dataTask(urlRequest)
            // FoundationNetworking follows a 307 or 308 without the body; RedirectPolicy hands those
            // back here to be followed with it.
            guard RedirectPolicy.resendsBodyItself, urlRequest.httpBody != nil,
                [307, 308].contains(response.status.code),
                let location = response.headerFields[.location], let target = URL(string: location, relativeTo: url)
            else { return (response, data) }
            redirects += 1
            guard redirects <= RedirectPolicy.maximumRedirects else { throw URLError(.httpTooManyRedirects) }
            urlRequest = RedirectPolicy.redirect(
                urlRequest, to: target.absoluteURL, status: response.status.code, from: url)
        }
    }

    /// Runs one data task, returning the response, its body and the URL it came from.
    ///
    /// The task is `URLSession.data(for:)` in a task of its own, which the deadline or the caller's
    /// cancellation cancels: on Linux a completion handler costs a hop through the session's delegate queue
    /// (about 4% of a small GET on loopback) that `data(for:)` does not make.
    private func dataTask(_ urlRequest: URLRequest) async throws -> (HTTPResponse, Data, URL?) {
        guard let policy else { return try await sessionDataTask(urlRequest) }
        let limit = ResponseBodyLimit.current ?? Int.max
        let task = session.dataTask(with: urlRequest)
        let collector = BodyCollector(limit: limit, task: task)
        policy.register(collector, for: task.taskIdentifier)
        let deadline = RequestDeadline.current
        let registration = deadline?.onExpiry { collector.fail(URLError(.cancelled)) }
        defer { if let registration { deadline?.remove(registration) } }
        let (response, data): (URLResponse, Data)
        do {
            (response, data) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    collector.start(continuation)
                    task.resume()
                }
            } onCancel: {
                collector.fail(CancellationError())
            }
        } catch let error as ResponseBodyTooLarge {
            throw error
        } catch {
            throw Self.normalized(error, url: urlRequest.url)
        }
        guard let http = response as? HTTPURLResponse, let converted = http.httpResponse else {
            throw URLError(.badServerResponse)
        }
        return (converted, data, http.url ?? urlRequest.url)
    }

    /// ``dataTask(_:)`` on a session the transport did not make (its delegate is the caller's).
    private func sessionDataTask(_ urlRequest: URLRequest) async throws -> (HTTPResponse, Data, URL?) {
        let session = self.session
        // The body is counted as it arrives (decompressed) and the task cancelled past the limit,
        // instead of being measured once it is all in memory.
        let limiter = BodyLimiter(
            limit: ResponseBodyLimit.current ?? Int.max,
            sessionDelegate: session.delegate as? any URLSessionTaskDelegate
        )
        let task = Task { try await session.data(for: urlRequest, delegate: limiter) }
        let deadline = RequestDeadline.current
        let registration = deadline?.onExpiry { task.cancel() }
        defer { if let registration { deadline?.remove(registration) } }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            if limiter.exceeded, let limit = ResponseBodyLimit.current { throw ResponseBodyTooLarge(limit: limit) }
            throw Self.normalized(error, url: urlRequest.url)
        }
        if limiter.exceeded || data.count > ResponseBodyLimit.current ?? Int.max {
            throw ResponseBodyTooLarge(limit: ResponseBodyLimit.current ?? Int.max)
        }
        guard let http = response as? HTTPURLResponse, let converted = http.httpResponse else {
            throw URLError(.badServerResponse)
        }
        return (converted, data, http.url ?? urlRequest.url)
    }
}

extension URLSessionTransport {
    /// `error` with the code Apple platforms would report, where FoundationNetworking reports
    /// `URLError(.unknown)` with libcurl's message.
    ///
    /// A reply that is not HTTP (a garbled status line, another protocol on the port) is
    /// `.cannotParseResponse` on every platform: libcurl reports it as an unsupported protocol, which
    /// FoundationNetworking turns into `.unsupportedURL` although the URL (`url`, http or https) was fine.
    static func normalized(_ error: any Error, url: URL? = nil) -> any Error {
        guard let urlError = error as? URLError else { return error }
        if urlError.code == .unsupportedURL, let scheme = url?.scheme?.lowercased(), ["http", "https"].contains(scheme)
        {
            return URLError(.cannotParseResponse, userInfo: urlError.userInfo)
        }
        #if canImport(FoundationNetworking)
        guard urlError.code == .unknown else { return error }
        let message = urlError.localizedDescription.lowercased()
        let code: URLError.Code
        if [
            "weird server reply", "unsupported http", "http/0.9", "invalid status line", "invalid response header",
            "header without colon",
        ].contains(where: message.contains) {
            code = .cannotParseResponse
        } else if ["ssl", "tls", "certificate"].contains(where: message.contains) {
            code = .secureConnectionFailed
        } else if ["transfer closed", "recv failure", "connection reset", "empty reply", "partial file"]
            .contains(where: message.contains)
        {
            code = .networkConnectionLost
        } else {
            return error
        }
        return URLError(code, userInfo: urlError.userInfo)
        #else
        return error
        #endif
    }
}

/// The delegate of a session ``URLSessionTransport`` made: hands each task's response and body to
/// the ``BodyCollector`` registered for it, and follows redirects the way HTTP says: `307` and `308`
/// keep the method and body; credentials stay with their origin.
private final class RedirectPolicy: NSObject, URLSessionDataDelegate, Sendable {
    /// The most redirects followed for one request.
    static let maximumRedirects = 16

    private let collectors = Locked<[Int: BodyCollector]>([:])

    /// Sends the body and completion of the task `identifier` to `collector`.
    func register(_ collector: BodyCollector, for identifier: Int) {
        collectors.withLock { $0[identifier] = collector }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        collectors.withLock { $0[dataTask.taskIdentifier] }?.append(data)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // A refused response is cancelled by its collector; the session is told to go on meanwhile.
        _ = collectors.withLock { $0[dataTask.taskIdentifier] }?.accepts(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let collector = collectors.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        collector?.complete(response: task.response, error: error)
    }

    /// Whether the session loses the body of a `307`/`308` redirect, so the transport resends it.
    static var resendsBodyItself: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let original = task.originalRequest, let target = request.url else { return completionHandler(request) }
        if Self.resendsBodyItself, [307, 308].contains(response.statusCode), original.httpBody != nil {
            return completionHandler(nil)  // the task ends with this response; the transport follows it
        }
        var redirected = Self.redirect(original, to: target, status: response.statusCode, from: response.url)
        redirected.httpMethod = request.httpMethod
        redirected.httpBody = request.httpBody
        completionHandler(redirected)
    }

    /// `request` sent to `target` after a redirect with `status` from `source`: the method and body
    /// kept for `307`/`308`; `Authorization`, `Proxy-Authorization` and `Cookie` removed when the origin changes.
    static func redirect(_ request: URLRequest, to target: URL, status: Int, from source: URL?) -> URLRequest {
        var redirected = request
        redirected.url = target
        if ![307, 308].contains(status) {
            redirected.httpMethod = request.httpMethod == "HEAD" ? "HEAD" : "GET"
            redirected.httpBody = nil
            redirected.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        if let source, !sameOrigin(source, target) {
            for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                redirected.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return redirected
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && (a.port ?? defaultPort(a)) == (b.port ?? defaultPort(b))
    }

    private static func defaultPort(_ url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
