import Configuration

/// The keys whose values are secret, matched in one canonical form and as prefixes.
///
/// A key is compared as its words, lowercased, split wherever the environment-variables provider
/// splits them (`.`, `_`, `-`, any other punctuation, and camelCase boundaries): `api.key`, `api_key`,
/// `API.KEY`, `api-key` and `apiKey` are one key (all of them read the variable `API_KEY`, so a secret
/// must not escape redaction by being read under another spelling). A secret key also covers every key below it: `database` makes `database.password` and
/// `DATABASE_PASSWORD` secret.
struct SecretKeys: Sendable, Hashable {
    /// The secret keys as given, for descriptions.
    let names: [String]
    /// The canonical components of each secret key (empty keys are ignored: they would cover everything).
    private let prefixes: [[String]]

    init(_ keys: some Sequence<String>) {
        names = Set(keys).sorted()
        prefixes = names.map(Self.canonical).filter { !$0.isEmpty }
    }

    /// `key`'s words in canonical form, as the environment-variables provider spells keys: split at
    /// every character that is not a letter or a digit and between a lowercase and an uppercase
    /// letter (`apiKey`), lowercased, empty words dropped.
    static func canonical(_ key: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in key {
            if !(character.isLetter || character.isNumber) {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                if let previous, previous.isLowercase, character.isUppercase, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word += character.lowercased()
            }
            previous = character
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Whether `key` (dotted, in any spelling) is a secret key or lies below one.
    func contains(_ key: String) -> Bool {
        guard !prefixes.isEmpty else { return false }
        let components = Self.canonical(key)
        return prefixes.contains { prefix in
            components.count >= prefix.count && Array(components.prefix(prefix.count)) == prefix
        }
    }

    /// Whether `key` is a secret key or lies below one.
    func contains(_ key: AbsoluteConfigKey) -> Bool {
        contains(key.components.joined(separator: "."))
    }
}
