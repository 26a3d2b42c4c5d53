import Configuration

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type that ``ConfigurationValues`` can read from a configuration layer.
///
/// `String`, `Int`, `Double`, `Bool`, `[String]`, `[Int]` and `URL` conform; a `String`-backed enum
/// conforms by declaring it:
///
/// ```swift
/// enum Region: String, CaseIterable, ConfigurationConvertible { case ireland, cornwall, biarritz }
/// ```
public protocol ConfigurationConvertible: Sendable {
    /// The swift-configuration type the value is stored as.
    static var configType: ConfigType { get }
    /// How the expected type is named in errors, for example `an integer` or `one of gfs, ecmwf`.
    static var expectation: String { get }
    /// Creates a value from configuration content, or returns `nil` when the content does not
    /// represent a valid value (an enum case that does not exist, a malformed URL).
    init?(configContent: ConfigContent)
    /// The configuration content that represents this value.
    var configContent: ConfigContent { get }
}

extension String: ConfigurationConvertible {
    /// The string as `.string`.
    public var configContent: ConfigContent { .string(self) }
    /// `.string`.
    public static var configType: ConfigType { .string }
    /// `a string`.
    public static var expectation: String { "a string" }
    /// The string held by `.string` content.
    public init?(configContent: ConfigContent) {
        guard case .string(let value) = configContent else { return nil }
        self = value
    }
}

extension Int: ConfigurationConvertible {
    /// The integer as `.int`.
    public var configContent: ConfigContent { .int(self) }
    /// `.int`.
    public static var configType: ConfigType { .int }
    /// `an integer`.
    public static var expectation: String { "an integer" }
    /// The integer held by `.int` content.
    public init?(configContent: ConfigContent) {
        guard case .int(let value) = configContent else { return nil }
        self = value
    }
}

extension Double: ConfigurationConvertible {
    /// The number as `.double`.
    public var configContent: ConfigContent { .double(self) }
    /// `.double`.
    public static var configType: ConfigType { .double }
    /// `a number`.
    public static var expectation: String { "a number" }
    /// The number held by `.double` content, or by `.int` content (`30` reads as `30.0`).
    public init?(configContent: ConfigContent) {
        switch configContent {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: ConfigurationConvertible {
    /// The flag as `.bool`.
    public var configContent: ConfigContent { .bool(self) }
    /// `.bool`.
    public static var configType: ConfigType { .bool }
    /// `true or false`.
    public static var expectation: String { "true or false" }
    /// The flag held by `.bool` content.
    public init?(configContent: ConfigContent) {
        guard case .bool(let value) = configContent else { return nil }
        self = value
    }
}

extension Array: ConfigurationConvertible where Element: ConfigurationListElement {
    /// The list as its element type's array content (`.stringArray`, `.intArray`).
    public var configContent: ConfigContent { Element.content(of: self) }
    /// The element type's array type.
    public static var configType: ConfigType { Element.listConfigType }
    /// `a list of strings` or `a list of integers`.
    public static var expectation: String { "a list of \(Element.listExpectation)" }
    /// The list held by the element type's array content.
    public init?(configContent: ConfigContent) {
        guard let value = Element.list(from: configContent) else { return nil }
        self = value
    }
}

/// An element type of a list that ``ConfigurationValues`` can read: `String` or `Int`.
public protocol ConfigurationListElement: Sendable {
    /// The swift-configuration array type.
    static var listConfigType: ConfigType { get }
    /// How elements are named in errors: `strings`.
    static var listExpectation: String { get }
    /// The list held by the content, if it is a list of this element type.
    static func list(from content: ConfigContent) -> [Self]?
    /// The content that represents a list of this element type.
    static func content(of list: [Self]) -> ConfigContent
}

extension String: ConfigurationListElement {
    /// `.stringArray`.
    public static var listConfigType: ConfigType { .stringArray }
    /// `strings`.
    public static var listExpectation: String { "strings" }
    /// The strings held by `.stringArray` content.
    public static func list(from content: ConfigContent) -> [String]? {
        guard case .stringArray(let value) = content else { return nil }
        return value
    }
    /// The strings as `.stringArray`.
    public static func content(of list: [String]) -> ConfigContent { .stringArray(list) }
}

extension Int: ConfigurationListElement {
    /// `.intArray`.
    public static var listConfigType: ConfigType { .intArray }
    /// `integers`.
    public static var listExpectation: String { "integers" }
    /// The integers held by `.intArray` content.
    public static func list(from content: ConfigContent) -> [Int]? {
        guard case .intArray(let value) = content else { return nil }
        return value
    }
    /// The integers as `.intArray`.
    public static func content(of list: [Int]) -> ConfigContent { .intArray(list) }
}

extension URL: ConfigurationConvertible {
    /// The URL's absolute string as `.string`.
    public var configContent: ConfigContent { .string(absoluteString) }
    /// `.string`.
    public static var configType: ConfigType { .string }
    /// `an absolute URL`.
    public static var expectation: String { "an absolute URL" }
    /// The URL in `.string` content, when it parses and has both a scheme and a host.
    public init?(configContent: ConfigContent) {
        guard case .string(let string) = configContent,
            let url = URL(string: string),
            url.scheme != nil, url.host != nil
        else { return nil }
        self = url
    }
}

extension ConfigurationConvertible where Self: RawRepresentable, RawValue == String {
    /// The raw value as `.string`.
    public var configContent: ConfigContent { .string(rawValue) }
    /// `.string`.
    public static var configType: ConfigType { .string }
    /// `a valid <Type>`.
    public static var expectation: String { "a valid \(Self.self)" }
    /// The case whose raw value is the `.string` content, or `nil` for an unknown one.
    public init?(configContent: ConfigContent) {
        guard case .string(let string) = configContent else { return nil }
        self.init(rawValue: string)
    }
}

extension ConfigurationConvertible where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
    /// `one of <case>, <case>, ...`, listing every raw value.
    public static var expectation: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }
}

extension AppEnvironment: ConfigurationConvertible {}

extension ConfigContent {
    /// The value as written in errors and reports: strings quoted, lists bracketed.
    var rendered: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .bytes(let value): "<\(value.count) bytes>"
        case .stringArray(let value): "[" + value.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .intArray(let value): "[" + value.map(String.init).joined(separator: ", ") + "]"
        case .doubleArray(let value): "[" + value.map { String($0) }.joined(separator: ", ") + "]"
        case .boolArray(let value): "[" + value.map(String.init).joined(separator: ", ") + "]"
        case .byteChunkArray(let value): "<\(value.count) byte chunks>"
        }
    }
}

extension ConfigType {
    /// The types to try, in order, to find out what a layer holds for a key: the most specific
    /// scalars first, so `30.5` reads as a number and `thirty` as a string.
    static let probingOrder: [ConfigType] = [
        .int, .double, .bool, .string, .intArray, .doubleArray, .boolArray, .stringArray,
    ]
}
