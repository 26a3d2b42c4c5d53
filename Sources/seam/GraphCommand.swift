import ArgumentParser
import SeamAnalysis

/// `seam graph`: print who reaches which singleton and who injects what.
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the dependency graph between types (cycle edges highlighted).",
        discussion: """
            Solid edges are singleton accesses (X.shared), dashed edges injections. \
            Exit codes: 0 printed, 2 usage or configuration error, or a graph that could not be written.
            """
    )

    @OptionGroup var input: AuditInputOptions

    @Option(help: "The output format.")
    var format: GraphFormat = .dot

    @OptionGroup var output: OutputOptions

    func run() async throws {
        do {
            let (report, _) = try await input.audit()
            let text: String
            do {
                text = try GraphExporter.render(report.graph, as: format)
            } catch {
                throw UsageError("cannot render the graph as \(format.rawValue): \(error)")
            }
            try output.write(text)
        } catch let error as UsageError {
            throw error.report()
        }
    }
}
