/// Files shaped like the real apps the audit is run on (Home Assistant, Pocket Casts, Element X), which the
/// singleton-heavy synthetic corpus lacks: SwiftGen strings and assets files with thousands of static
/// members, Sourcery mocks, theme colour tables, `Notification.Name` and colour constants in extensions,
/// SwiftUI views with long modifier chains and nested closures, deep member chains, many small model
/// files and `#if` blocks. Only the shape is copied, never their code.
struct RealShapeTemplates {
    static let features = [
        "Timeline", "RoomList", "Settings", "Onboarding", "Player", "Discover", "Profile", "Search", "Downloads",
        "Notifications", "Sharing", "Widgets", "Authentication", "Devices", "Automations", "Energy", "Library",
        "Bookmarks", "Filters", "Upload", "Calls", "Polls", "Location", "Invites",
    ]
    static let nouns = [
        "Room", "Message", "Episode", "Podcast", "Entity", "Sensor", "Zone", "Member", "Reaction", "Thread",
        "Playlist", "Chapter", "Server", "Device", "Attachment", "Folder", "Account", "Session", "Invite", "Poll",
        "Filter", "Tag", "Bookmark", "Scene",
    ]
    static let adjectives = [
        "primary", "secondary", "tertiary", "accent", "muted", "critical", "success", "warning", "subtle",
        "inverse", "disabled", "selected", "highlighted", "pressed",
    ]
    static let themes = ["Light", "Dark", "ExtraDark", "Classic", "Electric", "Indigo", "Radioactive", "Contrast"]
    static let colorRoles = ["ui", "text", "icon", "support", "player", "filter", "veil", "divider", "contrast"]
    static let stringSections = [
        "action", "common", "screen", "dialog", "error", "notification", "settings", "onboarding", "a11y",
        "banner", "menu", "state", "invite", "room", "timeline", "player", "search", "widget",
    ]
    static let words = [
        "add", "remove", "edit", "save", "cancel", "done", "retry", "share", "copy", "open", "close", "title",
        "subtitle", "description", "empty", "loading", "failed", "success", "confirm", "delete", "mute", "leave",
        "join", "invite", "report", "block", "unblock", "pin", "unpin", "archive", "download", "stream",
        "subscribe", "unsubscribe", "sort", "filter", "refresh", "sign", "verify", "reset", "learn", "more",
    ]
    static let modifiers = [
        ".padding(.horizontal, 16)", ".padding(.vertical, 8)", ".frame(maxWidth: .infinity, alignment: .leading)",
        ".background(Color.compound.bgCanvasDefault)", ".foregroundColor(.compound.textSecondary)",
        ".font(.compound.bodyMD)", ".lineLimit(2)", ".multilineTextAlignment(.leading)",
        ".clipShape(RoundedRectangle(cornerRadius: 12))", ".accessibilityIdentifier(A11yIdentifiers.%@.row)",
        ".contentShape(Rectangle())", ".fixedSize(horizontal: false, vertical: true)", ".opacity(isEnabled ? 1 : 0.4)",
        ".animation(.easeInOut(duration: 0.2), value: isExpanded)", ".listRowInsets(EdgeInsets())",
        ".scrollDismissesKeyboard(.immediately)", ".redacted(reason: isLoading ? .placeholder : [])",
    ]

    // MARK: Generated files

