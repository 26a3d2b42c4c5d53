/// An app error that knows how it is shown: ``AppError/init(_:)`` uses ``appError`` for it.
///
/// ```swift
/// enum ForecastError: AppErrorConvertible {
///     case spotClosed(String)
///     var appError: AppError {
///         switch self {
///         case .spotClosed(let name):
///             AppError("spotClosed", message: "\(name) is closed today.", isRetryable: false, underlying: self)
///         }
///     }
/// }
/// ```
public protocol AppErrorConvertible: Error {
    /// This error as the app shows it.
    var appError: AppError { get }
}
