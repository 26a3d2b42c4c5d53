/// Whole source files of each kind found in the reference apps.
struct FileTemplates {
    let plan: CorpusPlan
    var snippets: MethodSnippets { MethodSnippets(plan: plan) }

    /// A singleton service: accessor, published state, a handful of methods, maybe a protocol.
    func service(_ service: CorpusPlan.Service, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line("import Combine")
        out.line()
        let entity = service.entity
        if let abstraction = service.abstraction {
            out.block("protocol \(abstraction): AnyObject {") { out in
                out.line("var items: [\(entity)] { get }")
                out.line("func fetch\(entity)s(token: String, region: String) async throws -> [\(entity)]")
                out.line("func cached\(entity)s() -> [\(entity)]")
                out.line("func invalidate(key: String)")
            }
            out.line()
        }
        let conformances = ["ObservableObject"] + (service.abstraction.map { [$0] } ?? [])
        out.line("/// Owns \(entity.lowercased()) data for the \(service.feature) feature.")
        out.block("final class \(service.name): \(conformances.joined(separator: ", ")) {") { out in
            let declared = service.accessor == "default" ? "`default`" : service.accessor
            out.line("static let \(declared) = \(service.name)()")
            out.line()
            out.line("@Published var items: [\(entity)] = []")
            out.line("@Published var isLoading = false")
            out.line("@Published var lastUpdated: Date?")
            out.line("private var cache: [String: \(entity)] = [:]")
            out.line("private var timer: Timer?")
            out.line("private let queue = DispatchQueue(label: \"com.example.\(service.name.lowercased())\")")
            out.line("private let baseURL = URL(string: \"https://\(random.pick(CorpusPlan.hosts))/v1\")!")
            out.line("private let cacheLifetime: TimeInterval = \(random.int(1...24)) * 60 * 60")
            out.line()
            out.block("private init() {") { out in
                out.line(
                    "NotificationCenter.default.addObserver(self, selector: #selector(reset), name: .userDidLogout, object: nil)"
                )
            }
            out.line()
            out.block("@objc private func reset() {") { out in
                out.line("queue.sync { cache.removeAll() }")
                out.line("items = []")
            }
            out.line()
            out.block("func fetch\(entity)s(token: String, region: String) async throws -> [\(entity)] {") { out in
                out.line("let url = baseURL.appendingPathComponent(\"\(entity.lowercased())s/\\(region)\")")
                out.line("var request = URLRequest(url: url)")
                out.line("request.setValue(\"Bearer \\(token)\", forHTTPHeaderField: \"Authorization\")")
                out.line("let (data, _) = try await URLSession.shared.data(for: request)")
                out.line("return try JSONDecoder().decode([\(entity)].self, from: data)")
            }
            out.line()
            out.block("func cached\(entity)s() -> [\(entity)] {") { out in
                out.line("queue.sync { Array(cache.values) }")
            }
            out.line()
            out.block("func invalidate(key: String) {") { out in
                out.line("queue.async { self.cache[key] = nil }")
            }
            out.line()
            out.block(
                "func perform(_ request: URLRequest, completion: @escaping (Data?, URLResponse?, Error?) -> Void) {"
            ) { out in
                out.line("URLSession.shared.dataTask(with: request, completionHandler: completion).resume()")
            }
            out.line()
            out.block("func record(event: String) {") { out in
                out.line("print(\"[\(service.name)] \\(event)\")")
            }
            out.line()
            for index in 0..<random.int(6...14) {
                snippets.write(&out, entity: entity, index: index, random: &random)
            }
        }
        return out
    }