    /// A SwiftGen strings file: nested enums of `static var` strings and `static func` formatters, each
    /// with its doc comment, `entries` entries in all.
    static func swiftGenStrings(name: String, entries: Int, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("// swiftlint:disable all")
        out.line("// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen")
        out.line()
        out.line("import Foundation")
        out.line()
        out.line("// MARK: - Strings")
        out.line()
        out.block("internal enum \(name) {") { out in
            var written = 0
            var sectionIndex = 0
            while written < entries {
                let section = stringSections[sectionIndex % stringSections.count]
                let sectionName =
                    section.prefix(1).uppercased() + section.dropFirst()
                    + (sectionIndex < stringSections.count ? "" : "\(sectionIndex / stringSections.count + 1)")
                out.block("internal enum \(sectionName) {") { out in
                    for index in 0..<min(random.int(40...160), entries - written) {
                        let first = random.pick(words)
                        let second = random.pick(words)
                        let key = "\(section)_\(first)_\(second)_\(index)"
                        let member = camelCase(section, first, second) + "\(index)"
                        if random.chance(0.2) {
                            out.line("/// \(capitalized(first)) %1$@ \(second) %2$@")
                            out.block("internal static func \(member)(_ p1: Any, _ p2: Int) -> String {") { out in
                                out.line("return \(name).tr(\"Localizable\", \"\(key)\", String(describing: p1), p2)")
                            }
                        } else {
                            out.line("/// \(capitalized(first)) \(second)")
                            out.line(
                                "internal static var \(member): String { return \(name).tr(\"Localizable\", \"\(key)\") }"
                            )
                        }
                        written += 1
                    }
                }
                sectionIndex += 1
            }
        }
        out.line()
        out.line("// MARK: - Implementation Details")
        out.line()
        out.block("extension \(name) {") { out in
            out.block("private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {") { out in
                out.line("let format = BundleToken.bundle.localizedString(forKey: key, value: nil, table: table)")
                out.line("return String(format: format, locale: Locale.current, arguments: args)")
            }
        }
        out.line()
        out.block("private final class BundleToken {") { out in
            out.block("static let bundle: Bundle = {", closer: "}()") { out in
                out.line("#if SWIFT_PACKAGE")
                out.line("return Bundle.module")
                out.line("#else")
                out.line("return Bundle(for: BundleToken.self)")
                out.line("#endif")
            }
        }
        return out
    }

    /// A SwiftGen assets file: colour and image assets as `static let` in nested enums.
    static func swiftGenAssets(entries: Int, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("// swiftlint:disable all")
        out.line("// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen")
        out.line()
        out.line("#if os(macOS)")
        out.line("import AppKit")
        out.line("#elseif os(iOS)")
        out.line("import UIKit")
        out.line("#endif")
        out.line("#if canImport(SwiftUI)")
        out.line("import SwiftUI")
        out.line("#endif")
        out.line()
        out.block("internal enum Asset {") { out in
            var written = 0
            var group = 0
            while written < entries {
                let noun = nouns[group % nouns.count]
                out.block("internal enum \(noun)\(group / nouns.count == 0 ? "" : String(group / nouns.count + 1)) {") {
                    out in
                    for index in 0..<min(random.int(20...80), entries - written) {
                        let adjective = random.pick(adjectives)
                        if random.chance(0.4) {
                            out.line(
                                "internal static let \(adjective)\(noun)Color\(index) = ColorAsset(name: \"\(noun)/\(adjective)-\(index)\")"
                            )
                        } else {
                            out.line(
                                "internal static let \(adjective)\(noun)\(index) = ImageAsset(name: \"\(noun)/\(adjective)_\(index)\")"
                            )
                        }
                        written += 1
                    }
                }
                group += 1
            }
        }
        out.line()
        out.block("internal final class ColorAsset {") { out in
            out.line("internal fileprivate(set) var name: String")
            out.line()
            out.line("#if os(iOS) || os(tvOS) || os(watchOS)")
            out.block("internal private(set) lazy var color: UIColor = {", closer: "}()") { out in
                out.block("guard let color = UIColor(named: name, in: BundleToken.bundle, compatibleWith: nil) else {")
                { out in
                    out.line("fatalError(\"Unable to load color asset named \\(name).\")")
                }
                out.line("return color")
            }
            out.line("#endif")
            out.line()
            out.block("fileprivate init(name: String) {") { out in
                out.line("self.name = name")
            }
        }
        out.line()
        out.block("internal struct ImageAsset {") { out in
            out.line("internal fileprivate(set) var name: String")
            out.line()
            out.line("#if os(iOS) || os(tvOS)")
            out.block("internal var image: UIImage {") { out in
                out.line("let bundle = BundleToken.bundle")
                out.block("guard let result = UIImage(named: name, in: bundle, compatibleWith: nil) else {") { out in
                    out.line("fatalError(\"Unable to load image asset named \\(name).\")")
                }
                out.line("return result")
            }
            out.line("#endif")
        }
        out.line()
        out.block("private final class BundleToken {") { out in
            out.line("static let bundle = Bundle(for: BundleToken.self)")
        }
        return out
    }

