import Foundation
import WorkbookBasics
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The record as JUnit XML for CI dashboards: one `<testsuite>` per student, one
/// `<testcase>` per exercise. Not started is `<skipped>`, failed a `<failure>`, and the
/// ways an exercise cannot even be checked (compile, crash, time-out, early exit) an
/// `<error>`; flags for review ride in `<system-out>` and a `flag` property, and a
/// student's notes (files that run when the folder is opened, problems) in the suite's
/// `<system-err>`.
///
/// Built with an XML library rather than by pasting strings, so quoting is never ours to
/// get wrong; characters XML 1.0 cannot hold at all (a learner's program can print any
/// byte) are written as visible `\u{…}` escapes first.
public enum GradeJUnit {
    public static func junit(_ record: GradeRecord) -> Data {
        let root = XMLElement(name: "testsuites")
        for student in record.students {
            root.addChild(suite(student, columns: record.exercises))
        }
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        return document.xmlData(options: [.nodePrettyPrint])
    }

    private static func suite(_ student: GradeRecord.Student, columns: [GradeRecord.Column]) -> XMLElement {
        let entries = student.exercises
        let failures = entries.filter { $0.state == .failed }.count
        let skipped = entries.filter { $0.state == .notStarted }.count
        let errors = entries.count - failures - skipped - student.passed
        let suite = XMLElement(name: "testsuite")
        set(suite, [
            "name": student.displayName, "tests": "\(entries.count)", "failures": "\(failures)", "errors": "\(errors)",
            "skipped": "\(skipped)", "time": seconds(entries.compactMap(\.seconds).reduce(0, +)),
        ])
        for (column, entry) in zip(columns, entries) {
            suite.addChild(testcase(entry, chapter: column.chapter))
        }
        if !student.notes.isEmpty {
            suite.addChild(element("system-err", text: student.notes.joined(separator: "\n")))
        }
        return suite
    }

    private static func testcase(_ entry: GradeRecord.Entry, chapter: String) -> XMLElement {
        let testcase = XMLElement(name: "testcase")
        set(testcase, ["classname": chapter, "name": entry.name, "time": seconds(entry.seconds ?? 0)])
        // JUnit readers expect <properties> first.
        if !entry.flags.isEmpty {
            let properties = XMLElement(name: "properties")
            for flag in entry.flags { properties.addChild(element("property", attributes: ["name": "flag", "value": flag])) }
            testcase.addChild(properties)
        }
        let detail = entry.detail ?? ""
        switch entry.state {
        case .passed:
            break
        case .notStarted:
            testcase.addChild(element("skipped", attributes: ["message": "not started"]))
        case .failed:
            testcase.addChild(element("failure", attributes: ["message": detail, "type": "failed"], text: detail))
        case .doesNotCompile, .crashed, .timedOut, .exitedEarly:
            testcase.addChild(element("error", attributes: ["message": detail, "type": entry.state.rawValue], text: detail))
        }
        if !entry.flags.isEmpty {
            testcase.addChild(element("system-out", text: "flagged for review: " + entry.flags.joined(separator: "; ")))
        }
        return testcase
    }

    private static func element(_ name: String, attributes: [String: String] = [:], text: String? = nil) -> XMLElement {
        let element = XMLElement(name: name)
        set(element, attributes)
        if let text, !text.isEmpty { element.stringValue = xmlSafe(text) }
        return element
    }

    /// Attributes in name order, so the file is the same from run to run.
    private static func set(_ element: XMLElement, _ attributes: [String: String]) {
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            element.addAttribute(XMLNode.attribute(withName: name, stringValue: xmlSafe(value)) as! XMLNode)
        }
    }

    /// XML 1.0 allows tab, newline, carriage return and everything from U+0020 except
    /// U+FFFE and U+FFFF; anything else becomes a visible escape such as `\u{1B}`.
    static func xmlSafe(_ text: String) -> String {
        VisibleEscapes.escaping(text) { !allowed($0) }
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
