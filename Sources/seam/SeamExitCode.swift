import ArgumentParser

/// The documented exit codes of `seam`.
enum SeamExitCode: Int32 {
    /// No findings over the threshold.
    case clean = 0
    /// More findings (at `warning` or above, after the baseline) than `thresholds.max-findings`, or (`--strict`)
    /// baseline entries whose findings are gone; for `seam mocks --check`, mocks missing or out of date.
    case findingsOverThreshold = 1
    /// Bad arguments, a missing path, an unreadable or malformed `.seam.yml` or baseline, or a result that
    /// could not be written (a full disk; a closed pipe, silently).
    case usageError = 2

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// A usage or configuration problem: printed as `seam: error: <message>`, exits with 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    /// Whether the message goes unprinted (exit status 2 still tells).
    private(set) var isSilent = false

    init(_ description: String) {
        self.description = description
    }

    /// Standard output's reader has gone away (`seam audit . | head -1`): like other command-line tools,
    /// seam says nothing about it.
    static let readerGone: UsageError = {
        var error = UsageError("standard output was closed before the result was written")
        error.isSilent = true
        return error
    }()
}

extension UsageError {
    /// Prints the error (unless it is silent) and returns the exit code to throw.
    func report() -> ExitCode {
        if !isSilent { Terminal.writeError("seam: error: \(description)") }
        return SeamExitCode.usageError.exitCode
    }
}
