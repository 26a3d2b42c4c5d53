import Foundation

/// The spots and conditions the screens read.
public protocol DataStoreProtocol: AnyObject {
    var regionSpots: [Spot] { get }
    var currentConditions: ConditionData? { get }
    func fetchRegionSpots(region: String, completion: @escaping (Result<[Spot], Error>) -> Void)
    func fetchConditions(for spot: Spot, completion: @escaping (Bool) -> Void)
    func clearCache(for spotID: String?)
}
