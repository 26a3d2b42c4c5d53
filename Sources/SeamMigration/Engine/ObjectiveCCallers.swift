import Foundation

/// What the codebase's Objective-C code calls of the Swift code: the first part of each `initWith…` selector in
/// its `.m` and `.mm` files (element's `[[KeyVerificationCoordinatorBridgePresenter alloc] initWithSession:]`).
/// seam parses no Objective-C; a selector's name found anywhere in such a file counts as a call.
enum ObjectiveCCallers {
    /// The `initWith…` names in the `.m` and `.mm` files under `root`, outside the `skipping` folders and hidden
    /// ones; empty when there are none (a Swift-only codebase costs one walk of its folders).
    static func initializerSelectors(under root: URL, skipping: Set<String>) -> Set<String> {
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var names: Set<String> = []
        while let url = walker.nextObject() as? URL {
            if skipping.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            guard url.pathExtension == "m" || url.pathExtension == "mm", let data = try? Data(contentsOf: url) else {
                continue
            }
            collect(in: data, into: &names)
        }
        return names
    }

    /// Adds every identifier of `data` that starts with `initWith` and an upper-case letter.
    static func collect(in data: Data, into names: inout Set<String>) {
        let prefix = Array("initWith".utf8)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index + prefix.count < bytes.count {
                defer { index += 1 }
                guard bytes[index] == prefix[0], index == 0 || !isIdentifierByte(bytes[index - 1]),
                    (0..<prefix.count).allSatisfy({ bytes[index + $0] == prefix[$0] })
                else { continue }
                var end = index + prefix.count
                guard end < bytes.count, bytes[end] >= UInt8(ascii: "A"), bytes[end] <= UInt8(ascii: "Z") else {
                    continue
                }
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                names.insert(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end - 1
            }
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
