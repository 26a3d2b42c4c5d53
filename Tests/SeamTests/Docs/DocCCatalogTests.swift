// Every library product has a DocC catalog with a landing page and a getting-started article; every
// Swift block of every catalog is compiled by a test; every ``Symbol`` link names a declaration of the
// module (checked on the sources, so it holds where `docc` is not installed).
import Foundation
import Testing

@Suite("DocC catalogs")
struct DocCCatalogTests {
    /// Each catalog page with Swift code, and the test file that compiles that code.
    static let mirrors: [String: String] = [
        "Sources/Seam/Seam.docc/GettingStarted.md": "Tests/SeamTests/Docs/DocCArticleTests.swift",
        "Sources/Seam/Seam.docc/Lifetimes.md": "Tests/SeamTests/Docs/DocCArticleTests.swift",
        "Sources/Seam/Seam.docc/Testing.md": "Tests/SeamTests/Docs/DocCArticleTests.swift",
        "Sources/Seam/Seam.docc/MigratingFromSingletons.md": "Tests/SeamTests/Docs/DocCArticleTests.swift",
        "Sources/Seam/Seam.docc/WiringTheBlocks.md": "Tests/SeamIntegrationTests/Wiring/WiringArticleTests.swift",
        "Sources/SeamTesting/SeamTesting.docc/GettingStarted.md": "Tests/SeamTests/Docs/SeamTestingArticleTests.swift",
        "Sources/SeamNavigation/SeamNavigation.docc/GettingStarted.md":
            "Tests/SeamNavigationTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamArchitecture/SeamArchitecture.docc/GettingStarted.md":
            "Tests/SeamArchitectureTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamConfiguration/SeamConfiguration.docc/GettingStarted.md":
            "Tests/SeamConfigurationTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamCache/SeamCache.docc/GettingStarted.md":
            "Tests/SeamCacheTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamPersistence/SeamPersistence.docc/GettingStarted.md":
            "Tests/SeamPersistenceTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamPersistenceTesting/SeamPersistenceTesting.docc/GettingStarted.md":
            "Tests/SeamPersistenceTests/Docs/PersistenceTestingArticleTests.swift",
        "Sources/SeamNetwork/SeamNetwork.docc/GettingStarted.md":
            "Tests/SeamNetworkTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamAnalysis/SeamAnalysis.docc/GettingStarted.md":
            "Tests/SeamAnalysisTests/Docs/GettingStartedArticleTests.swift",
        "Sources/SeamMigration/SeamMigration.docc/GettingStarted.md":
            "Tests/SeamMigrationTests/Docs/GettingStartedArticleTests.swift",
    ]

    /// The README's tour of each block (`<!-- section: NAME -->`), and the article test file its code comes from.
    static let readmeSections: [String: String] = [
        "navigation": "Tests/SeamNavigationTests/Docs/GettingStartedArticleTests.swift",
        "architecture-errors": "Tests/SeamArchitectureTests/Docs/GettingStartedArticleTests.swift",
        "configuration": "Tests/SeamConfigurationTests/Docs/GettingStartedArticleTests.swift",
        "cache": "Tests/SeamCacheTests/Docs/GettingStartedArticleTests.swift",
        "persistence": "Tests/SeamPersistenceTests/Docs/GettingStartedArticleTests.swift",
        "network": "Tests/SeamNetworkTests/Docs/GettingStartedArticleTests.swift",
    ]

    /// Catalog pages whose Swift blocks are not compiled but checked against other code, and the test that
    /// checks them (it must name the page).
    static let checkedElsewhere: [String: String] = [
        // Example code before and after `seam migrate`: the example's source and the migration's output.
        "Sources/SeamMigration/SeamMigration.docc/MigratingACodebase.md":
            "Tests/SeamMigrationTests/Docs/MigratingArticleTests.swift"
    ]

