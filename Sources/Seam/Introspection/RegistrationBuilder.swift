/// Builds a container's registration list from bare key types and ``Registration`` values.
@resultBuilder
public enum RegistrationBuilder {
    /// Accepts a bare synchronous key type (`APIClientKey.self`).
    public static func buildExpression<K: DependencyKey>(_ key: K.Type) -> [Registration] { [Registration(key)] }
    /// Accepts a bare `async` key type.
    public static func buildExpression<K: AsyncDependencyKey>(_ key: K.Type) -> [Registration] { [Registration(key)] }
    /// Accepts a bare main-actor key type (verified on the main actor).
    public static func buildExpression<K: MainActorDependencyKey>(_ key: K.Type) -> [Registration] {
        [Registration(key)]
    }
    /// Accepts a bare parameterized key type, registered without a sample: `verify()` lists it as not built.
    public static func buildExpression<K: ParameterizedDependencyKey>(_ key: K.Type) -> [Registration] {
        [Registration(key)]
    }
    /// Accepts a ``Registration`` value, such as a parameterized key with a sample argument.
    public static func buildExpression(_ registration: Registration) -> [Registration] { [registration] }
    /// Accepts a list of registrations, spliced in place.
    public static func buildExpression(_ registrations: [Registration]) -> [Registration] { registrations }
    /// Joins the registrations of a block's statements, in order.
    public static func buildBlock(_ parts: [Registration]...) -> [Registration] { parts.flatMap { $0 } }
    /// Accepts an `if` without `else`: its registrations, or none when the condition is false.
    public static func buildOptional(_ part: [Registration]?) -> [Registration] { part ?? [] }
    /// Accepts the `if` branch of an `if`/`else`.
    public static func buildEither(first: [Registration]) -> [Registration] { first }
    /// Accepts the `else` branch of an `if`/`else`.
    public static func buildEither(second: [Registration]) -> [Registration] { second }
    /// Accepts a `for` loop, joining the registrations of every iteration.
    public static func buildArray(_ parts: [[Registration]]) -> [Registration] { parts.flatMap { $0 } }
}
