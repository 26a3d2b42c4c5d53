/// A container and the storage an override scope keeps for it.
@usableFromInline
final class ScopeStorage: Sendable {
    @usableFromInline let container: Container
    @usableFromInline let storage: Storage

    init(container: Container, storage: Storage) {
        self.container = container
        self.storage = storage
    }
}
