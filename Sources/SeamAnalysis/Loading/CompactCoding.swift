/// A compact binary form of `Codable` values, for the analysis cache: each value's fields in the order its
/// `encode(to:)` writes them, without keys. Integers are variable-length (zigzag), strings are a length and UTF-8
/// bytes, arrays a count and their elements, optionals a presence byte, an enum case the case's name and then its
/// associated values.
///
/// It reads back what it wrote for types whose `Codable` conformance is synthesized, or written the same way (a
/// keyed container per struct, fields in a fixed order): reading relies on synthesized decoding asking for fields
/// in the order encoding wrote them, and on an enum's decoding asking once for `allKeys`. `Dictionary` keyed by
/// `String` or `Int` codes its keys as coding keys, which this form drops: types holding one encode it as an array
/// of pairs (``Suppressions`` does).
///
/// Reading checks every length and count against the bytes left and never traps: truncated or hostile input
/// throws ``CompactCodingError``.
enum CompactCoding {
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = Writer()
        try writer.write(value)
        return writer.bytes
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let reader = Reader(bytes: bytes)
        let value = try reader.read(type)
        guard reader.index == bytes.count else { throw CompactCodingError.trailingBytes }
        return value
    }
}

/// Why bytes could not be read back.
enum CompactCodingError: Error, Equatable {
    /// The bytes end inside a value.
    case truncated
    /// A presence byte, case name or number that the type cannot have.
    case invalid
    /// Bytes are left after the value.
    case trailingBytes
}

/// `Optional`, seen through a generic parameter.
private protocol CompactOptional {
    var isAbsent: Bool { get }
    static var absent: Self { get }
}

extension Optional: CompactOptional {
    fileprivate var isAbsent: Bool { self == nil }
    fileprivate static var absent: Self { nil }
}

/// The values written as bytes rather than through their own `encode(to:)`.
private protocol CompactPrimitive {
    func write(to writer: Writer)
    static func read(from reader: Reader) throws -> Self
}

extension Bool: CompactPrimitive {
    fileprivate func write(to writer: Writer) { writer.bytes.append(self ? 1 : 0) }
    fileprivate static func read(from reader: Reader) throws -> Bool {
        switch try reader.byte() {
        case 0: false
        case 1: true
        default: throw CompactCodingError.invalid
        }
    }
}

extension String: CompactPrimitive {
    fileprivate func write(to writer: Writer) {
        var text = self
        text.withUTF8 { utf8 in
            Int64(utf8.count).write(to: writer)
            writer.bytes.append(contentsOf: utf8)
        }
    }
    fileprivate static func read(from reader: Reader) throws -> String {
        let length = try Int.read(from: reader)
        guard length >= 0, length <= reader.bytes.count - reader.index else { throw CompactCodingError.truncated }
        defer { reader.index += length }
        return String(decoding: reader.bytes[reader.index..<(reader.index + length)], as: UTF8.self)
    }
}

extension Double: CompactPrimitive {
    fileprivate func write(to writer: Writer) { bitPattern.write(to: writer) }
    fileprivate static func read(from reader: Reader) throws -> Double {
        Double(bitPattern: try UInt64.read(from: reader))
    }
}

extension Float: CompactPrimitive {
    fileprivate func write(to writer: Writer) { bitPattern.write(to: writer) }
    fileprivate static func read(from reader: Reader) throws -> Float {
        Float(bitPattern: try UInt32.read(from: reader))
    }
}

/// Integers: zigzag, then 7 bits a byte.
extension FixedWidthInteger {
    fileprivate func write(to writer: Writer) {
        let wide = Int64(truncatingIfNeeded: self)
        var zigzag = Self.isSigned ? UInt64(bitPattern: (wide << 1) ^ (wide >> 63)) : UInt64(truncatingIfNeeded: self)
        while zigzag >= 0x80 {
            writer.bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        writer.bytes.append(UInt8(zigzag))
    }

    fileprivate static func read(from reader: Reader) throws -> Self {
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try reader.byte()
            guard shift < 64 else { throw CompactCodingError.invalid }
            raw |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        if isSigned {
            let value = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
            guard let result = Self(exactly: value) else { throw CompactCodingError.invalid }
            return result
        }
        guard let result = Self(exactly: raw) else { throw CompactCodingError.invalid }
        return result
    }
}

extension Int: CompactPrimitive {}
extension Int8: CompactPrimitive {}
extension Int16: CompactPrimitive {}
extension Int32: CompactPrimitive {}
extension Int64: CompactPrimitive {}
extension UInt: CompactPrimitive {}
extension UInt8: CompactPrimitive {}
extension UInt16: CompactPrimitive {}
extension UInt32: CompactPrimitive {}
extension UInt64: CompactPrimitive {}

/// How a type is read and written: an optional (a presence byte first), a primitive (as bytes), or by its own coding.
private enum ValueKind {
    case optional(any CompactOptional.Type)
    case primitive(any CompactPrimitive.Type)
    case other

