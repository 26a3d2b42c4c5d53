/// Where an ``OfflineFirst`` read looks first, and when it goes to the network.
public enum ReadPolicy: Sendable, Hashable {
    /// The local record if there is one, without touching the network; the network only on a miss.
    case localFirst
    /// The local record at once, and, when it was saved more than `maxAge` ago, a refresh from the network
    /// in the background that writes the fresh record back (observers of the repository see it). A miss
    /// waits for the network. `maxAge: .zero` revalidates on every read.
    case staleWhileRevalidate(maxAge: Duration)
    /// The network first; when it fails with a retryable error (offline, timeout, server busy), the
    /// local record if there is one.
    case networkFirst
}

/// What an ``OfflineFirst`` read does with a record fetched from the network.
public enum WriteBack: Sendable, Hashable {
    /// Saves it: the local repository is a cache of everything read (meals seen, categories).
    case always
    /// Replaces the local record only if there is one: the local repository is a set the user chose
    /// (favourites), kept fresh but never grown by browsing.
    case updateExisting
    /// Never writes: the local repository is read-only here.
    case never
}
