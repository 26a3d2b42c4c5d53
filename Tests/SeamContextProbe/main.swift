// Prints the context a container created without one resolves in, as an app would see it. The
// test-detection tests run it with a test runner's arguments (`x.xctest`, `xctest`, `--testing-library`)
// and expect `live`: arguments alone must never switch a production executable to test values.
//
// `seam-context-probe --cycle` reads a key whose factory reads itself through `container[Key.self]`:
// the process stops, and its message (naming the cycle) must reach standard error in debug and
// release builds alike.
import Seam

enum ProbeKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> String { "live value" }
}

enum ProbeCycleKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> String { container[ProbeCycleKey.self] }
}

let container = Container(name: "Probe")
if CommandLine.arguments.dropFirst().first == "--cycle" {
    print(container[ProbeCycleKey.self])
} else {
    print("context=\(container.context)")
    print("value=\(container[ProbeKey.self])")
}
