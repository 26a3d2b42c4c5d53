/// A weak reference to a class instance held by a ``Lifetime/weak`` slot.
@usableFromInline
final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?

    init<Value>(_ value: Value) {
        object = value as AnyObject
    }
}
