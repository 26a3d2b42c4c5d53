/// A container and the storage an override scope keeps for it.
final class ScopeStorage: Sendable {
    let container: Container
    let storage: Storage

    init(container: Container, storage: Storage) {
        self.container = container
        self.storage = storage
    }
}
