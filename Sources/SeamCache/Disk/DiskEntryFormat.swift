import Foundation

/// The byte layout of one disk entry, all integers little-endian:
///
/// ```text
/// "SMC1" | expiry: Float64 seconds since 1970 | key length: UInt32 | value length: UInt64
///        | key bytes | value bytes | FNV-1a 64 checksum of everything before it
/// ```
///
/// The lengths let a reader detect a file truncated mid-write; the checksum detects any other damage.
enum DiskEntryFormat {
    static let magic: [UInt8] = Array("SMC1".utf8)
    private static let headerSize = 4 + 8 + 4 + 8
    private static let checksumSize = 8

    struct Decoded {
        var expiry: Date
        var key: Data
        var value: Data
    }

    /// Why an entry could not be decoded; used as the log line's reason.
    struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    static func encode(key: Data, value: Data, expiry: Date) -> Data {
        var data = Data(capacity: headerSize + key.count + value.count + checksumSize)
        data.append(contentsOf: magic)
        append(expiry.timeIntervalSince1970.bitPattern, to: &data)
        append(UInt32(key.count), to: &data)
        append(UInt64(value.count), to: &data)
        data.append(key)
        data.append(value)
        append(fnv1a(data), to: &data)
        return data
    }

    static func decode(_ data: Data) throws(Damage) -> Decoded {
        let bytes = [UInt8](data)
        guard bytes.count >= headerSize + checksumSize else {
            throw Damage(description: "truncated: \(bytes.count) bytes, shorter than the header")
        }
        guard Array(bytes[0..<4]) == magic else {
            throw Damage(description: "not a cache entry (bad magic)")
        }
        let expiry = Date(timeIntervalSince1970: Double(bitPattern: read(UInt64.self, bytes, at: 4)))
        let keyLength = Int(read(UInt32.self, bytes, at: 12))
        let valueLength = read(UInt64.self, bytes, at: 16)
        guard valueLength <= UInt64(bytes.count) else {
            throw Damage(description: "truncated: value of \(valueLength) bytes in a \(bytes.count)-byte file")
        }
        let expected = headerSize + keyLength + Int(valueLength) + checksumSize
        guard bytes.count == expected else {
            let state = bytes.count < expected ? "truncated" : "trailing bytes"
            throw Damage(description: "\(state): \(bytes.count) bytes, expected \(expected)")
        }
        let body = bytes[0..<(expected - checksumSize)]
        guard fnv1a(body) == read(UInt64.self, bytes, at: expected - checksumSize) else {
            throw Damage(description: "checksum mismatch")
        }
        let keyStart = headerSize
        let valueStart = keyStart + keyLength
        return Decoded(
            expiry: expiry,
            key: Data(bytes[keyStart..<valueStart]),
            value: Data(bytes[valueStart..<(valueStart + Int(valueLength))])
        )
    }

    /// FNV-1a, 64-bit: a fast checksum, not a cryptographic hash.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        var value: T = 0
        for index in 0..<MemoryLayout<T>.size {
            value |= T(bytes[offset + index]) << (8 * index)
        }
        return value
    }
}
