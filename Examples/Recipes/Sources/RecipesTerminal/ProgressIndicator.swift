/// A spinner on standard error while a slow call runs: it appears only when standard error is a
/// terminal and the call has taken longer than `delay`, and erases itself when the call ends, so
/// pipes and fast calls see nothing.
///
/// ```swift
/// let categories = try await progress.while("Loading categories") { try await service.fetchCategories() }
/// ```
struct ProgressIndicator: Sendable {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Whether to draw at all (standard error is a terminal).
    let enabled: Bool
    /// How long a call runs before the spinner appears.
    let delay: Duration
    /// How often the spinner turns.
    let interval: Duration
    /// Where it is drawn (standard error).
    let write: @Sendable (String) -> Void

    init(
        enabled: Bool, delay: Duration = .milliseconds(250), interval: Duration = .milliseconds(100),
        write: @escaping @Sendable (String) -> Void
    ) {
        self.enabled = enabled
        self.delay = delay
        self.interval = interval
        self.write = write
    }

    /// Runs `work`, showing `label` with a spinner if it is slow.
    func `while`<Value>(
        _ label: String,
        isolation: isolated (any Actor)? = #isolation,
        _ work: () async throws -> Value
    ) async rethrows -> Value {
        guard enabled else { return try await work() }
        let spinner = Task { [delay, interval, write] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return false
            }
            var frame = 0
            while !Task.isCancelled {
                write("\r\u{1B}[2K\(Self.frames[frame % Self.frames.count]) \(label)…")
                frame += 1
                try? await Task.sleep(for: interval)
            }
            return true
        }
        let value: Value
        do {
            value = try await work()
        } catch {
            spinner.cancel()
            if await spinner.value { write("\r\u{1B}[2K") }
            throw error
        }
        spinner.cancel()
        if await spinner.value { write("\r\u{1B}[2K") }
        return value
    }
}
