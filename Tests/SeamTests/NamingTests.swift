@testable import Seam
import Testing

/// Two features each declaring a key named `Key`, the common nested pattern; the two resolve each
/// other, so the cycle path must tell them apart.
enum Feed {
    enum Key: DependencyKey {
        static func live(_ r: borrowing Resolver) throws -> Instance {
            _ = try r.resolve(Auth.Key.self)
            return Instance("feed")
        }
    }
    /// A key nested in `Feed` whose factory fails.
    enum Broken: DependencyKey {
        static var lifetime: Lifetime { .unique }
        static func live(_ r: borrowing Resolver) throws -> String { throw ConfigurationMissing() }
    }
}

enum Auth {
    enum Key: DependencyKey {
        static func live(_ r: borrowing Resolver) throws -> Instance {
            _ = try r.resolve(Feed.Key.self)
            return Instance("auth")
        }
    }
    /// Same simple name as ``Feed/Broken``, no failure.
    enum Broken: DependencyKey {
        static func live(_ r: borrowing Resolver) -> String { "auth" }
    }
}

/// A generic holder of a nested key.
enum Box<Element> {
    enum Key: DependencyKey {
        static func live(_ r: borrowing Resolver) -> String { "box" }
    }
}

@Suite("Names of nested keys")
struct NamingTests {
    @Test("a nested key is named with the types it is nested in, without the module")
    func qualifiedName() {
        #expect(Feed.Key.name == "Feed.Key")
        #expect(Auth.Key.name == "Auth.Key")
        #expect(APIClientKey.name == "APIClientKey")
        #expect(Box<Int>.Key.name == "Box<Int>.Key")
        #expect(Box<Feed.Key>.Key.name == "Box<Feed.Key>.Key")
    }

    @Test("the reflected name loses modules in generic arguments and private contexts")
    func strippingModules() {
        #expect(TypeName.strippingModules("App.Feed.Key") == "Feed.Key")
        #expect(
            TypeName.strippingModules("App.Dictionary<Swift.String, App.Feed.Key>.Key")
                == "Dictionary<String, Feed.Key>.Key")
        #expect(TypeName.strippingModules("App.(unknown context at $10a2b3c4).Key") == "Key")
        #expect(TypeName.strippingModules("Key") == "Key")
    }

    @Test("cycle paths and errors name both `Key`s apart")
    func cyclePath() {
        let error = #expect(throws: ResolutionError.self) { try Container(context: .live).resolve(Feed.Key.self) }
        #expect(error?.path == ["Feed.Key", "Auth.Key", "Feed.Key"])
        #expect(error?.description == "Dependency cycle: Feed.Key → Auth.Key → Feed.Key")
        let failure = #expect(throws: ResolutionError.self) { try Container(context: .live).resolve(Feed.Broken.self) }
        #expect(failure?.dependency == "Feed.Broken")
        #expect(failure?.description == "Factory of Feed.Broken threw: API base URL is not configured")
    }

    @Test("verify() and the graph keep two keys with the same simple name as two nodes")
    func graphNodes() async {
        let report = await Container(name: "Features", context: .live) {
            Feed.Broken.self
            Auth.Broken.self
            Feed.Key.self
        }.verify()
        #expect(report.graph.nodes.map(\.name) == ["Feed.Broken", "Auth.Broken", "Feed.Key", "Auth.Key"])
        #expect(report.failures.map(\.dependency) == ["Feed.Broken", "Feed.Key"])
        #expect(report.failures.last?.error.path == ["Feed.Key", "Auth.Key", "Feed.Key"])
        #expect(report.graph.edges.contains(.init(from: "Feed.Key", to: "Auth.Key", isCaptive: false)))
        #expect(report.graph.edges.contains(.init(from: "Auth.Key", to: "Feed.Key", isCaptive: false)))
    }

    @Test("origin(of:) names the nested key")
    func origin() {
        let container = Container(name: "Features", context: .live)
        #expect(container.origin(of: Auth.Broken.self).dependency == "Auth.Broken")
        #expect(container.origin(of: Auth.Broken.self).description.hasPrefix("Auth.Broken: live value"))
    }
}
