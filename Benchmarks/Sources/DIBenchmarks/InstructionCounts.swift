import BenchHarness
import Foundation

/// Instructions per resolve, counted by valgrind's callgrind: deterministic whatever the machine's load
/// or CPU model (unlike wall time), so its targets hold on any x86-64 or arm64 machine.
///
///     DIBenchmarks --instructions            # the table and the instruction targets
///     DIBenchmarks --check                   # wall-time targets, plus these when valgrind is installed
///
/// Each case runs in its own child, `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect=*measuredLoop*`, which counts only the instructions executed inside
/// ``measuredLoop(_:_:)``. The child runs the loop twice (``smallCount`` and ``largeCount``
/// iterations, two processes); the difference divided by the difference in iterations is the cost of
/// one operation, with everything fixed (the call, start-up, the first resolve) cancelled out.
enum InstructionCounts {
    static let smallCount = 1_000
    static let largeCount = 21_000

    /// A target: a ratio to the case's floor, or an absolute number of instructions per operation.
    enum Limit {
        case ratio(Double)
        case instructions(Double)
    }

    /// The cases counted, the floor each is divided by, and its target (RESULTS.md explains them).
    ///
    /// Stored reads get absolute budgets rather than a ratio: the floor, a `let` read passed at +0, is
    /// 10 instructions with no reference counting, while any resolve returns its value at +1, one
    /// `swift_retain` and one `swift_release` (about 40 instructions) the floor never pays. The budgets
    /// are 10× that floor plus 0–20 % and fail any regression of a lock, an allocation or a cast.
    static let cases: [(name: String, floor: String, limit: Limit?)] = [
        ("floor.storedRead", "floor.storedRead", nil),
        ("floor.construction", "floor.construction", nil),
        ("floor.graphConstruction", "floor.graphConstruction", nil),
        ("seam.singleton", "floor.storedRead", .instructions(100)),
        ("seam.cached", "floor.storedRead", .instructions(110)),
        ("seam.besideScope", "floor.storedRead", .instructions(120)),
        ("seam.unique", "floor.construction", .ratio(2)),
        ("seam.graph", "floor.graphConstruction", .ratio(2)),
        ("seam.override", "floor.storedRead", nil),
    ]

    /// Whether `valgrind` can be run.
    static var valgrindAvailable: Bool {
        (try? run(["valgrind", "--version"]).status) == 0
    }

    /// The child side (`--count-case NAME --iterations N`): one untimed call, then the measured loop.
    static func runCase(named name: String, iterations: Int) throws {
        var benchmarks = FloorSuite.make().values.map { $0 }
        benchmarks += try SeamSuite.make().benchmarks.values
        guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
            throw ArgumentError("--count-case: no case named '\(name)'")
        }
        benchmark.setUp()
        defer { benchmark.tearDown() }
        try benchmark.body(1)
        try measuredLoop(benchmark, iterations)
    }

    /// The only function callgrind counts in (see the type's documentation).
    @inline(never)
    static func measuredLoop(_ benchmark: MicroBenchmark, _ iterations: Int) throws {
        try benchmark.body(iterations)
    }

    /// One row: instructions per operation and the ratio to its floor.
    struct Row {
        let name: String
        let floor: String
        let perOperation: Double
        let ratio: Double
        let limit: Limit?
        var passed: Bool {
            switch limit {
            case .ratio(let maximum): ratio <= maximum
            case .instructions(let maximum): perOperation <= maximum
            case nil: true
            }
        }
        /// The target as text: `≤ 2× floor` or `≤ 100 instructions`.
        var target: String {
            switch limit {
            case .ratio(let maximum): "≤ \(Format.fixed(maximum, decimals: 0))× \(floor)"
            case .instructions(let maximum): "≤ \(Format.fixed(maximum, decimals: 0)) instructions"
            case nil: "—"
            }
        }
    }

    /// Counts every case under callgrind (two children per case).
    static func measure() throws -> [Row] {
        defer { if case .success(let copy) = strippedExecutable { try? FileManager.default.removeItem(atPath: copy) } }
        var perOperation: [String: Double] = [:]
        for item in cases {
            let small = try collected(item.name, iterations: smallCount)
            let large = try collected(item.name, iterations: largeCount)
            perOperation[item.name] = Double(large - small) / Double(largeCount - smallCount)
        }
        return cases.map { item in
            let value = perOperation[item.name] ?? 0
            let floor = perOperation[item.floor] ?? 1
            return Row(name: item.name, floor: item.floor, perOperation: value, ratio: value / floor, limit: item.limit)
        }
    }

    /// A copy of this executable without its DWARF (symbols kept, for `--toggle-collect`): valgrind
    /// 3.19 cannot read the DWARF 5 that Swift 6.3 emits and gives up on the original.
    private static let strippedExecutable: Result<String, any Error> = Result {
        let original = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.path
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("DIBenchmarks-callgrind-\(ProcessInfo.processInfo.processIdentifier)").path
        let result = try run(["objcopy", "--strip-debug", original, copy])
        guard result.status == 0 else { throw ArgumentError("objcopy --strip-debug failed: \(result.stderr)") }
        return copy
    }

    /// The instructions callgrind collected in ``measuredLoop(_:_:)`` for `iterations` of `name`.
    private static func collected(_ name: String, iterations: Int) throws -> Int {
        let executable = try strippedExecutable.get()
        let result = try run([
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no",
            "--toggle-collect=*measuredLoop*", executable, "--count-case", name, "--iterations", String(iterations),
        ])
        guard result.status == 0,
            let line = result.stderr.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let count = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
        else {
            throw ArgumentError(
                "callgrind failed for \(name) (status \(result.status)): \(result.stderr.suffix(2_000))")
        }
        return count
    }

    /// The table of rows, for the report and RESULTS.md.
    static func render(_ rows: [Row]) -> String {
        var lines = [
            "| case | instructions per op (callgrind) | × floor | floor | target |",
            "|---|---:|---:|---|---|",
        ]
        for row in rows {
            let target = row.limit == nil ? "—" : "\(row.target) \(row.passed ? "PASS" : "FAIL")"
            lines.append(
                "| \(row.name) | \(Format.fixed(row.perOperation, decimals: 1)) | \(Format.ratio(row.ratio)) | \(row.floor) | \(target) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    private struct Output { let status: Int32; let stderr: String }

    /// Runs `arguments` (looked up on `PATH`) with deterministic hashing, capturing standard error.
    private static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }
}
