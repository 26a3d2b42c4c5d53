import Foundation
import Testing

@testable import SwiftCorpus

@Suite struct CorpusGeneratorTests {
    @Test func theSameSeedWritesByteIdenticalFiles() throws {
        let first = temporaryCorpusFolder()
        let second = temporaryCorpusFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let generator = CorpusGenerator(seed: 42, minimumLines: 30_000)
        let manifest = try generator.write(to: first)
        #expect(try generator.write(to: second) == manifest)
        #expect(try swiftFiles(under: first) == swiftFiles(under: second))
    }

    @Test func anotherSeedWritesAnotherCorpus() throws {
        let first = temporaryCorpusFolder()
        let second = temporaryCorpusFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        _ = try CorpusGenerator(seed: 1, minimumLines: 30_000).write(to: first)
        _ = try CorpusGenerator(seed: 2, minimumLines: 30_000).write(to: second)
        #expect(try swiftFiles(under: first) != swiftFiles(under: second))
    }

    @Test func theManifestCountsWhatIsOnDisk() throws {
        let root = temporaryCorpusFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try CorpusGenerator(seed: 7, minimumLines: 30_000).write(to: root)
        let files = try swiftFiles(under: root)
        #expect(manifest.lines >= 30_000)
        #expect(manifest.files == files.count)
        #expect(manifest.bytes == files.values.reduce(0) { $0 + $1.count })
        let newlines = files.values.reduce(0) { total, data in total + data.filter { $0 == UInt8(ascii: "\n") }.count }
        #expect(manifest.lines == newlines)
    }

    @Test func theCorpusIsSingletonHeavy() throws {
        let root = temporaryCorpusFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try CorpusGenerator(seed: 7, minimumLines: 30_000).write(to: root)
        let text = try swiftFiles(under: root).values.map { String(decoding: $0, as: UTF8.self) }.joined()
        let declarations = text.components(separatedBy: "static let shared = ").count - 1
        let accesses = text.components(separatedBy: ".shared.").count - 1
        #expect(declarations >= 50)
        #expect(accesses > declarations * 5)
        #expect(text.contains("static let `default` = "))
        #expect(text.contains(": ObservableObject {"))
        #expect(text.contains("DispatchQueue.global(qos: .userInitiated).async {"))
    }

    @Test func rewritingReplacesAnOldCorpus() throws {
        let root = temporaryCorpusFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let stale = root.appendingPathComponent("Stale.swift")
        try Data("let stale = 1\n".utf8).write(to: stale)
        _ = try CorpusGenerator(seed: 7, minimumLines: 10_000).write(to: root)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }
}

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
