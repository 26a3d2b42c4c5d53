import Foundation

/// Turns keys or values into bytes for the disk tier and back.
///
/// ```swift
/// CacheCodec<SpotForecast>.json      // any Codable value
/// CacheCodec<Data>.data              // image bytes, stored as they are
/// ```
public struct CacheCodec<Value>: Sendable {
    /// Encodes a value.
    public var encode: @Sendable (Value) throws -> Data
    /// Decodes a value; throws for bytes that do not hold one.
    public var decode: @Sendable (Data) throws -> Value

    /// Creates a codec from two functions.
    public init(
        encode: @escaping @Sendable (Value) throws -> Data,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.encode = encode
        self.decode = decode
    }
}

extension CacheCodec where Value: Codable & Sendable {
    /// JSON through `JSONEncoder` with sorted keys, so equal keys always give equal bytes.
    public static var json: CacheCodec<Value> {
        CacheCodec(
            encode: { value in
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                return try encoder.encode(value)
            },
            decode: { data in try JSONDecoder().decode(Value.self, from: data) }
        )
    }
}

extension CacheCodec where Value == Data {
    /// The bytes as they are: for images and other payloads that are already data.
    public static var data: CacheCodec<Data> {
        CacheCodec(encode: { $0 }, decode: { $0 })
    }
}

extension CacheCodec where Value == String {
    /// UTF-8 text.
    public static var utf8: CacheCodec<String> {
        CacheCodec(
            encode: { Data($0.utf8) },
            decode: { data in
                guard let string = String(data: data, encoding: .utf8) else {
                    throw CacheError.invalidUTF8
                }
                return string
            }
        )
    }
}
