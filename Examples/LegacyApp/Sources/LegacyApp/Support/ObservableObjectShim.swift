// On Apple platforms the app uses Combine's `ObservableObject` and `@Published`.
// Linux has no Combine, so these two stand-ins let the same source build and test there.
#if !canImport(Combine)
/// Linux stand-in for Combine's `ObservableObject`.
public typealias ObservableObject = AnyObject

/// Linux stand-in for Combine's `@Published`: stores the value, publishes nothing.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}
#endif
