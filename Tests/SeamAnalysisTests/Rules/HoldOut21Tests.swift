import SeamAnalysis
import Testing

/// Hold-out round 21's false findings and misses (anytype, nova, stepik, ugglan; now tuning), each a shape met there.
@Suite("hold-out 21: previews, messages, configuration and build manifests")
struct HoldOut21Tests {
    /// ugglan (HedvigInsurance/ugglan): 117 sites, image URLs, force unwraps and time offsets in `#Preview`s.
    @Test(
        "a #Preview's set-up is the tests': no force-operation or hard-coded finding, its sites counted apart and never a bypass"
    )
    func previews() async throws {
        let report = try await audit([
            "Dependencies.swift": """
            final class Dependencies {
                static let shared = Dependencies()
                func add(_ module: Any) {}
            }
            final class DateService { func now() -> Double { 0 } }
            """,
            "ClaimView.swift": """
            import SwiftUI
            struct ClaimView: View {
                let url: URL
                var body: some View { Text(url.absoluteString) }
            }
            #Preview {
                Dependencies.shared.add(DateService())
                let date = Date().addingTimeInterval(-60 * 60 * 24)
                return ClaimView(url: URL(string: "https://example.com/claim.png")!)
            }
            """,
        ])
        #expect(report.findings(.forceUnwrap).isEmpty)
        #expect(report.findings(.hardcodedURL).isEmpty)
        #expect(report.findings(.hardcodedInterval).isEmpty)
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.metrics.singletonAccesses == 0)
        #expect(report.metrics.testSingletonAccesses == 1)
    }

    /// stepik and nova: Xcode's `fatalError("init(coder:) has not been implemented")` in 389 and 678 files.
    @Test("a trap's or an assertion's message is no duplicated literal")
    func trapMessages() async throws {
        let screen = { (name: String) in
            """
            final class \(name) {
                required init?(coder: Int) { fatalError("init(coder:) has not been implemented") }
                func check(_ ok: Bool) { assert(ok, "state must be loaded"); precondition(ok, "state must be loaded") }
                func fail() -> Never { preconditionFailure("state must be loaded") }
            }
            """
        }
        let report = try await audit(["A.swift": screen("A"), "B.swift": screen("B"), "C.swift": screen("C")])
        #expect(report.findings(.duplicatedLiteral).isEmpty)
    }

    /// ugglan's `Environment.authUrl`, nova's `ApplicationConfigs`; ugglan's Tuist manifests; nova's negative offsets.
    @Test(
        "configuration types hold URLs, build manifests are the build's, a unit of time is named, a negative interval keeps its sign"
    )
    func configurationManifestsAndUnits() async throws {
        let report = try await audit([
            "Environment.swift": """
            enum Environment {
                case production, staging
                var authURL: String {
                    switch self {
                    case .production: "https://auth.example.com"
                    case .staging: "https://auth.staging.example.com"
                    }
                }
            }
            """,
            "Tuist/ProjectDescriptionHelpers/Project+Templates.swift": """
            import ProjectDescription
            let config = Config(plugins: [])
            let package = Package.remote(url: "https://github.com/example/lib", requirement: .exact("1.0.0"))
            """,
            "Time.swift": """
            import Foundation
            let secondsInDay = 24 * 60 * 60
            enum JSONRPCTimeout { static let hour: Double = 60 * 60 }
            extension TimeInterval { static func days(_ count: Double) -> TimeInterval { count * 24 * 60 * 60 } }
            let lockout: Double = -8 * 24 * 60 * 60
            let timeoutInSeconds: Double = 30 * 60
            """,
        ])
        #expect(report.findings(.hardcodedURL).isEmpty)
        #expect(report.findings(.singletonDeclaration).isEmpty)
        #expect(report.findings(.hardcodedInterval).map(\.subject) == ["-8 * 24 * 60 * 60", "30 * 60"])
    }

    /// ugglan's nested value enum, anytype's generated protobuf enum; nova's VIPER interactor and presenter.
    @Test("missing-protocol leaves enums of cases; a module's output behind its protocol closes no cycle")
    func valuesAndOutputs() async throws {
        let report = try await audit([
            "Values.swift": """
            enum EitherHColor { enum Storage { case left(Int), right(String) } }
            enum Anytype_Rpc { enum Provider: Swift.CaseIterable { case openai, local } }
            """,
            "AssetList.swift": """
            protocol AssetListInteractorOutputProtocol: AnyObject { func didReceive() }
            protocol AssetListInteractorInputProtocol: AnyObject { func setup() }
            final class AssetListInteractor: AssetListInteractorInputProtocol {
                var presenter: AssetListInteractorOutputProtocol?
                func setup() { presenter?.didReceive() }
            }
            final class AssetListPresenter: AssetListInteractorOutputProtocol {
                let interactor: AssetListInteractorInputProtocol
                init(interactor: AssetListInteractorInputProtocol) { self.interactor = interactor }
                func didReceive() {}
            }
            """,
        ])
        #expect(report.findings(.missingProtocol).isEmpty)
        #expect(report.findings(.dependencyCycle).isEmpty)
    }
}
