import Foundation
import Testing

@testable import SwiftCorpus

@Suite struct RealShapeTests {
    @Test func theSameSeedWritesByteIdenticalFiles() throws {
        let first = temporaryCorpusFolder()
        let second = temporaryCorpusFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let generator = CorpusGenerator(seed: 42, minimumLines: 30_000, shape: .real)
        let manifest = try generator.write(to: first)
        #expect(try generator.write(to: second) == manifest)
        #expect(try swiftFiles(under: first) == swiftFiles(under: second))
    }

    @Test func theManifestCountsWhatIsOnDisk() throws {
        let root = temporaryCorpusFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try CorpusGenerator(seed: 7, minimumLines: 30_000, shape: .real).write(to: root)
        let files = try swiftFiles(under: root)
        #expect(manifest.lines >= 30_000)
        #expect(manifest.files == files.count)
        #expect(manifest.bytes == files.values.reduce(0) { $0 + $1.count })
        let newlines = files.values.reduce(0) { total, data in total + data.filter { $0 == UInt8(ascii: "\n") }.count }
        #expect(manifest.lines == newlines)
    }

    @Test func theShapeDiffersFromTheSyntheticCorpus() throws {
        let real = temporaryCorpusFolder()
        let synthetic = temporaryCorpusFolder()
        defer {
            try? FileManager.default.removeItem(at: real)
            try? FileManager.default.removeItem(at: synthetic)
        }
        _ = try CorpusGenerator(seed: 7, minimumLines: 10_000, shape: .real).write(to: real)
        _ = try CorpusGenerator(seed: 7, minimumLines: 10_000).write(to: synthetic)
        #expect(try swiftFiles(under: real) != swiftFiles(under: synthetic))
    }

    @Test func theCorpusHasWhatRealAppsHave() throws {
        let root = temporaryCorpusFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try CorpusGenerator(seed: 7, minimumLines: 60_000, shape: .real).write(to: root)
        let files = try swiftFiles(under: root).mapValues { String(decoding: $0, as: UTF8.self) }
        let text = files.values.joined()
        func count(_ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }

        // Generated files: SwiftGen strings and assets, Sourcery mocks, a theme colour table.
        let generated = files.filter { $0.value.contains("// Generated using ") }
        #expect(generated.count >= 3)
        let generatedLines = generated.values.reduce(0) { $0 + $1.filter { $0 == "\n" }.count }
        #expect(generatedLines * 10 >= manifest.lines)  // at least a tenth of the lines
        #expect(count("internal static var ") >= 500)
        #expect(count("private static let ") >= 200)
        // Constants in extensions, SwiftUI modifier chains, nested closures, `#if` blocks, deep chains.
        #expect(count("extension Notification.Name {") >= 10)
        #expect(count("extension Color {") >= 5)
        let modifierLines = text.split(separator: "\n").filter { $0.drop(while: { $0 == " " }).hasPrefix(".") }.count
        #expect(modifierLines >= 1_000)
        #expect(count(".sink { [weak self] ") >= 50)
        #expect(count("#if ") >= 100)
        #expect(text.contains("userSession.clientProxy.appSettings."))
        #expect(text.contains("ServiceLocator.shared."))
        // Many small files.
        let smallFiles = files.values.filter { $0.filter { $0 == "\n" }.count < 80 }.count
        #expect(smallFiles * 3 >= files.count)
    }
}
