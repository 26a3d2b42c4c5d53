import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite(".seam.yml loading")
struct ConfigurationFileTests {
    @Test func readsEverySection() throws {
        let yaml = """
            include: ["Sources/**"]
            exclude:
              - "**/Generated/**"
              - Tests/Fixtures/**
            skip-folders: [Legacy]
            allow: [AnalyticsLogger, KeychainHelper]
            rules:
              force-unwrap: off
              injection-bypass: error
              duplicated-literal: note
              singleton-access: on
            thresholds:
              view-model-lines: 400
              view-model-stored-properties: 15
              view-model-dependencies: 5
              max-findings: 1_000
              duplicated-literal-files: 4
            roles:
              service: ["*Manager", "*Helper"]
              coordinator: ["*Router"]
            """
        let configuration = try AuditConfiguration(yaml: yaml)
        #expect(configuration.include == ["Sources/**"])
        #expect(configuration.exclude == ["**/Generated/**", "Tests/Fixtures/**"])
        #expect(configuration.skippedFolders.contains("Legacy") && configuration.skippedFolders.contains(".build"))
        #expect(configuration.allowedSingletons == ["AnalyticsLogger", "KeychainHelper"])
        #expect(!configuration.isEnabled(.forceUnwrap))
        #expect(configuration.isEnabled(.singletonAccess))
        #expect(configuration.ruleSeverities[.singletonAccess] == nil)
        #expect(configuration.severity(of: .injectionBypass, default: .warning) == .error)
        #expect(configuration.severity(of: .duplicatedLiteral, default: .warning) == .note)
        #expect(configuration.thresholds.viewModelLines == 400)
        #expect(configuration.thresholds.viewModelStoredProperties == 15)
        #expect(configuration.thresholds.viewModelDependencies == 5)
        #expect(configuration.thresholds.maxFindings == 1_000)
        #expect(configuration.thresholds.duplicatedLiteralFiles == 4)
        #expect(configuration.rolePatterns == [.service: ["*Manager", "*Helper"], .coordinator: ["*Router"]])
    }

    @Test func anEmptyFileIsTheDefault() throws {
        #expect(try AuditConfiguration(yaml: "") == AuditConfiguration())
        #expect(try AuditConfiguration(yaml: "# only a comment\n") == AuditConfiguration())
        #expect(try AuditConfiguration(yaml: "allow:\nrules:\n") == AuditConfiguration())
    }

    @Test func aSingleStringCountsAsAOneItemList() throws {
        #expect(try AuditConfiguration(yaml: "allow: Logger").allowedSingletons == ["Logger"])
    }

