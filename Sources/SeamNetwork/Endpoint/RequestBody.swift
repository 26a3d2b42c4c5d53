import Foundation

/// The body of an ``Endpoint``'s request: bytes, or a value encoded when the request is sent.
///
/// ```swift
/// Endpoint<Void>(method: .put, path: "avatar", body: .data(png, contentType: "image/png")) { _, _ in }
/// Endpoint<Meal>.post("favourites", body: meal)        // .json(meal)
/// ```
///
/// Encoding happens in ``NetworkClient/send(_:)``, so a value that cannot be encoded fails the
/// request with an `AppError` (code `invalidRequest`) instead of making the endpoint throw.
public struct RequestBody: Sendable {
    /// The `Content-Type` sent with the body unless the endpoint's headers name one.
    public var contentType: String?
    private let encode: @Sendable () throws -> Data

    /// A body of `contentType` produced by `encode` when the request is sent.
    public init(contentType: String?, encode: @escaping @Sendable () throws -> Data) {
        self.contentType = contentType
        self.encode = encode
    }

    /// These bytes.
    public static func data(_ data: Data, contentType: String? = nil) -> RequestBody {
        RequestBody(contentType: contentType) { data }
    }

    /// `value` encoded as JSON (`application/json`).
    public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder = JSONEncoder()) -> RequestBody {
        RequestBody(contentType: "application/json") { try encoder.encode(value) }
    }

    /// The body's bytes.
    public func encoded() throws -> Data { try encode() }
}
