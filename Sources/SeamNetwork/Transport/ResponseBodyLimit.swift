import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation
import SeamLocking

/// The largest response body the request running in this task accepts, for the transports that
/// stop reading when it is passed (``URLSessionTransport`` does; ``NetworkClient`` sets it from
/// ``NetworkConfiguration/maximumResponseBodySize`` and checks every other transport's result).
enum ResponseBodyLimit {
    /// The limit of the request this task runs, in bytes (decompressed), if the client set one.
    @TaskLocal static var current: Int?
}

/// The marker a transport throws when a response body grows past ``ResponseBodyLimit/current``
/// (declared by `Content-Length` or counted while it streams in, decompressed).
struct ResponseBodyTooLarge: Error, Sendable {
    /// The limit that was passed, in bytes.
    let limit: Int
}

/// Collects one data task's body for ``URLSessionTransport``, counting the bytes as they arrive
/// (after `Content-Encoding` decompression) and cancelling the task as soon as they pass the limit.
/// Redirect decisions are forwarded to the session's delegate, which would make them without it.
final class BodyLimiter: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var received = 0
        var exceeded = false
    }

    private let limit: Int
    private let state = Locked(State())
    private let forward: (any URLSessionTaskDelegate)?

    /// A limiter for `limit` bytes; redirects go to `sessionDelegate`.
    init(limit: Int, sessionDelegate: (any URLSessionTaskDelegate)?) {
        self.limit = limit
        forward = sessionDelegate
    }

    /// Whether the body passed the limit (the task was cancelled for it).
    var exceeded: Bool { state.withLock { $0.exceeded } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = state.withLock { state -> Bool in
            guard !state.exceeded else { return false }
            state.received += data.count
            if state.received > limit { state.exceeded = true }
            return state.exceeded
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, let fields = http.httpResponse?.headerFields,
            let declared = HeaderValues.contentLength(fields), declared > Int64(limit)
        {
            state.withLock { $0.exceeded = true }
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let forward else { return completionHandler(request) }
        #if canImport(FoundationNetworking)
        forward.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: request,
            completionHandler: completionHandler
        )
        #else
        forward.urlSession?(
            session, task: task, willPerformHTTPRedirection: response, newRequest: request,
            completionHandler: completionHandler
        ) ?? completionHandler(request)
        #endif
    }
}

/// One request's body for ``URLSessionTransport``, as the session's delegate hands it over: counted as
/// it arrives (after `Content-Encoding` decompression), and the request ended the moment the count
/// passes the limit, the deadline passes or the caller is cancelled, without waiting for the session:
/// libcurl may still be inflating what is already in the socket's buffer, and that is dropped as it
/// comes instead of being kept.
final class BodyCollector: Sendable {
    typealias Continuation = CheckedContinuation<(URLResponse, Data), any Error>

    private struct State {
        var continuation: Continuation?
        var body = Data()
        var finished = false
        /// Why the request ended before ``start(_:)`` was called.
        var failure: (any Error)?
    }

    private let limit: Int
    private let task: URLSessionTask
    private let state = Locked(State())

    /// A collector for `task`'s body, at most `limit` bytes.
    init(limit: Int, task: URLSessionTask) {
        self.limit = limit
        self.task = task
    }

    /// Sets the continuation the outcome resumes (at once when the request already ended).
    func start(_ continuation: Continuation) {
        let early = state.withLock { state -> (any Error)? in
            if state.finished { return state.failure ?? CancellationError() }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(throwing: early) }
    }

    /// Whether the response head is acceptable: a `Content-Length` over the limit ends the request
    /// before any of the body is read.
    func accepts(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse, let fields = http.httpResponse?.headerFields,
            let declared = HeaderValues.contentLength(fields), declared > Int64(limit)
        else { return true }
        fail(ResponseBodyTooLarge(limit: limit))
        return false
    }

    /// A piece of the body arrived.
    func append(_ data: Data) {
        let passed = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            guard state.body.count + data.count <= limit else { return true }
            state.body.append(data)
            return false
        }
        if passed { fail(ResponseBodyTooLarge(limit: limit)) }
    }

    /// The session finished the task.
    func complete(response: URLResponse?, error: (any Error)?) {
        let (continuation, body) = state.withLock { state -> (Continuation?, Data) in
            guard !state.finished else { return (nil, Data()) }
            state.finished = true
            defer { state.continuation = nil; state.body = Data() }
            return (state.continuation, state.body)
        }
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if let response {
            continuation.resume(returning: (response, body))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// Ends the request now with `error` and cancels the task. The cancellation is made on another
    /// thread: FoundationNetworking's `cancel()` waits for libcurl to finish what it is reading.
    func fail(_ error: any Error) {
        let continuation = state.withLock { state -> Continuation? in
            guard !state.finished else { return nil }
            state.finished = true
            state.failure = error
            defer { state.continuation = nil; state.body = Data() }
            return state.continuation
        }
        continuation?.resume(throwing: error)
        let task = task
        DispatchQueue.global().async { task.cancel() }
    }
}
