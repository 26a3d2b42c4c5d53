/// Minimal command-line parsing shared by the benchmark executables (`--flag`, `--key value`).
public struct Arguments {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// Arguments that are neither flags nor options.
    public private(set) var positional: [String] = []

    /// Parses `arguments` (without the program name). `valued` names the options that take a value.
    public init(_ arguments: [String], valued: Set<String>) throws(ArgumentError) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if valued.contains(argument) {
                guard let value = iterator.next() else { throw ArgumentError("\(argument) needs a value") }
                values[argument] = value
            } else if argument.hasPrefix("--") {
                flags.insert(argument)
            } else {
                positional.append(argument)
            }
        }
    }

    /// Whether `flag` was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of `option`, if given.
    public func value(_ option: String) -> String? { values[option] }

    /// The value of `option` as an integer, `defaultValue` when absent.
    public func integer(_ option: String, default defaultValue: Int) throws(ArgumentError) -> Int {
        guard let text = values[option] else { return defaultValue }
        guard let number = Int(text), number > 0 else {
            throw ArgumentError("\(option) expects a positive integer, got '\(text)'")
        }
        return number
    }
}

/// A command-line usage error, with a message naming the offending argument.
public struct ArgumentError: Error, CustomStringConvertible {
    /// What was wrong.
    public let description: String

    /// Creates an error with `description`.
    public init(_ description: String) { self.description = description }
}
