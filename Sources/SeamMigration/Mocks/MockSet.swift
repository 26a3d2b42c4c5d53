import Foundation
import SeamAnalysis

/// What ``MockGeneration`` generated: each mock with the state of its file on disk, and the chosen
/// protocols that got none, with why.
public struct MockSet: Sendable {
    /// One generated mock.
    public struct Mock: Sendable, Hashable {
        /// How the file on disk compares with the generated text.
        public enum State: String, Sendable, Hashable {
            /// There is no file yet.
            case missing
            /// The file holds an older mock: the protocol changed since.
            case outOfDate = "out of date"
            /// The file holds exactly the generated text.
            case upToDate = "up to date"
        }

        /// The protocol's name (qualified when nested: `Settings.StoreProtocol`).
        public var protocolName: String
        /// Where the protocol is declared.
        public var location: SeamAnalysis.SourceLocation
        /// The mock's file, relative to the root.
        public var path: String
        /// The mock's source.
        public var text: String
        /// How the file on disk compares with `text`.
        public var state: State
    }

    /// A chosen protocol that got no mock.
    public struct Skipped: Sendable, Hashable, CustomStringConvertible {
        /// The protocol's name.
        public var protocolName: String
        /// Where the reason is: the protocol, or the member or refinement that cannot be mocked.
        public var location: SeamAnalysis.SourceLocation
        /// Why there is no mock.
        public var reason: String
        /// Whether the protocol was asked for by its exact name or a `// seam:mock` comment (an error to
        /// report), rather than matched by a glob pattern (a note).
        public var wasRequested: Bool

        /// `file:line:column: no mock for `P`: reason`.
        public var description: String { "\(location): no mock for `\(protocolName)`: \(reason)" }
    }

    /// The folder the mocks were generated for.
    public var root: String
    /// The mocks, by protocol name.
    public var mocks: [Mock]
    /// The chosen protocols that got no mock, by protocol name.
    public var skipped: [Skipped]

    /// The mocks whose file is missing or out of date: what ``write()`` writes, and what a check reports.
    public var stale: [Mock] { mocks.filter { $0.state != .upToDate } }

    /// Writes the missing and out-of-date mocks (creating their folders inside the root); up-to-date files are
    /// left untouched.
    ///
    /// - Returns: The paths written, relative to the root.
    /// - Throws: ``MockGenerationError`` naming the file that could not be written; the mocks before it are
    ///   written.
    @discardableResult
    public func write() throws(MockGenerationError) -> [String] {
        var written: [String] = []
        for mock in stale {
            let absolute = PathText.join(root, mock.path)
            do {
                try FileManager.default.createDirectory(
                    atPath: PathText.folder(of: absolute), withIntermediateDirectories: true)
            } catch {
                throw .writeFailed(file: mock.path, reason: FileSystemError.words(for: error))
            }
            do {
                try FileAccess.write(Data(mock.text.utf8), to: absolute)
            } catch {
                throw .writeFailed(file: mock.path, reason: error.description)
            }
            written.append(mock.path)
        }
        return written
    }
}