    /// A Sourcery mocks file: per protocol method, call counters, received arguments, a closure and the
    /// method itself, behind locks.
    static func sourceryMocks(count: Int, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("// Generated using Sourcery 2.3.0 — https://github.com/krzysztofzablocki/Sourcery")
        out.line("// DO NOT EDIT")
        out.line()
        out.line("// swiftlint:disable all")
        out.line("import Combine")
        out.line("import Foundation")
        out.line()
        for mock in 0..<count {
            let noun = nouns[mock % nouns.count]
            let name = "\(noun)Proxy\(mock / nouns.count == 0 ? "" : String(mock / nouns.count + 1))"
            out.block("class \(name)Mock: \(name)Protocol, @unchecked Sendable {") { out in
                out.block("var \(noun.lowercased())ID: String {") { out in
                    out.line("get { return underlying\(noun)ID }")
                    out.line("set(value) { underlying\(noun)ID = value }")
                }
                out.line("var underlying\(noun)ID: String!")
                for index in 0..<random.int(4...10) {
                    let method = random.pick(words) + noun + "\(index)"
                    let counter = "\(method)CallsCount"
                    out.line()
                    out.line("//MARK: - \(method)")
                    out.line()
                    out.line("private let \(counter)Lock = NSLock()")
                    out.line("private var \(method)UnderlyingCallsCount = 0")
                    out.block("var \(counter): Int {") { out in
                        out.line("get { \(counter)Lock.withLock { \(method)UnderlyingCallsCount } }")
                        out.line("set { \(counter)Lock.withLock { \(method)UnderlyingCallsCount = newValue } }")
                    }
                    out.block("var \(method)Called: Bool {") { out in
                        out.line("return \(counter) > 0")
                    }
                    out.line("var \(method)ReceivedValue: String?")
                    out.line("var \(method)ReceivedInvocations: [String] = []")
                    out.line("var \(method)ReturnValue: Result<Void, \(noun)ProxyError>!")
                    out.line("var \(method)Closure: ((String) async -> Result<Void, \(noun)ProxyError>)?")
                    out.line()
                    out.block("func \(method)(value: String) async -> Result<Void, \(noun)ProxyError> {") { out in
                        out.line("\(counter)Lock.withLock { \(method)UnderlyingCallsCount += 1 }")
                        out.line("\(method)ReceivedValue = value")
                        out.line("DispatchQueue.main.async {")
                        out.line("    self.\(method)ReceivedInvocations.append(value)")
                        out.line("}")
                        out.block("if let \(method)Closure = \(method)Closure {") { out in
                            out.line("return await \(method)Closure(value)")
                        }
                        out.block("else {") { out in
                            out.line("return \(method)ReturnValue")
                        }
                    }
                }
            }
        }
        return out
    }

    /// A theme colour table: hundreds of `private static let` colours per token and theme, and the
    /// switches that pick one.
    static func themeColors(tokens: Int, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import UIKit")
        out.line()
        out.block("enum ThemeColor {") { out in
            var names: [String] = []
            for index in 0..<tokens {
                let name = random.pick(colorRoles) + String(format2(index + 1))
                names.append(name)
                out.block(
                    "static func \(name)(for theme: Theme.ThemeType = Theme.sharedTheme.activeTheme) -> UIColor {"
                ) { out in
                    out.block("switch theme {") { out in
                        for theme in themes {
                            out.line("case .\(theme.prefix(1).lowercased() + theme.dropFirst()):")
                            out.line("    return \(name)\(theme)")
                        }
                    }
                }
                out.line()
            }
            for name in names {
                for theme in themes {
                    out.line("private static let \(name)\(theme) = UIColor(hex: \"#\(hex(&random))\")")
                }
            }
        }
        return out
    }