    /// The library products of Package.swift.
    static let libraryProducts: [String] = {
        let manifest =
            (try? String(contentsOfFile: DocSnippets.repositoryRoot + "/Package.swift", encoding: .utf8)) ?? ""
        return manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) }
    }()

    @Test("Package.swift has library products to document")
    func productsFound() {
        #expect(Self.libraryProducts.count >= 11, "\(Self.libraryProducts)")
    }

    @Test("a catalog page's Swift blocks are all compiled by its test file", arguments: mirrors.keys.sorted())
    func mirrored(page: String) throws {
        try DocSnippets(page).expectMirrored(in: Self.mirrors[page] ?? "")
    }

    @Test(
        "the README's example of each block is code its article's test compiles",
        arguments: readmeSections.keys.sorted())
    func readmeTour(section: String) throws {
        try DocSnippets("README.md", section: section).expectMirrored(in: Self.readmeSections[section] ?? "")
    }

    @Test("every catalog page with Swift code has a test file compiling it")
    func everyPageWithCodeIsMirrored() throws {
        for page in try Self.catalogPages() where try !DocSnippets(page).blocks.isEmpty {
            #expect(
                Self.mirrors[page] != nil || Self.checkedElsewhere[page] != nil,
                "\(page) has Swift blocks no test compiles: add it to DocCCatalogTests.mirrors")
        }
        for (page, test) in Self.checkedElsewhere {
            #expect(try Self.read(test).contains(page), "\(test) does not check \(page)")
        }
    }

    @Test(
        "each library product has a landing page with topics and a getting-started article", arguments: libraryProducts)
    func catalog(product: String) throws {
        let folder = "Sources/\(product)/\(product).docc"
        let landing = try Self.read("\(folder)/\(product).md")
        #expect(landing.hasPrefix("# ``\(product)``\n"), "\(folder)/\(product).md must start with # ``\(product)``")
        #expect(landing.contains("\n## Topics\n"), "\(folder)/\(product).md has no ## Topics")
        #expect(landing.contains("<doc:GettingStarted>"), "\(folder)/\(product).md does not list <doc:GettingStarted>")
        #expect(
            try !DocSnippets("\(folder)/GettingStarted.md").blocks.isEmpty,
            "\(folder)/GettingStarted.md has no Swift code")
    }

    @Test("every ``Symbol`` link of a catalog names a declaration of its module", arguments: libraryProducts)
    func symbolLinks(product: String) throws {
        let sources = try Self.moduleSources(product)
        for page in try Self.catalogPages().filter({ $0.hasPrefix("Sources/\(product)/") }) {
            for link in SymbolLinks.links(in: try Self.read(page)) where link != product {
                let resolves = SymbolLinks.resolves(link, in: sources)
                #expect(resolves, "\(page): ``\(link)`` names no declaration of \(product)")
            }
        }
    }

    @Test("the link check rejects what does not exist")
    func linkCheckCanFail() {
        let sources = """
            public struct Cache<Key> {
                public init(options: Int = 1,
                    clock: @escaping () -> Int) {}
                public var count: Int
            }
            """
        #expect(SymbolLinks.resolves("Cache", in: sources))
        #expect(SymbolLinks.resolves("Cache/init(options:clock:)", in: sources))
        #expect(SymbolLinks.resolves("Cache/count", in: sources))
        #expect(SymbolLinks.resolves("Cache/init(options:clock:)-(_,_)", in: sources))
        #expect(SymbolLinks.resolves("Lifetime/scoped(_:)", in: "public enum Lifetime {\n    case scoped(Scope)\n}"))
        #expect(!SymbolLinks.resolves("Cache/init(options:)", in: sources))
        #expect(!SymbolLinks.resolves("Cache/size", in: sources))
        #expect(!SymbolLinks.resolves("Store", in: sources))
        #expect(SymbolLinks.links(in: "See ``Cache/count`` and ``Store``, not `code`.") == ["Cache/count", "Store"])
    }

    // MARK: Files

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: DocSnippets.repositoryRoot + "/" + relativePath, encoding: .utf8)
    }

    /// Every Markdown file of every catalog under Sources, as a path from the repository root.
    static func catalogPages() throws -> [String] {
        let root = DocSnippets.repositoryRoot
        var pages: [String] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: root + "/Sources").sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + catalog) else {
                continue
            }
            pages += files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return pages
    }

    /// The module's Swift sources, concatenated.
    static func moduleSources(_ module: String) throws -> String {
        let folder = URL(fileURLWithPath: DocSnippets.repositoryRoot + "/Sources/" + module)
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }
}

