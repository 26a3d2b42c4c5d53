import Foundation
import SeamTestSupport
import Testing

/// The file names `--output`, `-o` and `--baseline` take, fuzzed on the real binary: every length from 0 to 300
/// bytes, and bytes that are not UTF-8. `seam` never crashes on a name: it writes the file, or refuses it in
/// one plain line (exit status 2), and writes nothing anywhere else.
@Suite("seam: path arguments, fuzzed")
struct PathArgumentFuzzTests {
    /// Characters a file name may hold, `/` apart (a name, not a path), several bytes long some of them.
    private static let alphabet = Array("abcXYZ0189_.-~ +=@,é€😀")

    /// A name of exactly `length` bytes (its first character a letter: a leading `-` would be an option).
    static func name(bytes length: Int, seed: Int) -> String {
        var state = UInt64(truncatingIfNeeded: seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407)
        var name = length > 0 ? "n" : ""
        while name.utf8.count < length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let character = alphabet[Int(state >> 33) % alphabet.count]
            // Pad with ASCII where a wide character would overshoot the length.
            name.append(name.utf8.count + String(character).utf8.count <= length ? character : "a")
        }
        return name
    }

    @Test func oneCharacterNamesAreWritten() async throws {
        let folder = try TemporaryDirectory(prefix: "onechar")
        defer { folder.remove() }
        for (option, name) in [("--output", "r"), ("-o", "s"), ("--baseline", "b"), ("--output", "é")] {
            let result = try await SeamCLI.run(["audit", ".", option, name], in: folder.url)
            #expect(result.status == 0, "\(option) \(name): \(result.output)")
            #expect(FileManager.default.fileExists(atPath: folder.url(name).path), "\(option) \(name)")
        }
    }

    /// Every length from 0 to 300 bytes, in 152 runs: run `k` records a baseline named in `k` bytes and writes
    /// the report (`--output` or `-o`) to a name of `300 - k` bytes (the baseline is written first, so each
    /// name's outcome can be told apart), plus the longest report name alone. The time limit guards against a
    /// hang, not a speed goal: the runs take ~50 s, ~170 s under the thread sanitizer on 2 cores.
    @Test(.timeLimit(.minutes(10)))
    func everyLengthFrom0To300IsWrittenOrRefusedPlainly() async throws {
        let folder = try TemporaryDirectory(prefix: "lengths")
        defer { folder.remove() }
        struct Run: Sendable {
            var baseline: String?
            var output: String
            var option: String
        }
        var runs = (0...150).map { k in
            Run(
                baseline: Self.name(bytes: k, seed: k), output: Self.name(bytes: 300 - k, seed: 1_000 + k),
                option: k % 2 == 0 ? "--output" : "-o")
        }
        runs.append(Run(baseline: nil, output: Self.name(bytes: 300, seed: 77), option: "--output"))
        let results = try await withThrowingTaskGroup(of: (Int, CommandResult).self) { group in
            var results: [Int: CommandResult] = [:]
            var next = 0
            func start() {
                let index = next
                next += 1
                let run = runs[index]
                let arguments =
                    ["audit", ".", run.option, run.output] + (run.baseline.map { ["--baseline", $0] } ?? [])
                group.addTask { (index, try await SeamCLI.run(arguments, in: folder.url)) }
            }
            for _ in 0..<4 { start() }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < runs.count { start() }
            }
            return results
        }
        #expect(results.count == runs.count)
        var written = 0
        for (index, run) in runs.enumerated() {
            let result = try #require(results[index])
            let lengths = "baseline \(run.baseline?.utf8.count ?? -1), \(run.option) \(run.output.utf8.count)"
            // Never a crash: a status of its own, or a refusal in one plain line.
            #expect([0, 2].contains(result.status), "\(lengths): \(result.output)")
            if run.baseline == "" {
                #expect(
                    result.status == 2 && result.stderr.contains("--baseline needs a file name"),
                    "\(lengths): \(result.stderr)")
                continue
            }
            if let baseline = run.baseline {
                #expect(
                    FileManager.default.fileExists(atPath: folder.url(baseline).path), "\(lengths): \(result.output)")
                written += 1
            }
            if run.output.utf8.count > 255 {
                #expect(result.status == 2, "\(lengths): \(result.output)")
                let lines = result.stderr.split(separator: "\n")
                #expect(
                    lines.last?.hasPrefix("seam: error: cannot write the report to ") == true
                        && lines.last?.hasSuffix("file name too long") == true
                        && lines.count == 1 + (run.baseline == nil ? 0 : 1),
                    "\(lengths): \(result.stderr)")
            } else {
                #expect(result.status == 0, "\(lengths): \(result.output)")
                #expect(FileManager.default.fileExists(atPath: folder.url(run.output).path), "\(lengths)")
                written += 1
            }
        }
        // Nothing but the written files: no temporary file left, nothing written anywhere else.
        let names = try folder.fileNames()
        #expect(names.allSatisfy { !$0.contains(".seam-tmp-") }, "\(names.filter { $0.contains(".seam-tmp-") })")
        #expect(names.count == written)
    }

    @Test func emptyNamesAreRefused() async throws {
        let folder = try TemporaryDirectory(prefix: "empty")
        defer { folder.remove() }
        for option in ["--output", "-o", "--baseline"] {
            let result = try await SeamCLI.run(["audit", ".", option, ""], in: folder.url)
            #expect(
                result.status == 2 && result.stderr.contains("needs a file name (got an empty one)"),
                "\(option): \(result.output)")
        }
        #expect(try folder.fileNames().isEmpty)
    }

    @Test func baselineNamesOfEveryLengthAreRecordedOrRefused() async throws {
        let folder = try TemporaryDirectory(prefix: "baselines")
        defer { folder.remove() }
        for length in [1, 2, 100, 200, 227, 228, 229, 254, 255, 256, 300] {
            let name = Self.name(bytes: length, seed: 7 * length)
            let result = try await SeamCLI.run(["audit", ".", "--baseline", name], in: folder.url)
            if (1...255).contains(length) {
                #expect(result.status == 0, "length \(length): \(result.output)")
                #expect(FileManager.default.fileExists(atPath: folder.url(name).path), "length \(length)")
            } else {
                #expect(result.status == 2, "length \(length): \(result.output)")
                #expect(
                    result.stderr.hasPrefix("seam: error:") && result.stderr.split(separator: "\n").count == 1,
                    "\(result.stderr)")
            }
        }
    }

    /// Arguments that are not UTF-8 cannot be passed by `Process` (it takes `String`s): `sh` builds them with
    /// `printf` escapes.
    @Test(arguments: [
        (#"\377"#, #"\xFF"#), (#"\303"#, #"\xC3"#), (#"\200"#, #"\x80"#), (#"caf\351.txt"#, #"caf\xE9.txt"#),
        (#"\355\240\200"#, #"\xED\xA0\x80"#), (#"\300\257"#, #"\xC0\xAF"#), (#"r\376\377é"#, #"r\xFE\xFFé"#),
    ])
    func namesThatAreNotUTF8AreRefusedByTheirBytes(octal: String, escaped: String) async throws {
        let folder = try TemporaryDirectory(prefix: "notutf8")
        defer { folder.remove() }
        for arguments in [
            #"audit . --output "$name""#, #"audit . -o "$name""#, #"audit . --baseline "$name""#, #"audit "$name""#,
            #"migrate "$name""#,
        ] {
            let script = #"name="$(printf '"# + octal + #"')"; exec "$0" "# + arguments
            let result = try await Command.run(
                executable: URL(fileURLWithPath: "/bin/sh"), ["-c", script, SeamCLI.executable.path], in: folder.url)
            #expect(result.status == 2, "\(arguments) \(escaped): \(result.output)")
            #expect(
                result.stderr
                    == "seam: error: the argument \(escaped) is not valid UTF-8 (the bytes that are not are shown as \\xNN); "
                    + "seam cannot name such a path: rename it\n", "\(result.stderr)")
            #expect(try folder.fileNames().isEmpty, "nothing written for \(arguments)")
        }
    }
}
