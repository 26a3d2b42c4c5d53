/// The figures `seam audit Examples/LegacyApp` prints, as the README shows them: the reporter tests
/// and the CLI tests assert against this one copy.
public enum LegacyAppFigures {
    /// The rows of the migration progress table (between its header line and the findings summary),
    /// without a trailing newline.
    public static let progressTableRows = """
          Singletons                     8
          .shared sites                 33
            in view models              18
            in views                     2
            in services                 11
            in other code                2
          View models using injection  2/6  (33%)
          Services with protocols      2/8  (25%)
          Injection bypasses             2
          Injected, singleton default    1
          Dependency cycles              1
        """
}