    // MARK: Hand-written files

    /// Constants in extensions: `Notification.Name`s, colours, user-defaults keys, sizes.
    static func constants(feature: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line("import SwiftUI")
        out.line()
        out.block("extension Notification.Name {") { out in
            for index in 0..<random.int(8...30) {
                let name = "\(feature.lowercased())\(random.pick(nouns))\(capitalized(random.pick(words)))\(index)"
                out.line("static let \(name) = Notification.Name(\"\(name)\")")
            }
        }
        out.line()
        out.block("extension Color {") { out in
            for index in 0..<random.int(10...40) {
                let name = "\(feature.lowercased())\(capitalized(random.pick(adjectives)))\(index)"
                switch random.int(0...2) {
                case 0:
                    out.line(
                        "static let \(name) = Color(red: 0.\(random.int(10...99)), green: 0.\(random.int(10...99)), blue: 0.\(random.int(10...99)))"
                    )
                case 1: out.line("static let \(name) = Color(\"\(feature)/\(name)\")")
                default: out.line("static let \(name) = Color(uiColor: UIColor(hex: \"#\(hex(&random))\"))")
                }
            }
        }
        out.line()
        out.block("enum \(feature)Constants {") { out in
            out.line("static let rowHeight: CGFloat = \(random.int(32...88))")
            out.line("static let cornerRadius: CGFloat = \(random.int(4...16))")
            out.line("static let animationDuration: TimeInterval = 0.\(random.int(1...9))")
            out.block("enum Keys {") { out in
                for index in 0..<random.int(5...15) {
                    out.line(
                        "static let \(random.pick(words))\(index) = \"\(feature.lowercased()).\(random.pick(words)).\(index)\""
                    )
                }
            }
        }
        return out
    }

    /// A small model file: a `Codable` struct with coding keys, an enum, an extension with computed
    /// properties, sometimes behind `#if`.
    static func model(name: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        let fields = (0..<random.int(3...9)).map { "\(random.pick(words))\(random.pick(nouns))\($0)" }
        out.block("struct \(name): Codable, Hashable, Identifiable {") { out in
            out.line("let id: String")
            for field in fields {
                out.line("var \(field): \(random.pick(["String", "Int", "Bool", "Date?", "[String]", "Double"]))")
            }
            out.line()
            out.block("enum CodingKeys: String, CodingKey {") { out in
                out.line("case id")
                for field in fields {
                    out.line("case \(field) = \"\(field.lowercased())\"")
                }
            }
        }
        out.line()
        out.block("extension \(name) {") { out in
            out.block("var displayName: String {") { out in
                out.line("\"\\(id.prefix(8))\"")
            }
            out.line()
            out.block("static var placeholder: \(name) {") { out in
                out.line(
                    "\(name)(id: UUID().uuidString, " + fields.map { "\($0): .init()" }.joined(separator: ", ") + ")")
            }
        }
        if random.chance(0.4) {
            out.line()
            out.line("#if DEBUG")
            out.block("extension \(name) {") { out in
                out.line("static let mock = \(name).placeholder")
                out.line("static let mocks: [\(name)] = (0..<10).map { _ in .placeholder }")
            }
            out.line("#endif")
        }
        return out
    }

