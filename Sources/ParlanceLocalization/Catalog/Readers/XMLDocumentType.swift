import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Catalog XML formats (XLIFF, Android resources) hold no document type declaration, and one
/// is refused before a parser sees the file: no DTD is read and no entity, internal or
/// external, is expanded.
enum XMLDocumentType {
    /// The diagnostic that refuses a file holding a document type declaration, nil when it
    /// holds none. `format` names the format in the message ("XLIFF", "Android resources").
    static func refusal(_ data: Data, file: String, format: String, code: String) -> CatalogDiagnostic? {
        guard let (line, column) = location(data) else { return nil }
        return CatalogDiagnostic(
            file: file, line: line, column: column,
            message: "a document type declaration (<!DOCTYPE>) is not allowed in \(format): the file is not read", code: code)
    }

    /// A parser of a catalog XML file: external entities off, element names as written (no
    /// namespace processing).
    static func parser(_ data: Data) -> XMLParser {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        return parser
    }

    /// The line and column of a `<!DOCTYPE` in the bytes, found in one pass.
    static func location(_ data: Data) -> (Int, Int)? {
        let needle = Array("<!DOCTYPE".utf8)
        var line = 1
        var lineStart = 0
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (Int, Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                } else if byte == UInt8(ascii: "<"), index + needle.count <= bytes.count {
                    // ASCII letters compare case-insensitively (`| 0x20`); `<` and `!` are unchanged by it.
                    var matches = true
                    for offset in 1..<needle.count where bytes[index + offset] | 0x20 != needle[offset] | 0x20 {
                        matches = false
                        break
                    }
                    if matches {
                        var column = 1
                        for at in lineStart..<index where bytes[at] & 0xC0 != 0x80 { column += 1 }
                        return (line, column)
                    }
                }
                index += 1
            }
            return nil
        }
    }
}
