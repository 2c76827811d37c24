public import Foundation
import Parlance

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XLIFF file read: XLIFF 1.2 as Xcode exports and imports it (`<file original>`,
/// `<trans-unit id>` with `<source>`, `<target state>` and `<note>`), or XLIFF 2.0 core
/// (`<file>`, `<unit id>`, `<segment state>`, `<notes><note>`), as its file sections, their
/// units and what could not be used.
///
/// Reading never throws: an unreadable or ill-formed file is a located diagnostic
/// (`file:line:column: …`) and the units read before the error are kept; a unit that cannot be
/// used (no `id`, no `<source>`, markup inside a text) is a located diagnostic and is skipped.
/// A document type declaration is refused before parsing (no DTD, no entity is ever expanded).
///
/// ```swift
/// let document = XLIFFDocument(reading: "fr.xcloc/Localized Contents/fr.xliff")
/// document.files.first?.original         // "MyApp/en.lproj/Localizable.strings"
/// document.files.first?.units.first?.id  // "greeting"
/// document.diagnostics                   // [] for a well-formed file
/// ```
public struct XLIFFDocument: Sendable {
    /// The XLIFF version of a document.
    public enum Version: String, Sendable {
        /// XLIFF 1.2 (`urn:oasis:names:tc:xliff:document:1.2`), as Xcode writes it.
        case v1_2 = "1.2"
        /// XLIFF 2.0 core (`urn:oasis:names:tc:xliff:document:2.0`).
        case v2_0 = "2.0"
    }

    /// The file, as the reader was given it.
    public var path: String
    /// The version the root element declares (1.2 when it declares none).
    public var version: Version
    /// The `<file>` elements in document order.
    public var files: [XLIFFFileSection]
    /// What could not be used, located.
    public var diagnostics: [CatalogDiagnostic]

    /// The largest file read, in bytes.
    public static let maximumFileSize = 64 << 20
    /// The deepest element nesting read (XLIFF needs 6 levels; the bound stops a hostile file).
    public static let maximumDepth = 64

    /// A document from its parts.
    public init(path: String, version: Version, files: [XLIFFFileSection], diagnostics: [CatalogDiagnostic]) {
        self.path = path
        self.version = version
        self.files = files
        self.diagnostics = diagnostics
    }

    /// Reads an `.xliff` or `.xlf` file.
    public init(reading path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            self.init(path: path, version: .v1_2, files: [], diagnostics: [CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot read the file")])
            return
        }
        guard data.count <= Self.maximumFileSize else {
            self.init(
                path: path, version: .v1_2, files: [],
                diagnostics: [CatalogDiagnostic(file: path, line: 0, column: 0, message: "the file is larger than \(Self.maximumFileSize) bytes: not read")])
            return
        }
        self.init(data: data, path: path)
    }

    /// Reads XLIFF from bytes; `path` names it in locations.
    public init(data: Data, path: String) {
        if let refusal = XMLDocumentType.refusal(data, file: path, format: "XLIFF", code: "malformed-file") {
            self.init(path: path, version: .v1_2, files: [], diagnostics: [refusal])
            return
        }
        let delegate = XLIFFParserDelegate(path: path)
        let parser = XMLDocumentType.parser(data)
        parser.delegate = delegate
        delegate.parser = parser
        // `parse()` may return true after an error (swift-corelibs-foundation): the error
        // callback is what tells.
        let parsed = parser.parse()
        if let (line, column, error) = delegate.firstError {
            delegate.diagnose(
                line: line, column: column, "ill-formed XML: \(Self.describe(error)); units after this point are not read", code: "malformed-file")
        } else if !parsed, !delegate.stopped {
            let message = parser.parserError.map { Self.describe($0) } ?? "the XML is not well-formed"
            delegate.diagnose(
                line: parser.lineNumber, column: parser.columnNumber, "ill-formed XML: \(message); units after this point are not read", code: "malformed-file")
        }
        delegate.finishOpenFile()
        if !delegate.sawRoot, delegate.diagnostics.isEmpty {
            delegate.diagnose(line: 1, column: 1, "expected an <xliff> root element", code: "malformed-file")
        }
        self.init(path: path, version: delegate.version, files: delegate.files, diagnostics: delegate.diagnostics)
    }

    /// What a parser error code means (libxml2's, as `XMLParser` reports them).
    private static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        let meaning: String
        switch code {
        case 4: meaning = "the document does not start with an element"
        case 5: meaning = "the document ends before its elements are closed"
        case 9: meaning = "a character XML does not allow"
        case 23: meaning = "an entity reference without its ';'"
        case 26: meaning = "an undefined entity (only &amp; &lt; &gt; &quot; &apos; and character references are defined)"
        case 38: meaning = "a '<' inside an attribute value"
        case 73: meaning = "expected '>'"
        case 76: meaning = "an end tag does not match its start tag"
        default: meaning = "the XML is not well-formed"
        }
        return "\(meaning) (XML parser error \(code))"
    }
}

/// One `<file>` of an XLIFF document.
public struct XLIFFFileSection: Sendable, Hashable {
    /// The `original` attribute (the project file the units come from, such as
    /// `MyApp/en.lproj/Localizable.strings` or `Localizable.xcstrings`); empty when absent.
    public var original: String
    /// `source-language` (1.2) or the root's `srcLang` (2.0).
    public var sourceLanguage: String?
    /// `target-language` (1.2) or the root's `trgLang` (2.0).
    public var targetLanguage: String?
    /// `datatype` (1.2; Xcode writes `plaintext`).
    public var datatype: String?
    /// The units in document order.
    public var units: [XLIFFUnit]
    /// Where the `<file>` start tag is.
    public var location: CatalogLocation

    /// The table the section fills: the original's file name without its extension.
    public var table: String {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// A section.
    public init(
        original: String, sourceLanguage: String?, targetLanguage: String?, datatype: String?, units: [XLIFFUnit], location: CatalogLocation
    ) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.datatype = datatype
        self.units = units
        self.location = location
    }
}

/// One `<trans-unit>` (1.2) or `<unit>` (2.0, its segments joined).
public struct XLIFFUnit: Sendable, Hashable {
    /// The `id`.
    public var id: String
    /// The `<source>` text, entities resolved.
    public var source: String
    /// The `<target>` text; nil when there is no `<target>`.
    public var target: String?
    /// The state as written (1.2: the target's `state`; 2.0: the first segment's `state`, or
    /// its `subState` when it is `parlance:needs-review`).
    public var state: String?
    /// The notes, in order.
    public var notes: [String]
    /// Where the unit's start tag is.
    public var location: CatalogLocation
    /// Where the `<source>` start tag is.
    public var sourceLocation: CatalogLocation
    /// Where the `<target>` start tag is (the unit's location when there is none).
    public var targetLocation: CatalogLocation

    /// A unit.
    public init(
        id: String, source: String, target: String?, state: String?, notes: [String], location: CatalogLocation,
        sourceLocation: CatalogLocation? = nil, targetLocation: CatalogLocation? = nil
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.notes = notes
        self.location = location
        self.sourceLocation = sourceLocation ?? location
        self.targetLocation = targetLocation ?? location
    }
}

/// The `XMLParser` delegate: one pass, element by element; text is collected only inside
/// `<source>`, `<target>` and `<note>`.
private final class XLIFFParserDelegate: NSObject, XMLParserDelegate {
    let path: String
    weak var parser: XMLParser?
    var version: XLIFFDocument.Version = .v1_2
    var files: [XLIFFFileSection] = []
    var diagnostics: [CatalogDiagnostic] = []
    var sawRoot = false
    var stopped = false

    private var depth = 0
    private var rootSource: String?
    private var rootTarget: String?
    private var file: XLIFFFileSection?
    private var unit: XLIFFUnit?
    private var unitBroken = false
    private var hasSource = false
    /// The element whose text is being collected (`source`, `target`, `note`), and the text.
    private var collecting: String?
    private var collectingDepth = 0
    private var text = ""
    /// 2.0: whether the unit's first segment has been seen (its state is the unit's).
    private var sawSegment = false

    init(path: String) { self.path = path }

    private var here: CatalogLocation {
        CatalogLocation(file: path, line: parser?.lineNumber ?? 0, column: parser?.columnNumber ?? 0)
    }

    func diagnose(line: Int, column: Int, _ message: String, key: String? = nil, code: String = "malformed-entry") {
        diagnostics.append(CatalogDiagnostic(file: path, line: line, column: column, message: message, key: key, code: code))
    }

    private func diagnose(_ message: String, key: String? = nil, code: String = "malformed-entry") {
        let location = here
        diagnose(line: location.line, column: location.column, message, key: key, code: code)
    }

    /// The first error the parser reported, where it was found.
    var firstError: (Int, Int, any Error)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard !stopped, firstError == nil else { return }
        firstError = (parser.lineNumber, parser.columnNumber, parseError)
    }

    func finishOpenFile() {
        if let file {
            files.append(file)
            self.file = nil
        }
    }

    private static func local(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        depth += 1
        if depth > XLIFFDocument.maximumDepth {
            diagnose("elements nest deeper than \(XLIFFDocument.maximumDepth) levels: the rest of the file is not read", code: "malformed-file")
            stopped = true
            parser.abortParsing()
            return
        }
        let name = Self.local(elementName)
        if let collecting {
            // Markup inside a text (`<g>`, `<x/>`, `<ph>`, …): Xcode writes none, and the model
            // holds plain text, so the unit is not used rather than read without it.
            if collecting != "note" {
                diagnose("<\(name)> inside <\(collecting)> (inline markup) is not supported: the unit is skipped", key: unit?.id)
                unitBroken = true
            }
            return
        }
        switch name {
        case "xliff" where depth == 1:
            sawRoot = true
            if let written = attributes["version"] {
                if written.hasPrefix("2.") {
                    version = .v2_0
                } else if written != "1.2" && written != "1.1" && written != "1.0" {
                    diagnose("unknown XLIFF version \(quoted(written)) (expected 1.2 or 2.0): read as 1.2", code: "malformed-file")
                }
            }
            rootSource = attributes["srcLang"]
            rootTarget = attributes["trgLang"]
        case _ where depth == 1:
            diagnose("expected an <xliff> root element, found <\(name)>", code: "malformed-file")
            stopped = true
            parser.abortParsing()
        case "file":
            finishOpenFile()
            let location = here
            if attributes["original"] == nil && version == .v1_2 {
                diagnose("<file> has no \"original\" attribute (the project file its units belong to)")
            }
            file = XLIFFFileSection(
                original: attributes["original"] ?? attributes["id"] ?? "",
                sourceLanguage: version == .v2_0 ? rootSource : attributes["source-language"],
                targetLanguage: version == .v2_0 ? rootTarget : attributes["target-language"],
                datatype: attributes["datatype"], units: [], location: location)
        case "trans-unit", "unit":
            guard file != nil else {
                diagnose("<\(name)> outside a <file>: skipped")
                return
            }
            let location = here
            unitBroken = false
            hasSource = false
            sawSegment = false
            if attributes["id"] == nil {
                diagnose("<\(name)> has no \"id\" attribute: the unit is skipped")
                unitBroken = true
            }
            // A 2.0 unit's `id` is an NMTOKEN (no spaces): the key is its `name` when it has one.
            let id = name == "unit" ? attributes["name"] ?? attributes["id"] : attributes["id"]
            unit = XLIFFUnit(id: id ?? "", source: "", target: nil, state: nil, notes: [], location: location)
        case "segment" where unit != nil:
            if !sawSegment {
                sawSegment = true
                if attributes["subState"] == XLIFFState.needsReviewSubState {
                    unit?.state = XLIFFState.needsReviewSubState
                } else {
                    unit?.state = attributes["state"]
                }
            }
        case "source", "target", "note":
            guard unit != nil else { return }
            collecting = name
            collectingDepth = depth
            text = ""
            if name == "source" {
                unit?.sourceLocation = here
            } else if name == "target" {
                unit?.targetLocation = here
                if version == .v1_2 { unit?.state = attributes["state"] }
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        defer { depth -= 1 }
        let name = Self.local(elementName)
        if let collecting, depth == collectingDepth, name == collecting {
            self.collecting = nil
            switch name {
            case "source":
                hasSource = true
                unit?.source += text
            case "target":
                let previous = unit?.target ?? ""
                unit?.target = previous + text
            default: unit?.notes.append(text)
            }
            text = ""
            return
        }
        guard collecting == nil else { return }
        switch name {
        case "trans-unit", "unit":
            guard let made = unit else { return }
            unit = nil
            if !unitBroken && !hasSource {
                diagnose(line: made.location.line, column: made.location.column, "the unit \(quoted(made.id)) has no <source>: skipped", key: made.id)
                unitBroken = true
            }
            if !unitBroken { file?.units.append(made) }
        case "file":
            finishOpenFile()
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if collecting != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }
}

/// XLIFF states and the model's (the String Catalog's `new`, `translated`, `needs_review`), as
/// Xcode maps them on import and export.
package enum XLIFFState {
    /// The 2.0 `subState` Parlance writes for `needs_review` (2.0 has no such state).
    package static let needsReviewSubState = "parlance:needs-review"

    /// The model's state of an XLIFF state (nil when none is written).
    package static func model(_ written: String?) -> String? {
        guard let written else { return nil }
        switch written {
        case "new", "needs-translation", "initial": return "new"
        case "translated", "final", "signed-off", "reviewed": return "translated"
        case "needs-review-translation", "needs-review-adaptation", "needs-review-l10n", "needs-adaptation", "needs-l10n", needsReviewSubState:
            return "needs_review"
        default: return written
        }
    }

    /// The XLIFF 1.2 `state` of a model state.
    package static func xliff12(_ state: String?) -> String? {
        switch state {
        case nil: nil
        case "new": "new"
        case "needs_review": "needs-review-translation"
        case "stale": "needs-review-translation"
        default: "translated"
        }
    }

    /// The XLIFF 2.0 `state` and `subState` of a model state.
    package static func xliff20(_ state: String?) -> (state: String?, subState: String?) {
        switch state {
        case nil: (nil, nil)
        case "new": ("initial", nil)
        case "needs_review", "stale": ("translated", needsReviewSubState)
        default: ("translated", nil)
        }
    }
}