    /// A view model: published state, bindings, Combine sinks with `[weak self]` closures, `Task` blocks,
    /// a switch over view actions and deep member chains.
    static func viewModel(name: String, feature: String, noun: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Combine")
        out.line("import Foundation")
        out.line("import SwiftUI")
        out.line()
        out.block("enum \(name)Action {") { out in
            out.line("case dismiss")
            out.line("case open\(noun)(String)")
            out.line("case presentSettings")
        }
        out.line()
        out.block("struct \(name)State {") { out in
            out.line("var title = L10n.Screen.screenTitleTitle0")
            out.line("var items: [\(noun)Item] = []")
            out.line("var isLoading = false")
            out.line("var bindings = \(name)Bindings()")
        }
        out.line()
        out.block("struct \(name)Bindings {") { out in
            out.line("var searchQuery = \"\"")
            out.line("var isPresentingAlert = false")
        }
        out.line()
        out.line("@MainActor")
        out.block("final class \(name): ObservableObject {") { out in
            out.line("@Published var state = \(name)State()")
            out.line("private let \(noun.lowercased())Proxy: \(noun)ProxyProtocol")
            out.line("private let userSession: UserSessionProtocol")
            out.line("private var cancellables = Set<AnyCancellable>()")
            out.line("private let actionsSubject: PassthroughSubject<\(name)Action, Never> = .init()")
            out.line()
            out.block("var actions: AnyPublisher<\(name)Action, Never> {") { out in
                out.line("actionsSubject.eraseToAnyPublisher()")
            }
            out.line()
            out.block("init(\(noun.lowercased())Proxy: \(noun)ProxyProtocol, userSession: UserSessionProtocol) {") {
                out in
                out.line("self.\(noun.lowercased())Proxy = \(noun.lowercased())Proxy")
                out.line("self.userSession = userSession")
                out.line()
                out.line("userSession.clientProxy.\(noun.lowercased())SummaryProvider.statePublisher")
                out.line("    .receive(on: DispatchQueue.main)")
                out.line("    .removeDuplicates()")
                out.block("    .sink { [weak self] state in") { out in
                    out.line("guard let self else { return }")
                    out.line("self.state.isLoading = state.isLoading")
                    out.line("self.state.items = state.items.map { \(noun)Item(id: $0.id, title: $0.displayName) }")
                }
                out.line("    .store(in: &cancellables)")
                out.line()
                out.line("NotificationCenter.default.publisher(for: .\(feature.lowercased())Changed)")
                out.block("    .sink { [weak self] _ in") { out in
                    out.line("Task { await self?.reload() }")
                }
                out.line("    .store(in: &cancellables)")
            }
            out.line()
            out.block("func process(viewAction: \(name)Action) {") { out in
                out.block("switch viewAction {") { out in
                    out.line("case .dismiss:")
                    out.line("    actionsSubject.send(.dismiss)")
                    out.line("case .open\(noun)(let id):")
                    out.block("    Task {") { out in
                        out.line("    await open\(noun)(id: id)")
                    }
                    out.line("case .presentSettings:")
                    out.line("    actionsSubject.send(.presentSettings)")
                }
            }
            out.line()
            for index in 0..<random.int(2...6) {
                out.block("private func load\(index)() async {") { out in
                    out.line("state.isLoading = true")
                    out.line("defer { state.isLoading = false }")
                    out.line(
                        "let settings = userSession.clientProxy.appSettings.\(feature.lowercased())Settings.current.\(random.pick(words))Enabled"
                    )
                    out.block(
                        "switch await \(noun.lowercased())Proxy.\(random.pick(words))\(noun)\(index)(value: state.bindings.searchQuery) {"
                    ) { out in
                        out.line("case .success:")
                        out.line("    MXLog.info(\"Loaded \\(settings)\")")
                        out.line("case .failure(let error):")
                        out.line("    MXLog.error(\"Failed: \\(error)\")")
                        out.line("    state.bindings.isPresentingAlert = true")
                    }
                }
                out.line()
            }
            out.block("private func reload() async {") { out in
                out.line("await load0()")
            }
            out.line()
            out.block("private func open\(noun)(id: String) async {") { out in
                out.line("guard let item = state.items.first(where: { $0.id == id }) else { return }")
                out.line("actionsSubject.send(.open\(noun)(item.id))")
            }
        }
        return out
    }

