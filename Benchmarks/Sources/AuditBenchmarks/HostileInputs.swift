import BenchHarness
import Foundation
import SeamAnalysis

/// The hostile inputs of issue 11, audited in-process: each must be reported (`parse-error`, for files
/// nested deeper than seam parses) or finish in time linear in its size.
///
///     swift run -c release --package-path Benchmarks AuditBenchmarks --hostile [--check] [--size BYTES] [--rounds N]
///
/// Three kinds of case, each with its target:
/// - the inputs that crashed or hung: each file must be a `parse-error` finding within ``rejectSeconds``;
/// - folders reachable through 2^16 symbolic-link paths and a glob with nine stars, within
///   ``walkSeconds``;
/// - files of `--size` bytes (1 MiB by default) made of statements just within the nesting limits
///   (the costliest shapes SwiftParser reads), whose audit may take at most ``nearLimitToNormal`` times
///   the audit of a file of normal code of the same size, measured in the same run.
enum HostileInputs {
    /// Seconds within which a file over a limit is reported.
    static let rejectSeconds = 0.25
    /// Seconds within which the symbolic-link and glob cases finish.
    static let walkSeconds = 1.0
    /// How many times the audit of a normal file of the same size a near-limit file may take.
    static let nearLimitToNormal = 25.0

    private enum Target {
        case seconds(Double)
        case timesNormal(Double)
    }

    private struct Case {
        let name: String
        let target: Target
        /// What the audit must report: the `parse-error` subject of `Deep.swift`, or `nil` for none.
        let rejection: String?
        var include: [String] = []
        /// Writes the case's files into a folder; returns the folder to audit.
        let write: (URL) throws -> URL
    }

    static func run(arguments: Arguments) async throws {
        let size = try arguments.integer("--size", default: 1 << 20)
        let rounds = try arguments.integer("--rounds", default: 3)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("seam-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }

        var table = MarkdownTable(
            headers: ["case", "input", "result", "median s", "target", ""], rightAligned: [3])
        var misses: [String] = []
        var normalSeconds: Double?
        for (index, testCase) in cases(size: size).enumerated() {
            let folder = scratch.appendingPathComponent("case\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let root = try testCase.write(folder)
            var configuration = AuditConfiguration()
            configuration.include = testCase.include
            var times: [Double] = []
            var report: AuditReport?
            for _ in 0..<rounds {
                let start = MonotonicClock.now()
                report = try await Auditor(configuration: configuration, threads: 1).audit(root: root)
                times.append(Double(MonotonicClock.now() - start) / 1e9)
            }
            let median = Statistics(times).median
            guard let report else { continue }
            let problems = report.findings.filter { $0.rule == .parseError }
            let result =
                problems.isEmpty
                ? "\(report.metrics.files) files, no parse error"
                : problems.map { "\($0.subject ?? "?") at \($0.location.line):\($0.location.column)" }.joined(
                    separator: ", ")
            let input = Format.grouped(try folderBytes(folder)) + " bytes"

            var failures: [String] = []
            if (problems.first?.subject) != testCase.rejection {
                failures.append("expected \(testCase.rejection.map { "a \($0) parse error" } ?? "no parse error")")
            }
            let targetText: String
            switch testCase.target {
            case .seconds(let limit):
                targetText = "≤ \(Format.fixed(limit, decimals: 2)) s"
                if median > limit { failures.append("\(Format.fixed(median, decimals: 3)) s > \(limit) s") }
            case .timesNormal(let factor):
                if let normal = normalSeconds {
                    targetText = "≤ \(Format.ratio(factor)) normal (\(Format.ratio(median / normal)))"
                    if median > factor * normal { failures.append("\(Format.ratio(median / normal)) normal code") }
                } else {
                    normalSeconds = median  // the first near-limit case is the normal file itself
                    targetText = "baseline"
                }
            }
            table.append([
                testCase.name, input, result, Format.fixed(median, decimals: 3), targetText,
                failures.isEmpty ? "ok" : "MISS",
            ])
            misses += failures.map { "\(testCase.name): \($0)" }
            printError("\(testCase.name): \(Format.fixed(median, decimals: 3)) s")
        }
        print("Hostile inputs (issue 11) — median of \(rounds) in-process audits on 1 thread each\n")
        print(table.render())
        if arguments.has("--check") {
            if misses.isEmpty {
                print("\ncheck: every hostile input reported or audited within its target")
            } else {
                for miss in misses { print("check: FAIL \(miss)") }
                exit(1)
            }
        }
    }

    private static func folderBytes(_ folder: URL) throws -> Int {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])?
            .compactMap { $0 as? URL } ?? []
        return try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
    }

    // MARK: The cases

    private static let normalFile = "final class Store {\n    static let shared = Store()\n    func save() {}\n}\n"

