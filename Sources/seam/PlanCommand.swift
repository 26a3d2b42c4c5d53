import ArgumentParser
import Foundation
import SeamAnalysis

/// `seam plan`: the refactoring roadmap a team would write, from the audit.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Write the refactoring roadmap: phases, tasks per type in priority order, progress, effort.",
        discussion: """
            The six phases of the reference roadmap (foundation, view models, services, protocols, views, fewer \
            singletons), each with this codebase's tasks and an estimate in hours scaled from the reference \
            (76 singletons, 1,214 .shared sites, 520-720 hours). \
            Exit codes: 0 written, 2 usage or configuration error, or a roadmap that could not be written.
            """
    )

    /// The roadmap's formats.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case markdown, json
    }

    @OptionGroup var input: AuditInputOptions

    @Option(help: "The output format.")
    var format: Format = .markdown

    @OptionGroup var output: OutputOptions

    func run() async throws {
        do {
            let roadmap = try await input.roadmap()
            switch format {
            case .markdown:
                try output.write(RoadmapMarkdown.render(roadmap))
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let data: Data
                do { data = try encoder.encode(roadmap) } catch {
                    throw UsageError("cannot encode the roadmap: \(error)")
                }
                try output.write(String(decoding: data, as: UTF8.self) + "\n")
            }
        } catch let error as UsageError {
            throw error.report()
        }
    }
}
