import BenchHarness

/// Everything one run measured, and its rendering as Markdown.
struct DIReport {
    let floors: [Floor: MicroResult]
    let suites: [CaseSuite]
    let results: [String: MicroResult]

    /// The statistic targets are judged on: the fastest batch. On a shared machine another process's
    /// burst of load only ever makes a batch slower, and with hundreds of short interleaved batches
    /// per case some always run undisturbed, so the minimum is the figure that survives the bursts
    /// (the median is reported next to it).
    func judged(_ floor: Floor) -> Double? {
        floors[floor]?.nanosecondsPerOperation.min
    }

    func statistics(_ library: Library, _ dicase: DICase) -> Statistics? {
        guard let suite = suites.first(where: { $0.library == library }),
            let name = suite.benchmarks[dicase]?.name
        else { return nil }
        return results[name]?.nanosecondsPerOperation
    }

    /// The case's judged figure (its fastest batch).
    func judged(_ library: Library, _ dicase: DICase) -> Double? {
        statistics(library, dicase)?.min
    }

    /// The case's judged figure over its floor's.
    func floorRatio(_ library: Library, _ dicase: DICase) -> Double? {
        guard let value = judged(library, dicase), let floor = judged(dicase.floor) else { return nil }
        return value / floor
    }

    func render(checks: [TargetCheck]) -> String {
        var sections: [String] = []
        let storedRead = judged(.storedRead) ?? 1

        var floorTable = MarkdownTable(
            headers: ["floor", "min ns/op", "median ns/op", "p90 ns/op", "× stored read (min)"],
            rightAligned: [1, 2, 3, 4])
        for floor in Floor.allCases {
            guard let result = floors[floor] else { continue }
            let stats = result.nanosecondsPerOperation
            floorTable.append([
                floor.title, Format.nanoseconds(stats.min), Format.nanoseconds(stats.median),
                Format.nanoseconds(stats.p90),
                Format.ratio(stats.min / storedRead),
            ])
        }
        sections.append(floorTable.render())

        var headers = ["case", "floor"]
        for suite in suites {
            headers += ["\(suite.library.rawValue) min ns/op (median)", "× floor"]
        }
        var caseTable = MarkdownTable(headers: headers, rightAligned: Set(2..<headers.count))
        for dicase in DICase.allCases {
            var row = [dicase.title, dicase.floor.title]
            for suite in suites {
                if let stats = statistics(suite.library, dicase), let ratio = floorRatio(suite.library, dicase) {
                    row += [
                        "\(Format.nanoseconds(stats.min)) (\(Format.nanoseconds(stats.median)))", Format.ratio(ratio),
                    ]
                } else {
                    row += ["—", "—"]
                }
            }
            caseTable.append(row)
        }
        sections.append(caseTable.render())

        var notes: [String] = []
        for suite in suites {
            let mapped = DICase.allCases.compactMap { dicase in
                suite.notes[dicase].map { "\(dicase.title): \($0)" }
            }
            notes.append("- \(suite.library.rawValue): " + mapped.joined(separator: "; "))
        }
        sections.append(notes.joined(separator: "\n"))

        if !checks.isEmpty {
            var targetTable = MarkdownTable(headers: ["target", "measured", "result"], rightAligned: [1])
            for check in checks {
                let verdict = check.passed ? "PASS" : (check.enforced ? "FAIL" : "miss (informational)")
                targetTable.append([check.description, check.measured, verdict])
            }
            sections.append(targetTable.render())
        }
        return sections.joined(separator: "\n\n")
    }
}
