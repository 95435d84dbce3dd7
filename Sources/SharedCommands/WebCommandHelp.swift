import ArgumentParser

/// What help says of `serve` and `export`, which the `workbook-web` program runs: the same
/// words in `workbook --help`, whose `serve` and `export` hand their arguments to it, and in
/// that program's own help.
public enum WebCommandHelp {
    public static let serve = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web book on 127.0.0.1, with every scenario editable and runnable in its page (Ctrl-C to stop).",
        discussion: """
            Prints an address that holds a secret token, new at every start: open it. A Run \
            compiles the scenario's edited code against the scenario kit and runs it in the \
            grading sandbox, then shows what it printed, the difference from the book's output \
            and the pictures its traces drew. Only pages of this address can run code.
            """
    )

    public static let export = CommandConfiguration(
        commandName: "export",
        abstract: "Export the book in another format (`export html DIR`: the book as a static web site)."
    )
}
