import Foundation
import Testing

@testable import SeamCache

@Suite("Disk entry format")
struct DiskEntryFormatTests {
    let expiry = Date(timeIntervalSince1970: 1_800_000_000.25)

    @Test("an encoded entry decodes to the same key, value and expiry")
    func roundTrip() throws {
        let data = DiskEntryFormat.encode(key: Data("\"M6\"".utf8), value: Data([1, 2, 3]), expiry: expiry)
        let decoded = try DiskEntryFormat.decode(data)
        #expect(decoded.key == Data("\"M6\"".utf8))
        #expect(decoded.value == Data([1, 2, 3]))
        #expect(decoded.expiry == expiry)
    }

    @Test("every truncation of an entry is rejected")
    func everyTruncationRejected() {
        let data = DiskEntryFormat.encode(key: Data("spot".utf8), value: Data(repeating: 7, count: 40), expiry: expiry)
        for length in 0..<data.count {
            #expect(throws: DiskEntryFormat.Damage.self) { try DiskEntryFormat.decode(data.prefix(length)) }
        }
    }

    @Test("trailing bytes, a bad magic and a flipped bit are rejected")
    func damageRejected() {
        let data = DiskEntryFormat.encode(key: Data("spot".utf8), value: Data("forecast".utf8), expiry: expiry)
        #expect(throws: DiskEntryFormat.Damage.self) { try DiskEntryFormat.decode(data + Data([0])) }
        var badMagic = data
        badMagic[0] = UInt8(ascii: "X")
        #expect(throws: DiskEntryFormat.Damage.self) { try DiskEntryFormat.decode(badMagic) }
        for index in data.indices {
            var flipped = data
            flipped[index] ^= 0x01
            #expect(throws: DiskEntryFormat.Damage.self) { try DiskEntryFormat.decode(flipped) }
        }
    }

    @Test("a huge declared value length is rejected without allocating it")
    func hugeLengthRejected() {
        var data = DiskEntryFormat.encode(key: Data("k".utf8), value: Data("v".utf8), expiry: expiry)
        for offset in 16..<24 { data[offset] = 0xFF }
        #expect(throws: DiskEntryFormat.Damage.self) { try DiskEntryFormat.decode(data) }
    }
}