    init(_ type: Any.Type) {
        if let optional = type as? any CompactOptional.Type {
            self = .optional(optional)
        } else if let primitive = type as? any CompactPrimitive.Type {
            self = .primitive(primitive)
        } else {
            self = .other
        }
    }
}

// MARK: Writing

private final class Writer {
    var bytes: [UInt8] = []

    func primitive<T: CompactPrimitive>(_ value: T) { value.write(to: self) }

    func write<T: Encodable>(_ value: T) throws {
        if let optional = value as? any CompactOptional {
            false.write(to: self)
            if optional.isAbsent { return }
            bytes[bytes.count - 1] = 1
        }
        if let primitive = value as? any CompactPrimitive {
            primitive.write(to: self)
        } else {
            try value.encode(to: CompactEncoder(writer: self))
        }
    }
}

private struct CompactEncoder: Encoder {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedWriter(writer: writer) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueWriter(writer: writer) }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { false.write(to: writer) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try writer.write(value) }
    // Optional fields get a presence byte (the default `encodeIfPresent` would write nothing for `nil`).
    mutating func encode(_ value: Bool, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writer.primitive(value) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try writer.write(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try writer.write(value) }

    /// An enum case: its name, then its associated values.
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        key.stringValue.write(to: writer)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedWriter(writer: writer)
    }

    mutating func superEncoder() -> any Encoder { CompactEncoder(writer: writer) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CompactEncoder(writer: writer) }
}

/// The element count is written as 4 bytes when the container opens, and updated at each element.
private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let writer: Writer
    let countOffset: Int
    var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: Writer) {
        self.writer = writer
        countOffset = writer.bytes.count
        writer.bytes.append(contentsOf: [0, 0, 0, 0])
    }

    private mutating func counted() throws {
        count += 1
        guard count <= Int(UInt32.max) else { throw CompactCodingError.invalid }
        for byte in 0..<4 { writer.bytes[countOffset + byte] = UInt8(truncatingIfNeeded: count >> (8 * byte)) }
    }

    mutating func encodeNil() throws {
        false.write(to: writer)
        try counted()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.write(value)
        try counted()
    }
    mutating func encode(_ value: Bool) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: String) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Double) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Float) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Int) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Int8) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Int16) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Int32) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: Int64) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: UInt) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: UInt8) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: UInt16) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: UInt32) throws { writer.primitive(value); try counted() }
    mutating func encode(_ value: UInt64) throws { writer.primitive(value); try counted() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        try? counted()
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        try? counted()
        return UnkeyedWriter(writer: writer)
    }

    mutating func superEncoder() -> any Encoder { CompactEncoder(writer: writer) }
}

private struct SingleValueWriter: SingleValueEncodingContainer {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { false.write(to: writer) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.write(value) }
    mutating func encode(_ value: Bool) throws { writer.primitive(value) }
    mutating func encode(_ value: String) throws { writer.primitive(value) }
    mutating func encode(_ value: Double) throws { writer.primitive(value) }
    mutating func encode(_ value: Float) throws { writer.primitive(value) }
    mutating func encode(_ value: Int) throws { writer.primitive(value) }
    mutating func encode(_ value: Int8) throws { writer.primitive(value) }
    mutating func encode(_ value: Int16) throws { writer.primitive(value) }
    mutating func encode(_ value: Int32) throws { writer.primitive(value) }
    mutating func encode(_ value: Int64) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt8) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt16) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt32) throws { writer.primitive(value) }
    mutating func encode(_ value: UInt64) throws { writer.primitive(value) }
}

// MARK: Reading

