import ArgumentParser

/// The documented exit codes of `seam`.
enum SeamExitCode: Int32 {
    /// No findings over the threshold.
    case clean = 0
    /// More findings (at `warning` or above, after the baseline) than `thresholds.max-findings`.
    case findingsOverThreshold = 1
    /// Bad arguments, a missing path, an unreadable or malformed `.seam.yml` or baseline.
    case usageError = 2

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// A usage or configuration problem: printed as `seam: error: <message>`, exits with 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension UsageError {
    /// Prints the error and returns the exit code to throw.
    func report() -> ExitCode {
        Terminal.writeError("seam: error: \(description)")
        return SeamExitCode.usageError.exitCode
    }
}
