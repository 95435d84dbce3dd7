/// When to colour output: the `--color auto|always|never` option.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour when standard output is a terminal, `NO_COLOR` is not set and `TERM` is not `dumb`.
    case auto
    case always
    case never
}
