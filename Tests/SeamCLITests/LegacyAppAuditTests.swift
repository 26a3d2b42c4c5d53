import Foundation
import SeamTestSupport
import Testing

/// `seam audit Examples/LegacyApp`, the README's main command: the exact figures of EXPECTED.md.
@Suite("seam audit Examples/LegacyApp")
struct LegacyAppAuditTests {
    private func jsonReport() async throws -> [String: Any] {
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--format", "json"])
        #expect(result.status == 1, "the example is full of debt: \(result.stderr)")
        #expect(result.stderr.isEmpty, "nothing on stderr when it is not a terminal: \(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func findings(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["findings"] as? [[String: Any]])
    }

    @Test func theProgressTableMatchesExpectedMd() async throws {
        let metrics = try await #require(try jsonReport()["metrics"] as? [String: Any])
        #expect(metrics["files"] as? Int == 35)
        #expect(metrics["singletons"] as? Int == 8)
        #expect(metrics["singletonAccesses"] as? Int == 33)
        #expect(
            metrics["singletonAccessesByRole"] as? [String: Int]
                == ["view-model": 18, "view": 2, "service": 11, "coordinator": 0, "model": 0, "other": 2]
        )
        #expect(metrics["viewModelsUsingInjection"] as? Int == 2)
        #expect(metrics["viewModels"] as? Int == 6)
        #expect(metrics["servicesWithProtocols"] as? Int == 2)
        #expect(metrics["services"] as? Int == 8)
        #expect(metrics["injectionBypasses"] as? Int == 2)
        #expect(metrics["injectedSingletonDefaults"] as? Int == 1)
        #expect(metrics["cycles"] as? Int == 1)
    }

    @Test func everyRuleFindsExactlyWhatWasPlanted() async throws {
        let report = try await jsonReport()
        let byRule = try findings(report).reduce(into: [String: Int]()) {
            $0[$1["rule"] as? String ?? "", default: 0] += 1
        }
        #expect(
            byRule == [
                "singleton-declaration": 8, "singleton-access": 33, "injection-bypass": 2,
                "injected-singleton-default": 1, "missing-protocol": 6, "dependency-cycle": 1, "fat-view-model": 1,
                "hardcoded-url": 1, "hardcoded-interval": 3, "duplicated-literal": 4, "force-unwrap": 2,
                "force-try": 1, "force-cast": 1, "ui-state-off-main-actor": 2,
            ]
        )
        #expect(report["findingCounts"] as? [String: Int] == ["total": 66, "error": 5, "warning": 53, "note": 8])
    }

    @Test func theNamedFindingsAreWhereExpectedMdSays() async throws {
        let all = try await findings(try jsonReport())
        func places(_ rule: String) -> [String] {
            all.filter { $0["rule"] as? String == rule }.map {
                "\($0["file"] as? String ?? ""):\($0["line"] as? Int ?? 0)"
            }
        }
        let root = "Sources/LegacyApp/"
        #expect(
            places("injection-bypass")
                == [root + "ViewModels/ForecastViewModel.swift:33", root + "ViewModels/SpotDetailViewModel.swift:34"]
        )
        #expect(places("injected-singleton-default") == [root + "ViewModels/ForecastViewModel.swift:15"])
        #expect(places("fat-view-model") == [root + "ViewModels/HomeViewModel.swift:8"])
        #expect(places("hardcoded-url") == [root + "Networking/APIClient.swift:12"])
        #expect(
            places("hardcoded-interval")
                == [
                    root + "Services/BuoyCacheService.swift:7", root + "Services/DataStore.swift:15",
                    root + "Services/DataStore.swift:16",
                ]
        )
        #expect(
            places("force-unwrap") == [root + "Networking/APIClient.swift:23", root + "Networking/APIClient.swift:25"])
        #expect(places("force-try") == [root + "Services/ImageCacheService.swift:14"])
        #expect(places("force-cast") == [root + "Services/ImageCacheService.swift:48"])
        #expect(
            places("ui-state-off-main-actor")
                == [root + "Services/DataStore.swift:42", root + "ViewModels/BuoysViewModel.swift:24"]
        )
        #expect(
            places("duplicated-literal") == [
                root + "Services/DataStore.swift:28", root + "Services/SettingsStore.swift:21",
                root + "ViewModels/HomeViewModel.swift:40", root + "ViewModels/SpotsViewModel.swift:24",
            ]
        )
        let unprotocolled = all.filter { $0["rule"] as? String == "missing-protocol" }.compactMap {
            $0["type"] as? String
        }
        #expect(
            Set(unprotocolled)
                == [
                    "AuthManager", "SettingsStore", "ImageCacheService", "BuoyCacheService", "KeychainHelper",
                    "AnalyticsLogger",
                ]
        )
        #expect(!places("singleton-access").contains(root + "ViewModels/SpotsViewModel.swift:8"), "a doc comment")
    }

    @Test func singletonAccessesPerSingleton() async throws {
        let accesses = try await findings(try jsonReport()).filter { $0["rule"] as? String == "singleton-access" }
        let perSingleton = accesses.reduce(into: [String: Int]()) {
            $0[$1["subject"] as? String ?? "", default: 0] += 1
        }
        #expect(
            perSingleton == [
                "APIClient": 8, "AuthManager": 6, "DataStore": 5, "BuoyCacheService": 4, "SettingsStore": 3,
                "KeychainHelper": 3, "ImageCacheService": 2, "AnalyticsLogger": 2,
            ]
        )
    }

    @Test func theServiceCycleIsTheOnlyOne() async throws {
        let graph = try await #require(try jsonReport()["graph"] as? [String: Any])
        #expect(graph["cycles"] as? [[String]] == [["AuthManager", "DataStore", "AuthManager"]])
        let edges = try #require(graph["edges"] as? [[String: Any]])
        let onCycle = edges.filter { $0["inCycle"] as? Bool == true }.map { "\($0["from"] ?? "")->\($0["to"] ?? "")" }
        #expect(onCycle == ["AuthManager->DataStore", "DataStore->AuthManager"])
        let injections = edges.filter { $0["kind"] as? String == "injection" }.map {
            "\($0["from"] ?? "")->\($0["to"] ?? "")"
        }
        #expect(injections == ["ForecastViewModel->APIClient", "SpotDetailViewModel->DataStore"])
    }

    @Test func theTextSummaryIsTheReadmeTable() async throws {
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp"])
        #expect(result.status == 1)
        let expected = """
            Migration progress: Examples/LegacyApp (35 files, 1,245 lines)

            \(LegacyAppFigures.progressTableRows)

            66 findings: 5 errors, 53 warnings, 8 notes

            """
        #expect(result.stdout.hasSuffix(expected))
        #expect(!result.stdout.contains("\u{1B}["), "no colours when stdout is not a terminal")
        #expect(result.stderr.isEmpty)
    }

    @Test func colorCanBeForced() async throws {
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--color"])
        #expect(result.stdout.contains("\u{1B}[1;31merror  \u{1B}[0m"))
    }

    @Test func aHighEnoughThresholdExitsWith0() async throws {
        let folder = try TemporaryDirectory(files: ["seam.yml": "thresholds:\n  max-findings: 58\n"])
        defer { folder.remove() }
        let config = folder.url("seam.yml")
        #expect(try await SeamCLI.run(["audit", "Examples/LegacyApp", "--config", config.path]).status == 0)
        try folder.write("thresholds:\n  max-findings: 57\n", to: "seam.yml")
        #expect(try await SeamCLI.run(["audit", "Examples/LegacyApp", "--config", config.path]).status == 1)
    }

    @Test func theAllowListAndRuleSwitchesChangeTheFigures() async throws {
        let folder = try TemporaryDirectory(files: [
            "seam.yml": "allow: [AnalyticsLogger, KeychainHelper]\nrules:\n  force-unwrap: off\n  force-try: error\n"
        ])
        defer { folder.remove() }
        let config = folder.url("seam.yml")
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--config", config.path, "--format", "json"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let metrics = try #require(report["metrics"] as? [String: Any])
        #expect(metrics["singletons"] as? Int == 6)
        #expect(metrics["singletonAccesses"] as? Int == 28)
        let all = try findings(report)
        #expect(!all.contains { $0["rule"] as? String == "force-unwrap" })
        #expect(all.first { $0["rule"] as? String == "force-try" }?["severity"] as? String == "error")
    }
}
