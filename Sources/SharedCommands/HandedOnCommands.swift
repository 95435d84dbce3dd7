import ArgumentParser

/// What help says of the commands that `workbook` hands, whole, to a program of their own
/// (`serve` and `export` to `workbook-web`, `grade`, `similarity` and `dev` to
/// `workbook-instructor`): the same words in `workbook --help` and in that program's own help.
public enum HandedOnCommands {
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

    public static let grade = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade exercises, for instructors: this workbook's, or a whole class's with --submissions.",
        discussion: """
            Each exercise is one of: not started, passed, failed (with the check's first \
            message), does not compile (with the first compiler error), crashed (with the \
            trap's message or the signal), timed out, or exited early (the exercise called \
            exit() before its check finished). Every exercise file is built and run on its \
            own, so one broken exercise never hides the others. Anything flagged for review \
            is shown with the state, in the table and in every file.

            With --submissions DIR, every subfolder of DIR is one student's submission: a \
            clone of the workbook, or just its Exercises/ folder. Only their \
            Exercises/<Name>.swift files are used; the checks, the library and the tests \
            are this workbook's own. The library is built once for the whole class. \
            --shard K/N grades the K-th of N shares of the class (for a CI matrix); \
            `grade merge` joins the parts' --json records. A student's folder may hold files \
            an editor runs when it opens the folder (Package.swift, .vscode/, .git/...): the \
            grade names them, and --review DIR copies only the graded exercise files, which \
            is the folder to open. \
            --similarity FILE also compares the class's files with each other and with the \
            reference solutions, as `workbook similarity` does, and writes its JSON report \
            there (before grading: it takes seconds). \
            Exits 0 whenever grading itself worked, whatever the grades.
            """
    )

    public static let similarity = CommandConfiguration(
        commandName: "similarity",
        abstract: "Find exercise files of a class that resemble each other, the reference solutions, or published ones.",
        discussion: """
            Compares, exercise by exercise, every pair of students' files, and each file with \
            the reference solution (Instructor/, where present) and with the solutions in \
            --against DIR (files named <Exercise>.swift, or any .swift file in <Exercise>/ \
            folders). The stub every student was given never counts as a match. Names, \
            literals, comments, layout and the order of declarations do not change a score. \
            Prints the flagged pairs; --html writes an index and a side-by-side page per \
            flagged pair, --csv and --json the pairs for scripts. A score is a reason for a \
            person to read two files, never a verdict. Files are read, never built or run.
            """
    )

    public static let dev = CommandConfiguration(
        commandName: "dev",
        abstract: "For maintainers: validate the exercises, build the grading kit, add an exercise, write what the exercise list generates, make a sample class or a student edition."
    )
}
