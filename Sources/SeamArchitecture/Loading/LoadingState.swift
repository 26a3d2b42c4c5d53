/// The state of something a screen loads: nothing yet, loading, loaded, or failed — keeping the
/// previous value while reloading or after a failed reload, so the screen can keep showing it.
///
/// ```swift
/// @MainActor @Observable final class CategoryListViewModel {
///     private(set) var categories: LoadingState<[MealCategory]> = .idle
///
///     func load() async {
///         await categories.run(update: { self.categories = $0 }) {
///             try await mealService.fetchCategories()
///         }
///     }
/// }
/// ```
public enum LoadingState<Value> {
    /// Nothing requested yet.
    case idle
    /// Loading; `previous` is the value shown before, if any.
    case loading(previous: Value?)
    /// Loaded.
    case loaded(Value)
    /// The last load failed; `previous` is the value shown before, if any.
    case failed(AppError, previous: Value?)

    /// The value to show: the loaded one, or the previous one while loading or after a failure.
    public var value: Value? {
        switch self {
        case .idle: nil
        case .loading(let previous): previous
        case .loaded(let value): value
        case .failed(_, let previous): previous
        }
    }

    /// Whether a load is in progress.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// The error of the last load, if it failed.
    public var error: AppError? {
        if case .failed(let error, _) = self { error } else { nil }
    }

    /// This state loading again, keeping the current value as `previous`.
    public var reloading: LoadingState { .loading(previous: value) }

    /// This state failed with `error`, keeping the current value as `previous`.
    public func failing(with error: AppError) -> LoadingState {
        .failed(error, previous: value)
    }

    /// The same state with its value (and previous value) transformed.
    ///
    /// ```swift
    /// let names = categories.map { $0.map(\.name) }
    /// ```
    public func map<NewValue, Failure: Error>(
        _ transform: (Value) throws(Failure) -> NewValue
    ) throws(Failure) -> LoadingState<NewValue> {
        switch self {
        case .idle: .idle
        case .loading(let previous): .loading(previous: try previous.map(transform))
        case .loaded(let value): .loaded(try transform(value))
        case .failed(let error, let previous): .failed(error, previous: try previous.map(transform))
        }
    }
}

extension LoadingState: Sendable where Value: Sendable {}
extension LoadingState: Equatable where Value: Equatable {}
extension LoadingState: Hashable where Value: Hashable {}
