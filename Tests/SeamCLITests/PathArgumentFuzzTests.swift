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

    @Test(.timeLimit(.minutes(2)))
    func everyLengthFrom0To300IsWrittenOrRefusedPlainly() async throws {
        let folder = try TemporaryDirectory(prefix: "lengths")
        defer { folder.remove() }
        let options = ["--output", "-o", "--baseline"]
        let outcomes = try await withThrowingTaskGroup(of: (Int, String, String, CommandResult).self) { group in
            var outcomes: [(Int, String, String, CommandResult)] = []
            var next = 0
            func start() {
                let length = next
                next += 1
                let option = options[length % options.count]
                let name = Self.name(bytes: length, seed: length)
                group.addTask { (length, option, name, try await SeamCLI.run(["audit", ".", option, name], in: folder.url)) }
            }
            for _ in 0..<6 { start() }
            while let outcome = try await group.next() {
                outcomes.append(outcome)
                if next <= 300 { start() }
            }
            return outcomes
        }
        #expect(outcomes.count == 301)
        for (length, option, name, result) in outcomes.sorted(by: { $0.0 < $1.0 }) {
            if (1...255).contains(length) {
                #expect(result.status == 0, "length \(length) \(option): \(result.output)")
                #expect(FileManager.default.fileExists(atPath: folder.url(name).path), "length \(length)")
            } else {
                #expect(result.status == 2, "length \(length) \(option): \(result.output)")
                #expect(result.stderr.hasPrefix("seam: error:") && result.stderr.split(separator: "\n").count == 1, "length \(length): \(result.stderr)")
            }
            if length > 255 {
                #expect(result.stderr.contains("file name too long"), "length \(length): \(result.stderr)")
            }
        }
        // Nothing but the written files: no temporary file left, nothing written anywhere else.
        let names = try folder.fileNames()
        #expect(names.allSatisfy { !$0.contains(".seam-tmp-") }, "\(names.filter { $0.contains(".seam-tmp-") })")
        #expect(names.count == 255)
    }

    @Test func baselineNamesOfEveryLengthAreRecordedOrRefused() async throws {
        let folder = try TemporaryDirectory(prefix: "baselines")
        defer { folder.remove() }
        for length in [0, 1, 2, 100, 200, 227, 228, 229, 254, 255, 256, 300] {
            let name = Self.name(bytes: length, seed: 7 * length)
            let result = try await SeamCLI.run(["audit", ".", "--baseline", name], in: folder.url)
            if (1...255).contains(length) {
                #expect(result.status == 0, "length \(length): \(result.output)")
                #expect(FileManager.default.fileExists(atPath: folder.url(name).path), "length \(length)")
            } else {
                #expect(result.status == 2, "length \(length): \(result.output)")
                #expect(result.stderr.hasPrefix("seam: error:") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
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
        for arguments in [#"audit . --output "$name""#, #"audit . -o "$name""#, #"audit . --baseline "$name""#, #"audit "$name""#, #"migrate "$name""#] {
            let script = #"name="$(printf '"# + octal + #"')"; exec "$0" "# + arguments
            let result = try await Command.run(
                executable: URL(fileURLWithPath: "/bin/sh"), ["-c", script, SeamCLI.executable.path], in: folder.url)
            #expect(result.status == 2, "\(arguments) \(escaped): \(result.output)")
            #expect(
                result.stderr == "seam: error: the argument \(escaped) is not valid UTF-8 (the bytes that are not are shown as \\xNN); "
                    + "seam cannot name such a path: rename it\n", "\(result.stderr)")
            #expect(try folder.fileNames().isEmpty, "nothing written for \(arguments)")
        }
    }
}
