import Foundation

/// A fresh temporary folder name for a generated corpus (not created).
func temporaryCorpusFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("swift-corpus-tests-\(UUID().uuidString)")
}

/// The `.swift` files under `root`, by path relative to it, with their bytes.
func swiftFiles(under root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        files[String(url.path.dropFirst(root.path.count))] = try Data(contentsOf: url)
    }
    return files
}
