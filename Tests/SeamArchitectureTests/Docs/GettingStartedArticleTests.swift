// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamArchitecture/SeamArchitecture.docc/GettingStarted.md, compiled and run: each block
// is here verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import Seam
import SeamArchitecture
import SeamTesting
import Testing

// File level: an extension of AppError.Code cannot be declared inside a namespace.
extension AppError.Code { static let closedSpot: Self = "closedSpot" }

enum ArchitectureArticle {
    enum ForecastError: AppErrorConvertible {
        case spotClosed(String)
        var appError: AppError {
            switch self {
            case .spotClosed(let name):
                AppError(.closedSpot, message: "\(name) is closed today.", isRetryable: false, underlying: self)
            }
        }
    }

    protocol ForecastService: Sendable {
        func forecast(spot: String) async throws -> [Double]
    }

    @MainActor final class ForecastViewModel {
        private(set) var forecast: LoadingState<[Double]> = .idle
        private let service: any ForecastService
        private let errors: any ErrorReporting          // ErrorReporter in the app, RecordingErrorReporter in tests

        init(service: any ForecastService, errors: any ErrorReporting) { (self.service, self.errors) = (service, errors) }

        func load(spot: String) async {
            let final = await forecast.run(update: { self.forecast = $0 }) {
                try await service.forecast(spot: spot)
            }
            if let error = final.error { errors.report(error) }
        }
    }

    struct ClosedSpot: ForecastService {
        func forecast(spot: String) async throws -> [Double] { throw ForecastError.spotClosed(spot) }
    }

    struct OpenSpot: ForecastService {
        func forecast(spot: String) async throws -> [Double] { [1.5, 2.0] }
    }

    @Suite("Article: Getting started with SeamArchitecture")
    struct Tests {
        @Test(.seamDependencies) @MainActor
        func aClosedSpotIsReported() async throws {
            let errors = try Container().resolve(ErrorReporterKey.self)
            let model = ForecastViewModel(service: ClosedSpot(), errors: errors)
            await model.load(spot: "Pipeline")

            #expect(model.forecast.error?.message == "Pipeline is closed today.")
            #expect((errors as? RecordingErrorReporter)?.errors.map(\.code) == [.closedSpot])
        }

        @Test("a successful load is loaded, and reports nothing")
        @MainActor
        func loads() async {
            let errors = RecordingErrorReporter()
            let model = ForecastViewModel(service: OpenSpot(), errors: errors)
            await model.load(spot: "Pipeline")
            #expect(model.forecast.value == [1.5, 2.0])
            #expect(errors.errors.isEmpty)
        }
    }
}
