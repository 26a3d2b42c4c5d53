// Prints the context a container created without one resolves in, as an app would see it. The
// test-detection tests run it with a test runner's arguments (`x.xctest`, `xctest`, `--testing-library`)
// and expect `live`: arguments alone must never switch a production executable to test values.
import Seam

enum ProbeKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> String { "live value" }
}

let container = Container(name: "Probe")
print("context=\(container.context)")
print("value=\(container[ProbeKey.self])")
