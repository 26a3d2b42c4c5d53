extension CorpusGenerator {
    /// Writes the `.real` shape: the generated files first (sized in proportion to the line target, about
    /// a sixth of the lines as in the reference apps), then per feature, round after round, small model
    /// files, a view model and its SwiftUI view, now and then a constants file, until the target is met.
    static func writeReal(
        random: inout SplitMix64, minimumLines: Int, emit: (String, SourceWriter) throws -> Void, lines: () -> Int
    ) throws {
        typealias T = RealShapeTemplates
        try emit("App/Core/ServiceLocator.swift", serviceLocator())
        try emit(
            "App/Generated/Strings.swift",
            T.swiftGenStrings(name: "L10n", entries: max(100, minimumLines / 60), random: &random))
        try emit("App/Generated/Assets.swift", T.swiftGenAssets(entries: max(50, minimumLines / 120), random: &random))
        try emit(
            "App/Mocks/Generated/GeneratedMocks.swift",
            T.sourceryMocks(count: max(4, minimumLines / 2_500), random: &random))
        try emit("App/Theme/ThemeColor.swift", T.themeColors(tokens: max(10, minimumLines / 1_200), random: &random))

        var round = 0
        while lines() < minimumLines {
            for feature in T.features where lines() < minimumLines {
                let folder = "App/Screens/\(feature)"
                let noun = T.nouns[(round + feature.count) % T.nouns.count]
                let base = "\(feature)\(round == 0 ? "" : String(round + 1))"
                for index in 0..<random.int(1...3) {
                    let model = "\(base)\(noun)Model\(index)"
                    try emit("App/Models/\(feature)/\(model).swift", T.model(name: model, random: &random))
                }
                try emit(
                    "\(folder)/\(base)ScreenViewModel.swift",
                    T.viewModel(name: "\(base)ScreenViewModel", feature: feature, noun: noun, random: &random))
                try emit(
                    "\(folder)/View/\(base)Screen.swift",
                    T.view(name: "\(base)Screen", viewModel: "\(base)ScreenViewModel", noun: noun, random: &random))
                if round % 3 == 0 {
                    try emit("\(folder)/\(base)Constants.swift", T.constants(feature: base, random: &random))
                }
                if round == 0 {
                    let screens = (1...random.int(2...5)).map { "\(feature)\($0 == 1 ? "" : String($0))Screen" }
                    try emit(
                        "App/FlowCoordinators/\(feature)FlowCoordinator.swift",
                        T.coordinator(feature: feature, screens: screens, random: &random))
                }
            }
            round += 1
        }
    }

    /// The service locator the coordinators reach, as in Element X.
    private static func serviceLocator() -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("final class ServiceLocator {") { out in
            out.line("static let shared = ServiceLocator()")
            out.line()
            out.line("private(set) var analytics: AnalyticsService!")
            out.line("private(set) var settings: AppSettings!")
            out.line()
            out.block("func register(analytics: AnalyticsService, settings: AppSettings) {") { out in
                out.line("self.analytics = analytics")
                out.line("self.settings = settings")
            }
        }
        return out
    }
}
