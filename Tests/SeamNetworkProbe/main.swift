// Sends one GET with SeamNetwork and reports how it ended and the process's peak memory; the
// hostile-server tests run it against a loopback server sending a gzip bomb or an endless body, so
// the memory measured is this request's alone.
//
//     seam-network-probe URL MAXIMUM_BODY_BYTES TIMEOUT_MILLISECONDS
//
// Prints one line: `outcome=<NetworkError code or ok> elapsed_ms=<n> baseline_kb=<VmHWM before>
// peak_kb=<VmHWM after> tsan=<0|1>`.
import Foundation
import SeamArchitecture
import SeamNetwork

#if canImport(Glibc)
import Glibc
#endif

/// A field of /proc/self/status in kB (`VmHWM`: the peak resident set size).
func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return -1 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let url = URL(string: arguments[1]), let limit = Int(arguments[2]),
    let milliseconds = Int64(arguments[3])
else {
    FileHandle.standardError.write(Data("usage: seam-network-probe URL MAXIMUM_BODY_BYTES TIMEOUT_MILLISECONDS\n".utf8))
    exit(2)
}

let configuration = NetworkConfiguration(
    baseURL: url, timeout: .milliseconds(milliseconds), retryPolicy: .none, maximumResponseBodySize: limit
)
let client = NetworkClient(configuration: configuration, transport: URLSessionTransport())
// A request that outlives twice its deadline is a failure the test reports; the probe never outlives it.
DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(min(milliseconds, 600_000)) * 2 + 10_000)) {
    print("outcome=watchdog elapsed_ms=-1 baseline_kb=-1 peak_kb=\(status("VmHWM")) tsan=0")
    exit(3)
}
let baseline = status("VmHWM")
let start = ContinuousClock.now
let outcome: String
do {
    let body = try await client.send(Endpoint<Data>.data(.get, ""))
    outcome = "ok(\(body.count))"
} catch let error as AppError {
    outcome = error.networkError.map { "\($0.code)" } ?? "\(error.code)"
}
let elapsed = ContinuousClock.now - start
let milli = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
let tsan = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil ? 1 : 0
print("outcome=\(outcome) elapsed_ms=\(milli) baseline_kb=\(baseline) peak_kb=\(status("VmHWM")) tsan=\(tsan)")
