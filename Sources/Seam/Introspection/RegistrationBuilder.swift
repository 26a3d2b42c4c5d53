/// Builds a container's registration list from bare key types and ``Registration`` values.
@resultBuilder
public enum RegistrationBuilder {
    public static func buildExpression<K: LiveDependencyKey>(_ key: K.Type) -> [Registration] { [Registration(key)] }
    public static func buildExpression<K: AsyncDependencyKey>(_ key: K.Type) -> [Registration] { [Registration(key)] }
    public static func buildExpression<K: MainActorDependencyKey>(_ key: K.Type) -> [Registration] { [Registration(key)] }
    public static func buildExpression<K: ParameterizedDependencyKey>(_ key: K.Type) -> [Registration] { [Registration(key)] }
    public static func buildExpression(_ registration: Registration) -> [Registration] { [registration] }
    public static func buildExpression(_ registrations: [Registration]) -> [Registration] { registrations }
    public static func buildBlock(_ parts: [Registration]...) -> [Registration] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Registration]?) -> [Registration] { part ?? [] }
    public static func buildEither(first: [Registration]) -> [Registration] { first }
    public static func buildEither(second: [Registration]) -> [Registration] { second }
    public static func buildArray(_ parts: [[Registration]]) -> [Registration] { parts.flatMap { $0 } }
}
