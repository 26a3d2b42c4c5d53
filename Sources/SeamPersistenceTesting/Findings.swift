import SeamLocking

/// The broken promises one check found, in words.
final class Findings: Sendable {
    private let findings = Locked<[String]>([])

    var list: [String] { findings.withLock { $0 } }
    var expect: Expect { Expect(findings: self) }

    func add(_ finding: String) { findings.withLock { $0.append(finding) } }
}

/// Records a finding when a promise is broken; the message says what was checked and what was seen.
struct Expect: Sendable {
    let findings: Findings

    func callAsFunction(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { findings.add(message()) }
    }

    func equal<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String) {
        if actual != expected { findings.add("\(what): got \(actual), expected \(expected)") }
    }

    func throwsError(_ what: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            findings.add("\(what) did not throw")
        } catch {}
    }
}
