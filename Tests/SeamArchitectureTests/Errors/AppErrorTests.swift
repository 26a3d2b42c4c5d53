import Foundation
import Testing
import SeamArchitecture

extension AppError.Code {
    static let spotClosed: Self = "spotClosed"
}

/// A domain error of the surf app that knows how it is shown.
private enum ForecastError: AppErrorConvertible {
    case spotClosed(String)

    var appError: AppError {
        switch self {
        case .spotClosed(let name):
            AppError(.spotClosed, message: "\(name) is closed today.", isRetryable: false, underlying: self)
        }
    }
}

private struct SocketError: Error { let errno: Int32 }

@Suite("AppError")
struct AppErrorTests {
    @Test func keepsUserFacingAndLogFieldsApart() {
        let error = AppError(
            .offline, message: "You're offline.", recoverySuggestion: "Check your connection.",
            isRetryable: true, diagnostic: "GET /spots", underlying: SocketError(errno: 50)
        )
        #expect(error.errorDescription == "You're offline.")
        #expect(error.recoverySuggestion == "Check your connection.")
        #expect(error.localizedDescription == "You're offline.")
        #expect(error.description == "offline: You're offline.")
        #expect(!error.description.contains("errno"))
        #expect(error.debugDescription.contains("[GET /spots]"))
        #expect(error.debugDescription.contains("SocketError(errno: 50)"))
        #expect(error.debugDescription.hasPrefix("AppError(offline, retryable): "))
    }

    @Test func equalityIgnoresTheUnderlyingError() {
        let a = AppError(.timeout, message: "Slow.", isRetryable: true, underlying: SocketError(errno: 1))
        let b = AppError(.timeout, message: "Slow.", isRetryable: true, underlying: SocketError(errno: 2))
        let c = AppError(.timeout, message: "Slow.", isRetryable: false)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
    }

    @Test func appsExtendTheCodes() {
        let code: AppError.Code = .spotClosed
        #expect(code.rawValue == "spotClosed")
        #expect(code != .notFound)
        #expect(AppError.Code(rawValue: "offline") == .offline)
    }

    @Test func convertibleErrorsConvertThemselves() {
        let error = AppError(ForecastError.spotClosed("Mullaghmore"))
        #expect(error.code == .spotClosed)
        #expect(error.message == "Mullaghmore is closed today.")
        #expect(error.underlying is ForecastError)
    }

    @Test func anAppErrorIsKeptAsIs() {
        let original = AppError(.notFound, message: "Gone.", isRetryable: false)
        #expect(AppError(original as any Error) == original)
    }

    @Test func cancellationMapsToCancelled() {
        let error = AppError(CancellationError())
        #expect(error.code == .cancelled)
        #expect(error.isCancellation)
        #expect(!error.isRetryable)
        #expect(error.underlying is CancellationError)
    }

    @Test func unknownErrorsKeepTheOriginalForLogsOnly() {
        let error = AppError(SocketError(errno: 54))
        #expect(error.code == .unknown)
        #expect(error.message == "Something went wrong.")
        #expect(error.diagnostic == "SocketError(errno: 54)")
        #expect((error.underlying as? SocketError)?.errno == 54)
    }

    @Test func foundationFileErrorsSpeakPlainlyAndNameTheFile() {
        let missing = "/nonexistent/seam-\(UInt32.random(in: 0...UInt32.max))/app.json"
        var thrown: (any Error)?
        do { _ = try Data(contentsOf: URL(fileURLWithPath: missing)) } catch { thrown = error }
        let error = AppError(thrown!)
        #expect(error.diagnostic == "\(missing): no such file or directory", "\(String(describing: error.diagnostic))")
        #expect(error.diagnostic?.contains("NSCocoaErrorDomain") == false)
        let cocoa = AppError(CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/data/db.sqlite"]))
        #expect(cocoa.diagnostic == "/data/db.sqlite: no space left on device")
    }
}
