import BenchHarness

/// Everything one run measured, and its rendering as Markdown.
struct DIReport {
    let floors: [Floor: MicroResult]
    let suites: [CaseSuite]
    let results: [String: MicroResult]

    func median(_ floor: Floor) -> Double? {
        floors[floor]?.nanosecondsPerOperation.median
    }

    func median(_ library: Library, _ dicase: DICase) -> Double? {
        guard let suite = suites.first(where: { $0.library == library }),
              let name = suite.benchmarks[dicase]?.name else { return nil }
        return results[name]?.nanosecondsPerOperation.median
    }

    func p90(_ library: Library, _ dicase: DICase) -> Double? {
        guard let suite = suites.first(where: { $0.library == library }),
              let name = suite.benchmarks[dicase]?.name else { return nil }
        return results[name]?.nanosecondsPerOperation.p90
    }

    /// The case's median over its floor's median.
    func floorRatio(_ library: Library, _ dicase: DICase) -> Double? {
        guard let value = median(library, dicase), let floor = median(dicase.floor) else { return nil }
        return value / floor
    }

    func render(checks: [TargetCheck]) -> String {
        var sections: [String] = []
        let storedRead = median(.storedRead) ?? 1

        var floorTable = MarkdownTable(
            headers: ["floor", "median ns/op", "p90 ns/op", "× stored read"], rightAligned: [1, 2, 3])
        for floor in Floor.allCases {
            guard let result = floors[floor] else { continue }
            let stats = result.nanosecondsPerOperation
            floorTable.append([
                floor.title, Format.nanoseconds(stats.median), Format.nanoseconds(stats.p90),
                Format.ratio(stats.median / storedRead),
            ])
        }
        sections.append(floorTable.render())

        var headers = ["case", "floor"]
        for suite in suites {
            headers += ["\(suite.library.rawValue) ns/op (p90)", "× floor"]
        }
        var caseTable = MarkdownTable(headers: headers, rightAligned: Set(2..<headers.count))
        for dicase in DICase.allCases {
            var row = [dicase.title, dicase.floor.title]
            for suite in suites {
                if let value = median(suite.library, dicase), let p90 = p90(suite.library, dicase),
                   let ratio = floorRatio(suite.library, dicase) {
                    row += ["\(Format.nanoseconds(value)) (\(Format.nanoseconds(p90)))", Format.ratio(ratio)]
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
