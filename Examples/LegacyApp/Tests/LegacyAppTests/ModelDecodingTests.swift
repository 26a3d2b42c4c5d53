import Foundation
import Testing
@testable import LegacyApp

@Suite("Decoding API payloads")
struct ModelDecodingTests {
    @Test func decodesSpotsWithTheirAPIKeys() throws {
        let json = """
        [{"country": "Ireland", "region": "Donegal", "spot": "Bundoran", "lat": 54.48, "lon": -8.28,
          "beach_direction": "NW", "image_key": "bundoran-peak"},
         {"country": "Ireland", "region": "Clare", "spot": "Lahinch", "lat": 52.93, "lon": -9.35,
          "beach_direction": "WSW"}]
        """
        let spots = try APIClient.decode([Spot].self, from: Data(json.utf8)).get()
        #expect(spots.map(\.id) == ["Ireland#Donegal#Bundoran", "Ireland#Clare#Lahinch"])
        #expect(spots[0].imageKey == "bundoran-peak")
        #expect(spots[1].imageKey == nil)
        #expect(DataFormatter.degrees(forCompassPoint: spots[1].orientation) == 247.5)
    }

    @Test func decodesAForecastAndPicksTheBestEntry() throws {
        let json = """
        {"spot": "Bundoran", "entries": [
          {"date_time": "2025-11-20 06:00", "rating": 2, "conditions": {"surf_size": 1.2, "swell_period": 9,
           "swell_direction": 290, "wind_speed": 12, "wind_direction": 135}},
          {"date_time": "2025-11-20 09:00", "rating": 4, "conditions": {"surf_size": 1.6, "swell_period": 11,
           "swell_direction": 295, "wind_speed": 8, "wind_direction": 120, "water_temperature": 12.5}},
          {"date_time": "2025-11-20 12:00", "rating": 4, "conditions": {"surf_size": 1.5, "swell_period": 11,
           "swell_direction": 295, "wind_speed": 15, "wind_direction": 200}}]}
        """
        let forecast = try APIClient.decode(ForecastResponse.self, from: Data(json.utf8)).get()
        #expect(forecast.entries.count == 3)
        #expect(forecast.bestEntry?.dateTime == "2025-11-20 09:00")
        #expect(forecast.entries[1].conditions.waterTemperature == 12.5)
        #expect(forecast.entries[0].conditions.waterTemperature == nil)
    }

    @Test func decodesBuoyReadingsWithMissingValues() throws {
        let json = """
        [{"name": "M6", "time": "2025-11-20T10:00:00Z", "WaveHeight": 4.1, "WavePeriod": 10},
         {"name": "M2", "time": "2025-11-20T10:00:00Z", "SeaTemperature": 11.8}]
        """
        let readings = try APIClient.decode([BuoyReading].self, from: Data(json.utf8)).get()
        #expect(readings.map(\.waveHeight) == [4.1, nil])
        #expect(readings[1].seaTemperature == 11.8)
        #expect(readings[0].id == "M6@2025-11-20T10:00:00Z")
    }

    @Test func reportsMalformedPayloadsAsDecodingErrors() {
        let result = APIClient.decode([Spot].self, from: Data(#"{"spots": []}"#.utf8))
        guard case let .failure(error) = result else {
            Issue.record("decoding an object as an array should fail")
            return
        }
        guard case .decoding = error as? APIError else {
            Issue.record("expected APIError.decoding, got \(error)")
            return
        }
    }

    @Test func decodesTheSignedInUser() throws {
        let json = #"{"email": "surfer@example.com", "name": "Aoife", "favourite_spots": ["a", "b"]}"#
        let user = try APIClient.decode(User.self, from: Data(json.utf8)).get()
        #expect(user.name == "Aoife")
        #expect(user.favouriteSpotIDs == ["a", "b"])
    }
}