    /// A SwiftUI screen: nested stacks, `ForEach` and `Button` closures, long modifier chains, a toolbar, an
    /// alert, and a preview in `#if DEBUG`.
    static func view(name: String, viewModel: String, noun: String, random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import SwiftUI")
        out.line()
        out.block("struct \(name): View {") { out in
            out.line("@ObservedObject var context: \(viewModel)")
            out.line("@Environment(\\.dismiss) private var dismiss")
            out.line("@State private var isExpanded = false")
            out.line("@State private var isEnabled = true")
            out.line("@State private var isLoading = false")
            out.line()
            out.block("var body: some View {") { out in
                out.block("ScrollView {") { out in
                    out.block("VStack(alignment: .leading, spacing: \(random.int(4...24))) {") { out in
                        for section in 0..<random.int(2...5) {
                            writeSection(&out, index: section, noun: noun, random: &random)
                        }
                    }
                    writeModifiers(&out, count: random.int(3...6), noun: noun, random: &random)
                }
                out.line(".navigationTitle(context.state.title)")
                out.line(".navigationBarTitleDisplayMode(.inline)")
                out.block(".toolbar {") { out in
                    out.block("ToolbarItem(placement: .confirmationAction) {") { out in
                        out.block("Button(L10n.Action.actionDoneDone0) {") { out in
                            out.line("context.process(viewAction: .dismiss)")
                        }
                    }
                }
                out.block(
                    ".alert(L10n.Error.errorFailedTitle0, isPresented: $context.state.bindings.isPresentingAlert) {"
                ) { out in
                    out.line("Button(L10n.Action.actionCancelRetry0, role: .cancel) { }")
                }
                out.line(".searchable(text: $context.state.bindings.searchQuery)")
                out.block(".onAppear {") { out in
                    out.line("isLoading = context.state.isLoading")
                }
            }
        }
        out.line()
        out.line("// MARK: - Previews")
        out.line()
        out.line("#if DEBUG")
        out.block("struct \(name)_Previews: PreviewProvider {") { out in
            out.block("static var previews: some View {") { out in
                out.block("NavigationStack {") { out in
                    out.line(
                        "\(name)(context: \(viewModel)(\(noun.lowercased())Proxy: \(noun)ProxyMock(), userSession: UserSessionMock()))"
                    )
                }
                out.line(".previewDisplayName(\"\(name)\")")
            }
        }
        out.line("#endif")
        return out
    }

    private static func writeSection(_ out: inout SourceWriter, index: Int, noun: String, random: inout SplitMix64) {
        switch random.int(0...3) {
        case 0:
            out.block("HStack(spacing: 8) {") { out in
                out.line(
                    "Image(systemName: \"\(random.pick(["star", "bell", "person", "gear", "play.fill", "bolt"]))\")")
                out.line("    .foregroundStyle(Color.compound.iconAccentTertiary)")
                out.line("    .frame(width: 24, height: 24)")
                out.line("Text(L10n.Screen.screenTitleTitle0)")
                out.line("    .font(.compound.bodyLGSemibold)")
                out.line("    .foregroundColor(.compound.textPrimary)")
                out.line("Spacer()")
            }
            writeModifiers(&out, count: random.int(2...5), noun: noun, random: &random)
        case 1:
            out.block("ForEach(context.state.items) { item in") { out in
                out.line("Button {")
                out.indented { out in
                    out.line("context.process(viewAction: .open\(noun)(item.id))")
                }
                out.block("} label: {") { out in
                    out.block("VStack(alignment: .leading) {") { out in
                        out.line("Text(item.title)")
                        out.line("    .font(.compound.bodyMD)")
                        out.line("    .lineLimit(1)")
                        out.block("if isExpanded {") { out in
                            out.line("Text(item.id)")
                            out.line("    .font(.compound.bodySM)")
                            out.line("    .foregroundColor(.compound.textSecondary)")
                        }
                    }
                }
                out.line(".buttonStyle(.plain)")
                writeModifiers(&out, count: random.int(2...4), noun: noun, random: &random)
            }
        case 2:
            out.line("Section {")
            out.indented { out in
                out.line("Toggle(L10n.Settings.settingsSaveEdit0, isOn: $isExpanded)")
                out.line("    .tint(.compound.iconAccentPrimary)")
                out.block("    .onChange(of: isExpanded) { _, newValue in") { out in
                    out.block("withAnimation(.easeInOut) {") { out in
                        out.line("isEnabled = newValue")
                    }
                }
            }
            out.block("} header: {") { out in
                out.line("Text(L10n.Common.commonTitleSubtitle0.uppercased())")
                out.line("    .font(.compound.bodySMSemibold)")
            }
        default:
            out.line("#if os(iOS)")
            out.block("if context.state.isLoading {") { out in
                out.line("ProgressView()")
                out.line("    .progressViewStyle(.circular)")
                out.line("    .frame(maxWidth: .infinity)")
            }
            out.line("#else")
            out.line("EmptyView()")
            out.line("#endif")
        }
    }

