/// Method bodies of the kinds real singleton-heavy apps are made of: completion-handler fetches,
/// async fetches, background work that writes state, closure chains, validation with `guard`
/// and `switch`, string building, force unwraps and hard-coded values.
struct MethodSnippets {
    let plan: CorpusPlan

    /// Writes one randomly chosen method for a type whose items are `entity`.
    func write(_ out: inout SourceWriter, entity: String, index: Int, random: inout SplitMix64) {
        let other = random.pick(plan.services)
        let access = "\(other.name).\(other.accessor)"
        let region = random.pick(CorpusPlan.regions)
        let host = random.pick(CorpusPlan.hosts)
        switch random.int(0...7) {
        case 0:
            out.block(
                "func load\(entity)s\(index)(region: String = \"\(region)\", completion: @escaping (Result<[\(entity)], Error>) -> Void) {"
            ) { out in
                out.block(
                    "guard let url = URL(string: \"https://\(host)/v2/\(entity.lowercased())s?region=\\(region)\") else {"
                ) { out in
                    out.line("completion(.failure(\(entity)Error.invalidRequest))")
                    out.line("return")
                }
                out.line("var request = URLRequest(url: url)")
                out.line("request.timeoutInterval = 30")
                out.line("request.setValue(\"application/json\", forHTTPHeaderField: \"Accept\")")
                out.block("\(access).perform(request) { [weak self] data, response, error in") { out in
                    out.block("if let error = error {") { out in
                        out.line("completion(.failure(error))")
                        out.line("return")
                    }
                    out.line("let decoded = try! JSONDecoder().decode([\(entity)].self, from: data!)")
                    out.block("DispatchQueue.main.async {") { out in
                        out.line("self?.lastUpdated = Date()")
                        out.line("completion(.success(decoded))")
                    }
                }
            }
        case 1:
            out.block("func refresh\(entity)\(index)() async throws -> [\(entity)] {") { out in
                out.line("let token = try await AuthManager.shared.validToken()")
                out.line("let items = try await \(access).fetch\(entity)s(token: token, region: \"\(region)\")")
                out.line("let active = items.filter { $0.isActive && !$0.title.isEmpty }")
                out.block("for item in active where item.score > \(random.int(1...9)) {") { out in
                    out.line(
                        "AnalyticsManager.shared.track(\"\(entity.lowercased())_refreshed\", properties: [\"id\": item.id.uuidString])"
                    )
                }
                out.line("return active.sorted { $0.updatedAt > $1.updatedAt }")
            }
        case 2:
            out.block("func sync\(entity)s\(index)() {") { out in
                out.block("DispatchQueue.global(qos: .userInitiated).async {") { out in
                    out.line("let stored = \(access).cached\(entity)s()")
                    out.line(
                        "let merged = stored.reduce(into: [UUID: \(entity)]()) { result, item in result[item.id] = item }"
                    )
                    out.line("self.items = Array(merged.values)")
                    out.line("self.isLoading = false")
                }
            }
        case 3:
            out.block("func validate\(entity)\(index)(_ item: \(entity)) -> \(entity)Validation {") { out in
                out.block("guard !item.title.isEmpty else {") { out in
                    out.line("return .invalid(reason: \"Missing title for \\(item.id)\")")
                }
                out.block("switch item.kind {") { out in
                    out.line("case .standard:")
                    out.line("    return item.score >= \(random.int(0...5)) ? .valid : .warning(\"Low score\")")
                    out.line("case .premium where SubscriptionManager.shared.isSubscribed:")
                    out.line("    return .valid")
                    out.line("case .premium:")
                    out.line("    return .invalid(reason: \"Premium \(entity.lowercased()) needs a subscription\")")
                    out.line("case .archived:")
                    out.line("    return .warning(\"Archived since \\(item.updatedAt)\")")
                }
            }
        case 4:
            out.block("var \(entity.lowercased())Summary\(index): String {") { out in
                out.line("let count = items.count")
                out.line("let best = items.max { $0.score < $1.score }")
                out.line("let label = best.map { \"\\($0.title) (\\($0.score))\" } ?? \"none\"")
                out.line("return \"\\(count) \(entity.lowercased())s in \(region), best: \\(label)\"")
            }
        case 5:
            out.block("func schedule\(entity)Refresh\(index)() {") { out in
                out.line("let interval: TimeInterval = \(random.int(5...60)) * 60")
                out.line("timer?.invalidate()")
                out.block("timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in")
                { out in
                    out.line("guard let self = self else { return }")
                    out.line("\(access).invalidate(key: \"\(entity.lowercased())-\(index)\")")
                    out.line("self.lastUpdated = Date()")
                }
            }
        case 6:
            out.block("func export\(entity)s\(index)(to folder: URL) throws -> URL {") { out in
                out.line("let encoder = JSONEncoder()")
                out.line("encoder.outputFormatting = [.prettyPrinted, .sortedKeys]")
                out.line("let data = try encoder.encode(items)")
                out.line(
                    "let file = folder.appendingPathComponent(\"\(entity.lowercased())s-\\(Date().timeIntervalSince1970).json\")"
                )
                out.line("try data.write(to: file, options: .atomic)")
                out.line("let settings = SettingsStore.shared")
                out.line("settings.lastExportPath = file.path")
                out.line("return file")
            }
        default:
            out.block("func handle\(entity)Event\(index)(_ event: \(entity)Event) {") { out in
                out.block("switch event {") { out in
                    out.line("case .created(let item):")
                    out.line("    items.append(item)")
                    out.line("case .updated(let item):")
                    out.block("    if let position = items.firstIndex(where: { $0.id == item.id }) {", closer: "    }")
                    { out in
                        out.line("    items[position] = item")
                    }
                    out.line("case .deleted(let id):")
                    out.line("    items.removeAll { $0.id == id }")
                }
                out.line("\(access).record(event: String(describing: event))")
            }
        }
        out.line()
    }
}
