@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import SeamAnalysis

/// `FileCollector.namesSampleData`: a sample word as a whole camel-case word, plural or not, in any case.
@Suite("names of sample data")
struct SampleDataNameTests {
    private func names(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { FileCollector.namesSampleData(SyntaxText(baseAddress: $0.baseAddress, count: $0.count)) }
    }

    @Test("a sample word starting the name or a camel-case word, plural or not, is sample data")
    func sampleWords() {
        for name in [
            "sampleData", "loadMockData", "ActualsTodayDemoFeed", "MOCK", "mocks", "fixture", "makeStubs",
            "preview_fake", "DummyUser", "seeded", "Sample", "userSamples", "Fixtures2",
        ] {
            #expect(names(name), "\(name)")
        }
    }

    @Test("a sample word inside another word, or followed by lower-case letters, is none")
    func otherWords() {
        for name in [
            "AudioResampler", "DemographicsClient", "mockingbird", "stubborn", "fakeness", "", "s", "Store",
            "demolish", "seededly",
        ] {
            #expect(!names(name), "\(name)")
        }
    }
}