    private static func writeModifiers(_ out: inout SourceWriter, count: Int, noun: String, random: inout SplitMix64) {
        for _ in 0..<count {
            let modifier = random.pick(modifiers)
            out.line(modifier.replacingPlaceholder(with: noun.lowercased()))
        }
    }

    /// A coordinator: a service locator reached through deep member chains and `ServiceLocator.shared`,
    /// closures handed to child coordinators, `#if` around platform code.
    static func coordinator(feature: String, screens: [String], random: inout SplitMix64) -> SourceWriter {
        var out = SourceWriter()
        out.line("import Combine")
        out.line("import SwiftUI")
        out.line()
        out.block("final class \(feature)FlowCoordinator {") { out in
            out.line("private let navigationStackCoordinator: NavigationStackCoordinator")
            out.line("private let userSession: UserSessionProtocol")
            out.line("private var cancellables = Set<AnyCancellable>()")
            out.line()
            out.block(
                "init(navigationStackCoordinator: NavigationStackCoordinator, userSession: UserSessionProtocol) {"
            ) { out in
                out.line("self.navigationStackCoordinator = navigationStackCoordinator")
                out.line("self.userSession = userSession")
            }
            out.line()
            for screen in screens {
                let noun = random.pick(nouns)
                out.block("func present\(screen)() {") { out in
                    out.line("let analytics = ServiceLocator.shared.analytics")
                    out.line("analytics.track(screen: .\(screen.prefix(1).lowercased() + screen.dropFirst()))")
                    out.line(
                        "let settings = ServiceLocator.shared.settings.\(feature.lowercased())Settings.current.layout")
                    out.line(
                        "let viewModel = \(screen)ViewModel(\(noun.lowercased())Proxy: userSession.clientProxy.\(noun.lowercased())Proxy, userSession: userSession)"
                    )
                    out.line("viewModel.actions")
                    out.block("    .sink { [weak self] action in") { out in
                        out.line("guard let self else { return }")
                        out.block("switch action {") { out in
                            out.line("case .dismiss:")
                            out.line("    navigationStackCoordinator.pop(animated: true)")
                            out.line("case .open\(noun)(let id):")
                            out.line("    MXLog.info(\"open \\(id) with \\(settings)\")")
                            out.line("case .presentSettings:")
                            out.line("    presentSettings()")
                        }
                    }
                    out.line("    .store(in: &cancellables)")
                    out.line("#if os(iOS)")
                    out.line("navigationStackCoordinator.push(\(screen)View(context: viewModel), animated: true)")
                    out.line("#else")
                    out.line("navigationStackCoordinator.setRoot(\(screen)View(context: viewModel))")
                    out.line("#endif")
                }
                out.line()
            }
            out.block("private func presentSettings() {") { out in
                out.line("NotificationCenter.default.post(name: .\(feature.lowercased())Changed, object: nil)")
            }
        }
        out.line()
        out.block("extension Notification.Name {") { out in
            out.line(
                "static let \(feature.lowercased())Changed = Notification.Name(\"\(feature.lowercased())Changed\")")
        }
        return out
    }

    // MARK: Helpers

    private static func camelCase(_ parts: String...) -> String {
        parts.enumerated().map { $0 == 0 ? $1 : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func format2(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    private static func hex(_ random: inout SplitMix64) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<6).map { _ in random.pick(digits) })
    }
}

extension String {
    /// The string with its `%@` replaced by `value`.
    fileprivate func replacingPlaceholder(with value: String) -> String {
        replacing("%@", with: value)
    }
}
