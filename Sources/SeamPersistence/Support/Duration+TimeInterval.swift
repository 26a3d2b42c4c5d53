import Foundation

extension Duration {
    /// The duration in seconds, as `Date` and GRDB's busy timeout count them.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
