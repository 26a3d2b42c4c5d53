#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps UTF-8 offsets of a file to 1-based lines and columns, the way SwiftSyntax counts them
/// (`\n`, `\r\n` and `\r` end a line; columns count UTF-8 bytes).
///
/// Built with one pass over the bytes, far cheaper than walking the syntax tree's tokens.
public struct LineTable: Sendable, Hashable {
    /// The UTF-8 offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// The length of the file in UTF-8 bytes.
    public let byteCount: Int

    /// Builds the table for `bytes`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts: [Int] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        let count = bytes.count
        if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "\r")), count) == nil {
            // No carriage return (nearly every file): line breaks found by `memchr`, several bytes at a time.
            var index = 0
            while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "\n")), count - index) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(index)
            }
        } else {
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    starts.append(index + 1)
                } else if byte == UInt8(ascii: "\r") {
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        lineStarts = starts
        byteCount = count
    }

    /// The number of lines: a trailing line break does not start a new, empty line.
    public var lineCount: Int {
        if byteCount == 0 { return 0 }
        return lineStarts.last == byteCount ? lineStarts.count - 1 : lineStarts.count
    }

    /// The 1-based line and column of a UTF-8 offset.
    public func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