    /// A folder with `Deep.swift` holding `source` and a normal file next to it.
    private static func deep(_ source: String) -> (URL) throws -> URL {
        { folder in
            try source.write(to: folder.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
            try normalFile.write(to: folder.appendingPathComponent("Normal.swift"), atomically: true, encoding: .utf8)
            return folder
        }
    }

    /// `statement(i)` repeated until the file holds `size` bytes.
    private static func repeated(_ size: Int, _ statement: (Int) -> String) -> String {
        var text = ""
        var index = 0
        while text.utf8.count < size {
            text += statement(index) + "\n"
            index += 1
        }
        return text
    }

    private static func nested(_ open: String, _ middle: String, _ close: String, _ count: Int) -> String {
        String(repeating: open, count: count) + middle + String(repeating: close, count: count)
    }

    private static func cases(size: Int) -> [Case] {
        [
            // Reported: the inputs that crashed with SIGSEGV or did not finish.
            Case(
                name: "`B().a(1)…` ×10,000", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = B()" + String(repeating: ".a(1)", count: 10_000))),
            Case(
                name: "`a!!!…` ×20,000", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = a" + String(repeating: "!", count: 20_000))),
            Case(
                name: "`[[[…]]]` ×2,000", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = " + nested("[", "", "]", 2_000))),
            Case(
                name: "`[[[…]]]` ×20", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = " + nested("[", "", "]", 20))),
            Case(
                name: "`\"\\(…)\"` ×250", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = " + nested("\"\\(", "1", ")\"", 250))),
            Case(
                name: "`Array<Array<…>>` ×1,000", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x: " + nested("Array<", "Int", ">", 1_000) + " = []")),
            Case(
                name: "`try try …` ×5,000", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = " + String(repeating: "try ", count: 5_000) + "f()")),
            Case(
                name: "`a.b.b…` ×8,000", target: .seconds(rejectSeconds), rejection: "too-deep",
                write: deep("let x = a" + String(repeating: ".b", count: 8_000))),
            // Walked once: 2^16 symbolic-link paths, a glob with nine stars.
            Case(name: "16 folder levels × 2 links", target: .seconds(walkSeconds), rejection: nil) { folder in
                for level in 0...16 {
                    let real = folder.appendingPathComponent("real\(level)")
                    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
                    try "let v\(level) = \(level)\n".write(
                        to: real.appendingPathComponent("File\(level).swift"), atomically: true, encoding: .utf8)
                }
                for level in 0..<16 {
                    for name in ["a", "b"] {
                        try FileManager.default.createSymbolicLink(
                            at: folder.appendingPathComponent("real\(level)/\(name)"),
                            withDestinationURL: folder.appendingPathComponent("real\(level + 1)"))
                    }
                }
                return folder.appendingPathComponent("real0")
            },
            // Twenty long names the pattern fails on (the backtracking worst case) and one it matches: an
            // include that matches nothing is an error of its own.
            Case(
                name: "include `*a*a*a*a*a*a*a*b*`", target: .seconds(walkSeconds), rejection: nil,
                include: ["*a*a*a*a*a*a*a*b*"]
            ) { folder in
                try "let v = 1\n".write(
                    to: folder.appendingPathComponent("aaaaaaab.swift"), atomically: true, encoding: .utf8)
                for index in 0..<20 {
                    let name = String(repeating: "a", count: 60 + index) + ".swift"
                    try "let v = 1\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
                }
                return folder
            },
            // Audited in time linear in the size: normal code first (the baseline), then the costliest shapes
            // just within the limits.
            Case(
                name: "normal code (baseline)", target: .timesNormal(1), rejection: nil,
                write: deep(
                    repeated(size) { index in
                        """
                        final class Service\(index) {
                            static let shared = Service\(index)()
                            private var items: [String] = []
                            func load(id: Int) async throws -> [String] {
                                let fetched = try await API.shared.fetch(path: "/items/\\(id)", retries: 3)
                                items = fetched.filter { !$0.isEmpty }.map { $0.uppercased() }.sorted()
                                return items
                            }
                        }
                        """
                    })),
            Case(
                name: "`(…)` ×250 per statement", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(repeated(size) { "let x\($0) = " + nested("(", "1", ")", 250) })),
            Case(
                name: "`\"\\(…)\"` ×16 per statement", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(repeated(size) { "let x\($0) = " + nested("\"\\(", "1", ")\"", 16) })),
            Case(
                name: "`Array<…>()` ×250 per statement", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(repeated(size) { "let x\($0) = " + nested("Array<", "Int", ">", 250) + "()" })),
            Case(
                name: "`#if` ×32 per block", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(repeated(size) { nested("#if A\n", "let x\($0) = 1\n", "#endif\n", 32) })),
            Case(
                name: "`[(Int, ` ×6 per statement", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(repeated(size) { "let x\($0) = " + nested("[(Int, ", "Int", ")]", 6) })),
            Case(
                name: "`Outer.b.b…` ×250 per statement", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(repeated(size) { "let x\($0) = Outer" + String(repeating: ".b", count: 250) })),
            Case(
                name: "`try try …` ×250 per statement", target: .timesNormal(nearLimitToNormal), rejection: nil,
                write: deep(
                    repeated(size) { "func f\($0)() throws { _ = " + String(repeating: "try ", count: 250) + "g() }" })),
        ]
    }
}