    @Test func anUnknownTopLevelKeyNamesFileLineAndTheKnownKeys() {
        let error = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "allow: [Logger]\nthresold:\n  max-findings: 3\n", path: "App/.seam.yml")
        }
        #expect(
            error?.description
                == "App/.seam.yml:2:1: unknown key 'thresold' (expected one of: allow, exclude, goals, include, roles, rules, "
                + "singleton-accessors, skip-folders, thresholds)"
        )
    }

    /// Issue 22: the history charts draw the goals a team sets, one per progress metric; a share's is a percentage.
    @Test func goalsAreReadPerMetricWithPercentagesForShares() throws {
        let configuration = try AuditConfiguration(
            yaml: """
                goals:
                  singletons: 3
                  singleton-accesses: 0
                  view-models-using-injection: 100%
                  services-with-protocols: 80
                """)
        #expect(
            configuration.goals == [
                .singletons: 3, .singletonAccesses: 0, .viewModelsUsingInjection: 100, .servicesWithProtocols: 80,
            ])
        let unknown = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "goals:\n  singleton: 3\n")
        }
        #expect(unknown?.line == 2)
        #expect(
            unknown?.message.hasPrefix(
                "unknown key 'singleton' in 'goals' (expected one of: singletons, singleton-accesses,") == true)
        let share = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "goals:\n  cycles: 0\n  view-models-using-injection: 120%\n")
        }
        #expect(
            share?.description
                == ".seam.yml:3:32: invalid value for 'goals.view-models-using-injection': 120% is not a percentage from 0 to 100"
        )
        let count = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "goals:\n  cycles: 10%\n")
        }
        #expect(count?.description == ".seam.yml:2:11: 'goals.cycles' must be a number, got 10%")
    }

    @Test func anUnknownRuleIsRejectedWithItsLine() {
        let error = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "rules:\n  force-unwrap: off\n  force-unwraps: off\n")
        }
        #expect(error?.line == 3)
        #expect(error?.column == 3)
        #expect(
            error?.message.hasPrefix("unknown key 'force-unwraps' in 'rules' (expected one of: singleton-declaration,")
                == true)
    }

    @Test func aWrongTypeNamesTheKey() {
        let error = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "thresholds:\n  max-findings: many\n")
        }
        #expect(error?.description == ".seam.yml:2:17: 'thresholds.max-findings' must be an integer, got many")

        let listError = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "exclude:\n  pattern: x\n")
        }
        #expect(listError?.description == ".seam.yml:2:3: 'exclude' must be a list of strings, got a mapping")

        let documentError = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "- a\n- b\n")
        }
        #expect(
            documentError?.description
                == ".seam.yml:1:1: 'the document' must be a mapping of keys to values, got a list")
    }

    @Test func invalidValuesAreExplained() {
        let severity = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "rules:\n  force-try: fatal\n")
        }
        #expect(
            severity?.description
                == ".seam.yml:2:14: invalid value for 'rules.force-try': 'fatal' is not one of off, on, note, warning, error"
        )
        let negative = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "thresholds: {max-findings: -1}")
        }
        #expect(negative?.message == "invalid value for 'thresholds.max-findings': -1 is negative")
        let role = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "roles:\n  manager: ['*Manager']\n")
        }
        #expect(
            role?.message
                == "unknown key 'manager' in 'roles' (expected one of: view-model, view, service, coordinator, model, other)"
        )
    }

    @Test func malformedYAMLReportsTheLine() {
        let error = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "allow: [Logger\nrules:\n  force-try: off\n", path: "cfg.yml")
        }
        #expect(error?.path == "cfg.yml")
        #expect(error?.line != nil)
        #expect(error?.message.hasPrefix("malformed YAML: ") == true)
        #expect(error?.description.hasPrefix("cfg.yml:") == true)

        let tabs = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "rules:\n\tforce-try: off\n")
        }
        #expect(tabs?.line == 2)
    }

    @Test func duplicatedKeysAreMalformed() {
        let error = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "allow: [A]\nallow: [B]\n")
        }
        #expect(error?.message.contains("duplicated key 'allow'") == true)
    }

    @Test("a duplicated key is reported where it is repeated, in block and flow mappings")
    func duplicatedKeysAtTheirRepeat() {
        let block = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "allow: [A]\nrules:\n  force-try: off\n  force-cast: off\n  force-try: on\n")
        }
        #expect(
            block?.description == ".seam.yml:5:3: malformed YAML: duplicated key 'force-try' (first written at line 3)")
        let top = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "allow: [A]\n\n\nallow: [B]\n")
        }
        #expect(top?.line == 4)
        #expect(top?.column == 1)
        let flow = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "thresholds: {max-findings: 1, max-findings: 2}\n")
        }
        #expect(flow?.line == 1)
        #expect(flow?.column == 31)
    }

    @Test("a mapping or a list where a number is expected is an error at its line, values echoed as written")
    func wrongShapesAndValuesAsWritten() {
        let mapping = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "thresholds:\n  view-model-lines: {minutes: 30}\n")
        }
        #expect(
            mapping?.description == ".seam.yml:2:21: 'thresholds.view-model-lines' must be an integer, got a mapping")
        let hex = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "thresholds:\n  max-findings: 0x10\n")
        }
        #expect(hex?.message == "'thresholds.max-findings' must be an integer, got 0x10")
        let negative = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "thresholds: {max-findings: -1_000}")
        }
        #expect(negative?.message == "invalid value for 'thresholds.max-findings': -1_000 is negative")
    }

    @Test("numbers, booleans and null are not strings in a list of names or globs; quoted they are")
    func unquotedNumbersAreNotStrings() throws {
        let number = #expect(throws: ConfigurationError.self) { try AuditConfiguration(yaml: "include: 42\n") }
        #expect(number?.description == ".seam.yml:1:10: 'include' must be a list of strings, got 42")
        let boolean = #expect(throws: ConfigurationError.self) {
            try AuditConfiguration(yaml: "allow: [Logger, yes]\n")
        }
        #expect(boolean?.description == ".seam.yml:1:17: 'allow' must be a list of strings, got yes")
        #expect(try AuditConfiguration(yaml: "include: [\"42\", 'Sources/**']\n").include == ["42", "Sources/**"])
    }

    @Test("the configuration remembers where each include pattern is written, without changing its value")
    func includeOrigins() throws {
        let configuration = try AuditConfiguration(
            yaml: "include:\n  - Sources/**\n  - Tests/**\n", path: "App/.seam.yml")
        #expect(configuration.origins.includes["Tests/**"] == SourceLocation(file: "App/.seam.yml", line: 3, column: 5))
        var inCode = AuditConfiguration()
        inCode.include = ["Sources/**", "Tests/**"]
        #expect(configuration == inCode)
    }

    @Test func loadsFromDiskAndExplainsAMissingFile() throws {
        let directory = try TemporaryDirectory(files: [".seam.yml": "allow: [Logger]\n"])
        defer { directory.remove() }
        let file = directory.url(".seam.yml")
        #expect(try AuditConfiguration.load(contentsOf: file.path).allowedSingletons == ["Logger"])

        let missing = directory.url("nope.yml").path
        let error = #expect(throws: ConfigurationError.self) { try AuditConfiguration.load(contentsOf: missing) }
        #expect(error?.isUnreadable == true)
        #expect(error?.description.hasPrefix("\(missing): cannot read configuration: ") == true)

        let binary = directory.url("binary.yml")
        try directory.write(Data([0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x0A]), to: "binary.yml")
        let encoding = #expect(throws: ConfigurationError.self) { try AuditConfiguration.load(contentsOf: binary.path) }
        #expect(encoding?.description == "\(binary.path): cannot read configuration: the file is not valid UTF-8")
    }
}

@Suite(".seam.yml: singleton accessors")
struct SingletonAccessorConfigurationTests {
    @Test("singleton-accessors reads a list of names")
    func readsNames() throws {
        let configuration = try AuditConfiguration(yaml: "singleton-accessors: [live, sharedStore]\n")
        #expect(configuration.singletonAccessors == ["live", "sharedStore"])
    }
}