private final class Reader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte() throws -> UInt8 {
        guard index < bytes.count else { throw CompactCodingError.truncated }
        defer { index += 1 }
        return bytes[index]
    }

    func primitive<T: CompactPrimitive>(_ type: T.Type) throws -> T { try T.read(from: self) }

    /// A count of elements, each at least one byte long (so a hostile count cannot ask for more than the bytes hold).
    func count() throws -> Int {
        guard bytes.count - index >= 4 else { throw CompactCodingError.truncated }
        var count = 0
        for byte in 0..<4 { count |= Int(bytes[index + byte]) << (8 * byte) }
        index += 4
        guard count <= bytes.count - index else { throw CompactCodingError.truncated }
        return count
    }

    /// What each type read is, looked up once per type (a conformance check on every value cost a tenth of a read).
    private var kinds: [ObjectIdentifier: ValueKind] = [:]

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try String.read(from: self) as! T }
        if T.self == Int.self { return try Int.read(from: self) as! T }
        let kind: ValueKind
        if let known = kinds[ObjectIdentifier(T.self)] {
            kind = known
        } else {
            kind = ValueKind(T.self)
            kinds[ObjectIdentifier(T.self)] = kind
        }
        switch kind {
        case .optional(let optional):
            guard try Bool.read(from: self) else { return optional.absent as! T }
            return try T(from: CompactDecoder(reader: self))
        case .primitive(let primitive):
            return try primitive.read(from: self) as! T
        case .other:
            return try T(from: CompactDecoder(reader: self))
        }
    }
}

private struct CompactDecoder: Decoder {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(reader: reader))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try UnkeyedReader(reader: reader) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueReader(reader: reader) }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }

    /// Asked once by an enum's synthesized decoding: the case's name, read from the bytes (none when they do not
    /// hold one, which that decoding reports as an error).
    var allKeys: [Key] {
        guard let name = try? String.read(from: reader), let key = Key(stringValue: name) else { return [] }
        return [key]
    }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { try !Bool.read(from: reader) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader.read(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try reader.read(T?.self) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.primitive(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.primitive(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.primitive(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try reader.primitive(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.primitive(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.primitive(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.primitive(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.primitive(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.primitive(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.primitive(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.primitive(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.primitive(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.primitive(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.primitive(type) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try reader.read(Bool?.self) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try reader.read(String?.self) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try reader.read(Double?.self) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try reader.read(Float?.self) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try reader.read(Int?.self) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try reader.read(Int8?.self) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try reader.read(Int16?.self) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try reader.read(Int32?.self) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try reader.read(Int64?.self) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try reader.read(UInt?.self) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try reader.read(UInt8?.self) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try reader.read(UInt16?.self) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try reader.read(UInt32?.self) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try reader.read(UInt64?.self) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(KeyedReader<NestedKey>(reader: reader))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try UnkeyedReader(reader: reader)
    }

    func superDecoder() throws -> any Decoder { CompactDecoder(reader: reader) }
    func superDecoder(forKey key: Key) throws -> any Decoder { CompactDecoder(reader: reader) }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let reader: Reader
    let total: Int
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    init(reader: Reader) throws {
        self.reader = reader
        total = try reader.count()
    }

    private mutating func next() throws {
        guard currentIndex < total else { throw CompactCodingError.invalid }
        currentIndex += 1
    }

    /// Optional elements carry their presence byte, read with the element (see `Reader.read`).
    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next()
        return try reader.read(type)
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(); return try reader.primitive(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(); return try reader.primitive(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next()
        return KeyedDecodingContainer(KeyedReader<NestedKey>(reader: reader))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try UnkeyedReader(reader: reader)
    }

    mutating func superDecoder() throws -> any Decoder { CompactDecoder(reader: reader) }
}

private struct SingleValueReader: SingleValueDecodingContainer {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }

    /// `Optional`'s decoding asks this after `Reader.read` has read its presence byte: the value is there.
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.read(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.primitive(type) }
    func decode(_ type: String.Type) throws -> String { try reader.primitive(type) }
    func decode(_ type: Double.Type) throws -> Double { try reader.primitive(type) }
    func decode(_ type: Float.Type) throws -> Float { try reader.primitive(type) }
    func decode(_ type: Int.Type) throws -> Int { try reader.primitive(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.primitive(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.primitive(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.primitive(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.primitive(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.primitive(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.primitive(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.primitive(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.primitive(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.primitive(type) }
}