    /// An `ObservableObject` view model that calls singletons, sometimes injecting one first.
    func viewModel(name: String, entity: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line("import Combine")
        out.line()
        let injected = random.chance(0.35) ? random.pick(plan.services) : nil
        let mainActor = random.chance(0.4)
        if mainActor { out.line("@MainActor") }
        out.block("final class \(name): ObservableObject {") { out in
            out.line("@Published var items: [\(entity)] = []")
            out.line("@Published var isLoading = false")
            out.line("@Published var errorMessage: String?")
            out.line("@Published var lastUpdated: Date?")
            out.line("@Published var query = \"\"")
            out.line("private var cancellables = Set<AnyCancellable>()")
            out.line("private var timer: Timer?")
            if let injected {
                let type = injected.abstraction ?? injected.name
                out.line("private let \(lowerFirst(injected.name)): \(type)")
                out.line()
                out.block("init(\(lowerFirst(injected.name)): \(type)? = nil) {") { out in
                    out.line(
                        "self.\(lowerFirst(injected.name)) = \(lowerFirst(injected.name)) ?? \(injected.name).\(injected.accessor)"
                    )
                    out.line("bindQuery()")
                }
            } else {
                out.line()
                out.block("init() {") { out in
                    out.line("bindQuery()")
                }
            }
            out.line()
            out.block("private func bindQuery() {") { out in
                out.line("$query")
                out.line("    .debounce(for: .milliseconds(300), scheduler: RunLoop.main)")
                out.line("    .removeDuplicates()")
                out.line("    .sink { [weak self] text in self?.search(text) }")
                out.line("    .store(in: &cancellables)")
            }
            out.line()
            out.block("func search(_ text: String) {") { out in
                out.line("let service = \(random.pick(plan.services).name).\(random.pick(plan.services).accessor)")
                out.line(
                    "items = service.cached\(entity)s().filter { $0.title.localizedCaseInsensitiveContains(text) }")
            }
            out.line()
            for index in 0..<random.int(12...26) {
                snippets.write(&out, entity: entity, index: index, random: &random)
            }
        }
        return out
    }

    /// A SwiftUI screen owning its view model.
    func view(name: String, viewModel: String, entity: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import SwiftUI")
        out.line()
        out.block("struct \(name): View {") { out in
            out.line("@StateObject private var viewModel = \(viewModel)()")
            out.line("@State private var showsFilter = false")
            out.line("@State private var selection: \(entity)?")
            out.line("@EnvironmentObject var settings: SettingsStore")
            out.line()
            out.block("var body: some View {") { out in
                out.block("NavigationStack {") { out in
                    out.block("List(viewModel.items) { item in") { out in
                        out.block("Button(action: { selection = item }) {") { out in
                            out.line("row(for: item)")
                        }
                    }
                    out.line(".navigationTitle(\"\(entity)s\")")
                    out.line(".searchable(text: $viewModel.query)")
                    out.block(".toolbar {") { out in
                        out.line("Button(\"Filter\") { showsFilter.toggle() }")
                    }
                    out.block(".overlay {") { out in
                        out.block("if viewModel.isLoading {") { out in
                            out.line("ProgressView(\"Loading \(entity.lowercased())s…\")")
                        }
                    }
                    out.line(".refreshable { await reload() }")
                }
            }
            out.line()
            out.block("private func row(for item: \(entity)) -> some View {") { out in
                out.block("HStack(spacing: \(random.int(4...16))) {") { out in
                    out.block("VStack(alignment: .leading) {") { out in
                        out.line("Text(item.title).font(.headline)")
                        out.line("Text(item.updatedAt, style: .relative).font(.caption).foregroundColor(.secondary)")
                    }
                    out.line("Spacer()")
                    out.line("Text(\"\\(item.score)\").bold()")
                    out.block("if item.kind == .premium {") { out in
                        out.line("Image(systemName: \"star.fill\").foregroundColor(.yellow)")
                    }
                }
                out.line(".padding(.vertical, \(random.int(2...8)))")
            }
            out.line()
            out.block("private func reload() async {") { out in
                out.line("AnalyticsManager.shared.track(\"\(name.lowercased())_pull_to_refresh\", properties: [:])")
                out.line("viewModel.search(viewModel.query)")
            }
        }
        return out
    }

