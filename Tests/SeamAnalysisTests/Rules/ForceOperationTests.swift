import SeamAnalysis
import Testing

@Suite("force-unwrap, force-try, force-cast")
struct ForceOperationTests {
    @Test("each force operation is reported at its operator")
    func reported() async throws {
        let report = try await audit([
            "Parse.swift": """
            func parse(_ data: Data?, _ any: Any) throws -> Int {
                let value = data!.count
                let decoded = try! JSONDecoder().decode(Int.self, from: data ?? Data())
                let number = any as! Int
                return value + decoded + number
            }
            """
        ])
        #expect(report.findings(.forceUnwrap).map(\.location.description) == ["Parse.swift:2:21"])
        #expect(report.findings(.forceTry).map(\.location.description) == ["Parse.swift:3:19"])
        #expect(report.findings(.forceCast).map(\.location.description) == ["Parse.swift:4:22"])
    }

    @Test("safe look-alikes and test files are not reported")
    func trueNegatives() async throws {
        let report = try await audit([
            "Safe.swift": """
            final class Controller {
                var label: String!
                func f(_ any: Any, _ a: Int?) throws {
                    let x = a ?? 0
                    let y = try? JSONDecoder().decode(Int.self, from: Data())
                    let z = any as? Int
                    let n = x != 1 && !(z == nil)
                    _ = (y, n)
                }
            }
            """,
            "Tests/ParseTests.swift": "func t() { let a: Int? = 1; _ = a! ; _ = try! f() }",
        ])
        #expect(report.findings(.forceUnwrap).isEmpty)
        #expect(report.findings(.forceTry).isEmpty)
        #expect(report.findings(.forceCast).isEmpty)
    }
}
