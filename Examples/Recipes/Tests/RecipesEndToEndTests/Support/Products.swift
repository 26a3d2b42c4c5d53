import Foundation

/// The executables SwiftPM built next to the running test bundle.
enum Products {
    static var directory: URL {
        #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }

    static var recipes: URL { directory.appendingPathComponent("recipes") }
    static var server: URL { directory.appendingPathComponent("recipes-server") }
}

/// A failure of the test harness itself (an executable missing, a server that never started).
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