/// DocC symbol links (``Type/member(label:)``) and whether a module's sources declare what they name.
enum SymbolLinks {
    /// The links of a page, in order, without the page's `# ``Module``` title.
    static func links(in page: String) -> [String] {
        page.components(separatedBy: "\n").filter { !$0.hasPrefix("# ") }.joined(separator: "\n")
            .matches(of: /``([^`\n]+)``/).map { String($0.output.1) }
    }

    /// Whether `link`'s first component is a declared type or function and each further component a
    /// declared member name, with the argument labels of one of that name's declarations when it has some.
    static func resolves(_ link: String, in sources: String) -> Bool {
        // A disambiguation suffix (`-swift.struct`, `-(_)`, a hash) only chooses between declarations.
        let components = link.split(separator: "/").map { component in
            component.wholeMatch(of: /(.*?[\w)])-[^-]+/).map { String($0.output.1) } ?? String(component)
        }
        guard let first = components.first else { return false }
        let typeKeywords = "(?:class|struct|enum|protocol|actor|typealias|func)"
        if !components[0].contains("("),
            sources.firstMatch(
                of: try! Regex("(?:public|open)\\s+(?:final\\s+|indirect\\s+)?\(typeKeywords)\\s+\(first)\\b")) == nil
        {
            return false
        }
        return components.dropFirst(components[0].contains("(") ? 0 : 1).allSatisfy { declares($0, in: sources) }
    }

    /// Whether `component` (`name` or `name(label:other:)`) is declared in `sources`.
    private static func declares(_ component: String, in sources: String) -> Bool {
        guard let open = component.firstIndex(of: "(") else {
            let pattern =
                "\\b(?:func|var|let|case|class|struct|enum|protocol|actor|typealias|associatedtype)\\s+\(component)\\b"
            return sources.firstMatch(of: try! Regex(pattern)) != nil
                || sources.firstMatch(of: try! Regex("\\bcase\\s[^\\n]*[ ,]\(component)\\b")) != nil
        }
        let name = String(component[..<open])
        let labels = component[component.index(after: open)...].dropLast().split(
            separator: ":", omittingEmptySubsequences: true
        )
        .map(String.init)
        let declaration = name == "init" ? "\\binit[?!]?" : "\\b(?:func|case)\\s+\(name)"
        for match in sources.matches(of: try! Regex("\(declaration)\\s*(?:<[^>(]*>)?\\(")) {
            if parameterLabels(in: sources[match.range.upperBound...]) == labels { return true }
        }
        return false
    }

    /// The argument labels of the parameter list starting right after its `(` ("_" for none).
    private static func parameterLabels(in text: Substring) -> [String] {
        var depth = 0
        var parameters: [String] = []
        var current = ""
        for character in text {
            switch character {
            case ">" where current.last == "-": break  // a function type's arrow
            case "(", "[", "<": depth += 1
            case ")" where depth == 0:
                if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parameters.append(current) }
                return parameters.map(label)
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                parameters.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        return []
    }

    private static func label(of parameter: String) -> String {
        guard parameter.contains(":") else { return "_" }  // an enum case's unlabelled associated value
        let head = parameter.split(separator: ":", maxSplits: 1).first.map(String.init) ?? parameter
        let words = head.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") && $0 != "isolated" }
        return words.first.map(String.init) ?? parameter
    }
}
