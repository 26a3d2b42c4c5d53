import Dispatch
import Seam
import SeamLocking
import SeamTesting
import Testing

/// A dependency with no test value whose live factory must never run in this process's tests.
enum EscapeProbeKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> Instance {
        EscapeProbe.liveCalls.withLock { $0 += 1 }
        return Instance("live")
    }
}

/// A singleton with a test value, to see what an escaped resolve keeps.
enum EscapeSingletonKey: DependencyKey {
    static var testValue: Instance? { Instance("test") }
    static func live(_ r: borrowing Resolver) -> Instance {
        EscapeProbe.liveCalls.withLock { $0 += 1 }
        return Instance("live")
    }
}

enum EscapeProbe {
    static let liveCalls = Locked(0)

    /// A container as an app builds it (no context: the process decides), whose issues the test captures.
    static func container(reportingTo log: IssueLog) -> Container {
        Container(
            name: "Escape", overrides: { $0.issueReporter = { issue in log.issues.withLock { $0.append(issue) } } })
    }

    /// Runs `body` on another thread, outside every task, and waits for it.
    static func onDispatchQueue(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                body()
                done.resume()
            }
        }
    }

    /// Runs `body` from a one-shot dispatch timer, and waits for it.
    static func onTimer(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + .milliseconds(1))
            timer.setEventHandler {
                body()
                timer.cancel()
                done.resume()
            }
            timer.resume()
        }
    }
}

/// The issues a container reported.
final class IssueLog: Sendable {
    let issues = Locked<[SeamIssue]>([])
    var dependencies: [String] { issues.withLock { $0.map(\.dependency) } }
}

/// What a resolve sees when it escapes the test's task tree (a detached task, a dispatch callback, a
/// timer), or when a test has no scope at all: the test context, nothing kept, never live code.
@Suite(
    "Resolves that escape the test's scope",
    .seamDependencies { $0[APIClientKey.self] = MockAPIClient(spots: ["Mine"]) })
struct EscapedResolveTests {
    @Test("the process is detected as running tests, so containers default to the test context")
    func automaticContext() {
        #expect(DependencyContext.automatic == .test)
        #expect(Container(name: "App").context == .test)
        #expect(Container(name: "App", context: .live).context == .live)
    }

    @Test("a Task.detached resolve of a key without a test value reports it, throws, and never calls live")
    func detachedTask() async throws {
        let log = IssueLog()
        let container = EscapeProbe.container(reportingTo: log)
        let calls = EscapeProbe.liveCalls.withLock { $0 }
        let result = await Task.detached { () -> Result<Instance, ResolutionError> in
            do throws(ResolutionError) { return .success(try container.resolve(EscapeProbeKey.self)) } catch {
                return .failure(error)
            }
        }.value
        let error = try #require(result.failure)
        #expect(error.isMissingTestValue)
        #expect(error.dependency == "EscapeProbeKey (Instance)")
        #expect(log.dependencies == ["EscapeProbeKey"])
        #expect(EscapeProbe.liveCalls.withLock { $0 } == calls)
    }

    @Test("a dispatch-queue callback and a timer callback resolve in the test context, never live")
    func dispatchCallbacks() async throws {
        let log = IssueLog()
        let container = EscapeProbe.container(reportingTo: log)
        let calls = EscapeProbe.liveCalls.withLock { $0 }
        let errors = Locked<[ResolutionError]>([])
        let resolve: @Sendable () -> Void = {
            do throws(ResolutionError) { _ = try container.resolve(EscapeProbeKey.self) } catch {
                errors.withLock { $0.append(error) }
            }
        }
        await EscapeProbe.onDispatchQueue(resolve)
        await EscapeProbe.onTimer(resolve)
        #expect(errors.withLock { $0.map(\.isMissingTestValue) } == [true, true])
        #expect(log.dependencies == ["EscapeProbeKey", "EscapeProbeKey"])
        #expect(EscapeProbe.liveCalls.withLock { $0 } == calls)
    }

    @Test("an escaped resolve keeps nothing: no other resolve, here or in another test, gets its instance")
    func nothingKept() async throws {
        let container = Container(name: "Shared")
        let escaped = await Task.detached { try? container.resolve(EscapeSingletonKey.self) }.value
        let again = await Task.detached { try? container.resolve(EscapeSingletonKey.self) }.value
        #expect(escaped?.label == "test")
        #expect(again !== escaped, "nothing was kept for a second escaped resolve")
        #expect(try container.resolve(EscapeSingletonKey.self) !== escaped, "this test's scope has its own")
        let origin = await Task.detached { container.origin(of: EscapeSingletonKey.self) }.value
        #expect(origin.storage == .unscoped)
        #expect(!origin.hasInstance)
    }

    @Test("an escaped resolve does not see the test's overrides; withEscapedOverrides carries them")
    func carryTheScope() async throws {
        let container = Container(name: "App")
        let mine = try container.resolve(SingletonKey.self)
        let (plain, carried, carriedSingleton) = await withEscapedOverrides { escaped in
            await Task.detached { () -> (Bool, Bool, Bool) in
                let plain = (try? container.resolve(APIClientKey.self)) as? MockAPIClient
                let carried = escaped.yield { (try? container.resolve(APIClientKey.self)) as? MockAPIClient }
                let singleton = escaped.yield { try? container.resolve(SingletonKey.self) }
                return (plain?.spots == ["Mine"], carried?.spots == ["Mine"], singleton === mine)
            }.value
        }
        #expect(!plain, "outside the scope: the key's test value, not this test's override")
        #expect(carried, "yield: this test's override")
        #expect(carriedSingleton, "yield: this test's own singleton, not a fresh one")
    }

    @Test("withEscapedOverrides carries the scope into a dispatch callback too")
    func carryIntoDispatch() async throws {
        let container = Container(name: "App")
        let spots = Locked<[String]?>(nil)
        await withEscapedOverrides { escaped in
            await EscapeProbe.onDispatchQueue {
                escaped.yield {
                    let api = try? container.resolve(APIClientKey.self)
                    spots.withLock { $0 = (api as? MockAPIClient)?.spots }
                }
            }
        }
        #expect(spots.withLock { $0 } == ["Mine"])
    }
}

/// A test without any scope: what "forgot the trait" gets.
@Suite("A test without a dependency scope")
struct UnscopedTestTests {
    @Test("without a scope, test values are used and nothing is kept between resolves")
    func testValuesNothingKept() throws {
        let container = Container(name: "App")
        let first = try container.resolve(EscapeSingletonKey.self)
        #expect(first.label == "test")
        #expect(try container.resolve(EscapeSingletonKey.self) !== first)
        #expect(container.origin(of: EscapeSingletonKey.self).storage == .unscoped)
    }

    @Test("a container with an explicit context keeps its instances, as before")
    func explicitContextKeeps() throws {
        let container = Container(name: "Standalone", context: .test)
        let first = try container.resolve(EscapeSingletonKey.self)
        #expect(try container.resolve(EscapeSingletonKey.self) === first)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
