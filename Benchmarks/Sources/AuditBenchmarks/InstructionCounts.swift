import BenchHarness
import Foundation

/// Instructions of one audit pass against one parse-only pass of the same folder on 1 thread, counted by
/// valgrind's callgrind: deterministic whatever the machine's load, so a change of a few percent shows (wall
/// time on this shared machine moves by ±4% between runs).
///
///     AuditBenchmarks --instructions --source DIR [--check]
///
/// Each mode runs in two children under `valgrind --tool=callgrind`, `--child MODE --threads 1 --passes 1` (a
/// warm-up pass and one pass) and `--passes 2`; the difference is one warm pass, with start-up, the first pass's
/// one-time costs (metadata, the runtime's caches) and the exit cancelled out. The children get
/// `SWIFT_DETERMINISTIC_HASHING=1` and run on a copy of this executable without DWARF (valgrind 3.19 cannot read
/// the DWARF 5 Swift 6.3 emits). Callgrind runs the program ~50× slower: a 500K-line app takes ~10 minutes.
enum InstructionCounts {
    static func run(arguments: Arguments) throws {
        guard let source = arguments.value("--source") else {
            throw ArgumentError("--instructions needs --source DIR")
        }
        let root = URL(fileURLWithPath: source)
        let manifest = try ParseOnly.manifest(of: root)
        printError("counting \(manifest.files) files, \(manifest.lines) lines at \(root.path) under callgrind")
        defer { if case .success(let copy) = strippedExecutable { try? FileManager.default.removeItem(atPath: copy) } }
        var perPass: [ChildRun.Mode: Int] = [:]
        for mode in ChildRun.Mode.allCases {
            printError("callgrind: \(mode.rawValue), two passes then three")
            let two = try collected(mode, root: root, passes: 1)
            let three = try collected(mode, root: root, passes: 2)
            perPass[mode] = three - two
        }
        let parse = perPass[.parse] ?? 0
        let audit = perPass[.audit] ?? 0
        let ratio = Double(audit) / Double(max(parse, 1))
        print(
            """
            Instructions per pass on 1 thread (callgrind) — \(Format.grouped(manifest.files)) files, \
            \(Format.grouped(manifest.lines)) lines at \(root.path)

            | configuration | instructions per pass | × parse-only |
            |---|---:|---:|
            | SwiftSyntax parse-only (read + `Parser.parse`) | \(Format.grouped(parse)) | 1.00× |
            | seam audit | \(Format.grouped(audit)) | \(Format.ratio(ratio)) |
            """)
        if arguments.has("--check") {
            if ratio <= Driver.auditToParseLimit {
                print("\ncheck: audit within \(Format.ratio(Driver.auditToParseLimit)) of parse-only in instructions")
            } else {
                print(
                    "check: FAIL audit is \(Format.ratio(ratio)) parse-only in instructions (limit \(Format.ratio(Driver.auditToParseLimit)))"
                )
                exit(1)
            }
        }
    }

    /// A copy of this executable without its DWARF (symbols kept).
    private static let strippedExecutable: Result<String, any Error> = Result {
        let original =
            Bundle.main.executableURL?.path ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.path
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("AuditBenchmarks-callgrind-\(ProcessInfo.processInfo.processIdentifier)").path
        let result = try run(["objcopy", "--strip-debug", original, copy])
        guard result.status == 0 else { throw ArgumentError("objcopy --strip-debug failed: \(result.stderr)") }
        return copy
    }

    /// The instructions callgrind collected in a child running `passes + 1` passes of `mode` (its warm-up pass too).
    private static func collected(_ mode: ChildRun.Mode, root: URL, passes: Int) throws -> Int {
        let executable = try strippedExecutable.get()
        let result = try run([
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", executable,
            "--child", mode.rawValue, "--threads", "1", "--corpus", root.path, "--passes", String(passes),
        ])
        guard result.status == 0,
            let line = result.stderr.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let count = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
        else {
            throw ArgumentError(
                "callgrind failed for \(mode.rawValue) (status \(result.status)): \(result.stderr.suffix(2_000))")
        }
        return count
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
