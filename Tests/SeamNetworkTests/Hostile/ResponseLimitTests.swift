import Foundation
import SeamArchitecture
import SeamLocking
import SeamNetwork
import SeamTestSupport
import Testing

/// A gzip bomb and endless bodies against a loopback server, each fetched by `seam-network-probe` (a
/// child process, so the peak memory it reports is the request's alone): the request must end within
/// its deadline, and the process's peak resident size must grow by less than the configured body limit
/// + 32 MiB over what it was before the request (about 33 MB: the runtime, Foundation, libcurl).
@Suite("Response size limit and deadline on the body", .serialized)
struct ResponseLimitTests {
    static let limit = 8 * 1024 * 1024
    static let slack = 32 * 1024 * 1024

    static var probe: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("seam-network-probe")
    }

    /// What the probe reported.
    struct Report {
        var fields: [String: String]
        var outcome: String { fields["outcome"] ?? "?" }
        var elapsed: Duration { .milliseconds(Int(fields["elapsed_ms"] ?? "") ?? .max) }
        var peakBytes: Int { (Int(fields["peak_kb"] ?? "") ?? .max / 2048) * 1024 }
        var baselineBytes: Int { (Int(fields["baseline_kb"] ?? "") ?? 0) * 1024 }
        /// How much the peak resident size grew during the request.
        var growthBytes: Int { peakBytes - baselineBytes }
        var underSanitizer: Bool { fields["tsan"] == "1" }
    }

    static func runProbe(_ url: URL, limit: Int = limit, timeout: Duration) async throws -> Report {
        try #require(
            FileManager.default.isExecutableFile(atPath: probe.path),
            "build it: swift build --product seam-network-probe")
        let milliseconds = timeout.components.seconds * 1_000
        let folder = try TemporaryDirectory(prefix: "probe")
        defer { folder.remove() }
        let result = try await RunningProcess.run(
            executable: probe, [url.absoluteString, "\(limit)", "\(milliseconds)"], in: folder.url
        )
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(result.status == 0, "probe: \(result.stdout) \(result.stderr)")
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        print("seam-network-probe \(url.path): \(line)")
        return Report(fields: fields)
    }

    /// A server that answers with `head` and then writes `next()` chunks (HTTP/1.1 chunked) until the
    /// client goes away or `cap` passes.
    static func streamingServer(
        head: String, cap: Duration = .seconds(60), interval: Duration? = nil, next: @escaping @Sendable (Int) -> Data
    ) async throws -> RawServer {
        try await RawServer.start { connection in
            _ = try await connection.readRequestHead()
            try await connection.write(head)
            let start = ContinuousClock.now
            var index = 0
            while ContinuousClock.now - start < cap {
                let chunk = next(index)
                index += 1
                var framed = Data(String(chunk.count, radix: 16).utf8 + Array("\r\n".utf8))
                framed.append(chunk)
                framed.append(contentsOf: Array("\r\n".utf8))
                try await connection.write(framed)
                if let interval { try await Task.sleep(for: interval) }
            }
        }
    }

    /// A gzip stream of zeros that never ends: a fixed-Huffman deflate block of one literal `0` and
    /// then back-references of 258 bytes at distance 1 (13 bits each), about 159:1. `head` is the gzip
    /// header and the first 3 bytes; every `unit` of 13 bytes after it inflates to 2,064 zero bytes.
    enum GzipBomb {
        struct BitWriter {
            var bytes: [UInt8] = []
            var bitCount = 0
            mutating func bits(_ value: UInt32, _ count: Int) {  // LSB first
                for index in 0..<count {
                    if bitCount % 8 == 0 { bytes.append(0) }
                    if (value >> UInt32(index)) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
                    bitCount += 1
                }
            }
            mutating func code(_ value: UInt32, _ count: Int) {  // Huffman codes: most significant bit first
                for index in (0..<count).reversed() { bits((value >> UInt32(index)) & 1, 1) }
            }
            mutating func match258() {
                code(0b1100_0101, 8)  // length code 285 (258 bytes), no extra bits
                code(0, 5)  // distance code 0 (distance 1)
            }
        }

        static let head: Data = {
            var writer = BitWriter()
            writer.bits(0, 1)  // BFINAL = 0: the block never ends
            writer.bits(1, 2)  // BTYPE = 01, fixed Huffman codes
            writer.code(0b0011_0000, 8)  // literal 0
            writer.match258()  // 3 + 8 + 13 = 24 bits: byte-aligned
            return Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + writer.bytes)
        }()

        static let unit: Data = {
            var writer = BitWriter()
            for _ in 0..<8 { writer.match258() }  // 104 bits = 13 bytes
            return Data(writer.bytes)
        }()

        /// `count` units: `count × 2,064` bytes once inflated.
        static func units(_ count: Int) -> Data {
            var data = Data(capacity: count * unit.count)
            for _ in 0..<count { data.append(unit) }
            return data
        }
    }

    static let chunkedHead =
        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n"

    @Test(
        "a gzip bomb (1 GiB of zeros from 6.5 MB): responseTooLarge, peak memory under the limit + 32 MiB",
        .timeLimit(.minutes(10)))
    func gzipBomb() async throws {
        let piece = GzipBomb.units(4_000)  // 52 KB on the wire, 8 MB inflated
        let server = try await Self.streamingServer(head: Self.chunkedHead + "Content-Encoding: gzip\r\n\r\n") {
            index in
            index == 0 ? GzipBomb.head : (index <= 130 ? piece : Data())  // 130 × 8 MB ≈ 1 GiB, then the last chunk
        }
        defer { server.stop() }
        let report = try await Self.runProbe(server.baseURL.appendingPathComponent("bomb"), timeout: .seconds(30))
        #expect(report.outcome == "responseTooLarge")
        #expect(report.elapsed < .seconds(30))
        if !report.underSanitizer {
            #expect(report.growthBytes < Self.limit + Self.slack, "peak grew by \(report.growthBytes / 1_048_576) MiB")
        }
    }

    @Test(
        "an endless body sent fast: responseTooLarge as soon as the limit is passed, memory bounded",
        .timeLimit(.minutes(10)))
    func endlessFast() async throws {
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        let server = try await Self.streamingServer(head: Self.chunkedHead + "\r\n") { _ in chunk }
        defer { server.stop() }
        let report = try await Self.runProbe(server.baseURL.appendingPathComponent("endless"), timeout: .seconds(30))
        #expect(report.outcome == "responseTooLarge")
        #expect(report.elapsed < .seconds(30))
        if !report.underSanitizer {
            #expect(report.growthBytes < Self.limit + Self.slack, "peak grew by \(report.growthBytes / 1_048_576) MiB")
        }
    }

    @Test("an endless body sent slowly: the total deadline ends it on time (3 s, not later)", .timeLimit(.minutes(10)))
    func endlessSlow() async throws {
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1_024)
        let server = try await Self.streamingServer(head: Self.chunkedHead + "\r\n", interval: .milliseconds(5)) { _ in
            chunk
        }
        defer { server.stop() }
        let report = try await Self.runProbe(server.baseURL.appendingPathComponent("slow"), timeout: .seconds(3))
        #expect(report.outcome == "deadlineExceeded")
        #expect(report.elapsed >= .seconds(3) && report.elapsed < .seconds(6), "ended after \(report.elapsed)")
        if !report.underSanitizer {
            #expect(report.growthBytes < Self.limit + Self.slack, "peak grew by \(report.growthBytes / 1_048_576) MiB")
        }
    }

    @Test("a Content-Length over the limit is refused before the body is read; a body at the limit passes")
    func declaredLength() async throws {
        try await withTestServer({ request in
            let size = request.path == "/big" ? 64 * 1024 + 1 : 64 * 1024
            return ServerResponse(headers: [("Content-Type", "application/octet-stream")], body: Data(count: size))
        }) { server in
            var configuration = NetworkConfiguration(baseURL: server.baseURL, retryPolicy: .none)
            configuration.maximumResponseBodySize = 64 * 1024
            let client = NetworkClient(configuration: configuration, transport: URLSessionTransport())
            #expect(try await client.send(Endpoint<Data>.data(.get, "exact")).count == 64 * 1024)
            let error = try #require(await appError { try await client.send(Endpoint<Data>.data(.get, "big")) })
            #expect(error.networkError?.code == .responseTooLarge && error.networkError?.limit == 64 * 1024)
            #expect(error.code == .badServerResponse && !error.isRetryable)
        }
    }

    @Test("another transport's body is held to the limit too")
    func otherTransport() async throws {
        let transport = RecordingTransport().stub(.get, "big", status: .ok, body: Data(count: 1_025))
        var configuration = NetworkConfiguration(baseURL: URL(string: "https://example.com")!, retryPolicy: .none)
        configuration.maximumResponseBodySize = 1_024
        let client = NetworkClient(configuration: configuration, transport: transport)
        let error = try #require(await appError { try await client.send(Endpoint<Data>.data(.get, "big")) })
        #expect(error.networkError?.code == .responseTooLarge)
    }
}
