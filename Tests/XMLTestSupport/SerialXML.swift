import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XML for tests, one test at a time.
///
/// On Linux, Foundation's XML is libxml2, whose global state is not safe to touch from two
/// threads at once: building, parsing or freeing a tree while another thread does the same
/// can crash the process (a SIGSEGV inside libxml2; swift-docc's tests met it too, in
/// swiftlang/swift-docc#1606). Swift Testing runs tests in parallel, and every test target
/// in one process, so each test that makes XML does it through ``tree(_:)``: the XML is
/// made, parsed and freed under one lock, and the test reads a plain copy.
public enum SerialXML {
    private static let lock = NSLock()

    /// Runs `make` (which may build XML itself, as a JUnit writer does), parses what it
    /// returns, and frees every XML object before the lock is let go.
    public static func tree(_ make: () throws -> Data) throws -> XMLTree {
        lock.lock()
        defer { lock.unlock() }
        let data = try make()
        let document = try XMLDocument(data: data, options: [])
        guard let root = document.rootElement() else { throw XMLTreeError.noRoot }
        return XMLTree(root)
    }
}

public struct XMLTreeError: Error {
    static let noRoot = XMLTreeError()
}

/// A plain copy of an XML element: its name, attributes, text and child elements.
public struct XMLTree: Equatable, Sendable {
    /// The element's local name (`rect` for `svg:rect`).
    public let name: String
    /// Attributes by local name. Read by hand from each attribute node: on Linux,
    /// `attribute(forName:)` finds nothing on an element in SVG's default namespace.
    public let attributes: [String: String]
    /// The element's own text nodes, joined (not its children's).
    public let text: String
    /// All the text inside the element, its children's included.
    public let stringValue: String
    public let children: [XMLTree]

    init(_ element: XMLElement) {
        name = element.localName ?? element.name ?? ""
        var attributes: [String: String] = [:]
        for attribute in element.attributes ?? [] {
            attributes[attribute.localName ?? attribute.name ?? ""] = attribute.stringValue ?? ""
        }
        self.attributes = attributes
        let nodes = element.children ?? []
        text = nodes.filter { $0.kind == .text }.map { $0.stringValue ?? "" }.joined()
        stringValue = element.stringValue ?? ""
        children = nodes.compactMap { $0 as? XMLElement }.map(XMLTree.init)
    }

    /// The child elements called `name`.
    public func elements(named name: String) -> [XMLTree] {
        children.filter { $0.name == name }
    }

    /// This element and every element below it, in document order.
    public var all: [XMLTree] {
        [self] + children.flatMap(\.all)
    }
}
