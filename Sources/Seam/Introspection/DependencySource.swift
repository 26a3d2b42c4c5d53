/// Which value provider made an instance.
public enum DependencySource: Hashable, Sendable, CustomStringConvertible {
    /// The key's live factory.
    case live
    /// The key's `testValue`.
    case test
    /// The key's `previewValue`.
    case preview
    /// An override installed by `withOverrides` (or a SeamTesting trait) at this source location.
    case override(fileID: String, line: Int)

    /// `live value`, `test value`, `preview value` or `override at <fileID>:<line>`.
    public var description: String {
        switch self {
        case .live: "live value"
        case .test: "test value"
        case .preview: "preview value"
        case .override(let fileID, let line): "override at \(fileID):\(line)"
        }
    }
}