    /// A `Codable` model with its enums, coding keys and formatting helpers.
    func model(name: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        let fieldCount = random.int(8...22)
        out.block("struct \(name): Codable, Identifiable, Equatable, Hashable {") { out in
            out.line("let id: UUID")
            out.line("var title: String")
            out.line("var score: Int")
            out.line("var isActive: Bool")
            out.line("var kind: \(name)Kind")
            out.line("var updatedAt: Date")
            for field in 0..<fieldCount {
                out.line(
                    "var \(fieldName(field)): \(random.pick(["String", "Int", "Double", "Bool", "Date?", "[String]", "URL?"]))"
                )
            }
            out.line()
            out.block("enum CodingKeys: String, CodingKey {") { out in
                out.line("case id, title, score, kind")
                out.line("case isActive = \"is_active\"")
                out.line("case updatedAt = \"updated_at\"")
                for field in 0..<fieldCount {
                    out.line("case \(fieldName(field)) = \"\(snakeCase(fieldName(field)))\"")
                }
            }
        }
        out.line()
        out.block("enum \(name)Kind: String, Codable {") { out in
            out.line("case standard, premium, archived")
        }
        out.line()
        out.block("enum \(name)Event {") { out in
            out.line("case created(\(name))")
            out.line("case updated(\(name))")
            out.line("case deleted(UUID)")
        }
        out.line()
        out.block("enum \(name)Validation: Equatable {") { out in
            out.line("case valid")
            out.line("case warning(String)")
            out.line("case invalid(reason: String)")
        }
        out.line()
        out.block("enum \(name)Error: Error {") { out in
            out.line("case invalidRequest")
            out.line("case notFound(id: UUID)")
            out.line("case server(status: Int, message: String)")
        }
        out.line()
        out.block("extension \(name) {") { out in
            out.line(
                "static let placeholder = \(name)(id: UUID(), title: \"Sample \(name.lowercased())\", score: 0, isActive: true, kind: .standard, updatedAt: Date(), \((0..<fieldCount).map { "\(fieldName($0)): .init()" }.joined(separator: ", ")))"
            )
            out.line()
            out.block("var displayTitle: String {") { out in
                out.line("isActive ? title : \"\\(title) (inactive)\"")
            }
            out.line()
            out.block("var isStale: Bool {") { out in
                out.line("Date().timeIntervalSince(updatedAt) > \(random.int(1...48)) * 60 * 60")
            }
        }
        return out
    }

    /// An extension that adds behaviour to a service from another file.
    func serviceExtension(_ service: CorpusPlan.Service, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("extension \(service.name) {") { out in
            for index in 0..<random.int(8...16) {
                snippets.write(&out, entity: service.entity, index: 100 + index, random: &random)
            }
        }
        return out
    }

    /// A coordinator that builds screens and talks to singletons.
    func coordinator(name: String, feature: String, screens: [String], random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import SwiftUI")
        out.line()
        out.block("final class \(name): ObservableObject {") { out in
            out.line("@Published var path: [\(feature)Route] = []")
            out.line("private let analytics = AnalyticsManager.shared")
            out.line()
            out.block("enum \(feature)Route: Hashable {") { out in
                for screen in screens { out.line("case \(lowerFirst(screen))") }
            }
            out.line()
            out.block("func start() {") { out in
                out.line(
                    "analytics.track(\"\(feature.lowercased())_started\", properties: [\"region\": \"\(random.pick(CorpusPlan.regions))\"])"
                )
                out.block("if AuthManager.shared.isLoggedIn == false {") { out in
                    out.line("path = []")
                    out.line("return")
                }
                out.line("path.append(.\(lowerFirst(screens[0])))")
            }
            out.line()
            for screen in screens {
                out.block("func show\(screen)() {") { out in
                    out.line("analytics.track(\"show_\(screen.lowercased())\", properties: [:])")
                    out.line("path.append(.\(lowerFirst(screen)))")
                }
                out.line()
            }
            out.block("@ViewBuilder func destination(for route: \(feature)Route) -> some View {") { out in
                out.block("switch route {") { out in
                    for screen in screens {
                        out.line("case .\(lowerFirst(screen)):")
                        out.line("    \(feature)\(screen)View()")
                    }
                }
            }
        }
        return out
    }

    private func fieldName(_ index: Int) -> String {
        let names = [
            "notes", "rating", "distance", "latitude", "longitude", "author", "tags", "imageURL",
            "createdAt", "price", "currency", "status", "region", "height", "period", "direction",
            "temperature", "isFavorite", "shareURL", "ownerID", "summary", "version",
        ]
        return names[index % names.count] + (index >= names.count ? "\(index / names.count)" : "")
    }

    private func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// `"SpotsService"` → `"spotsService"`.
func lowerFirst(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.lowercased() + name.dropFirst()
}
