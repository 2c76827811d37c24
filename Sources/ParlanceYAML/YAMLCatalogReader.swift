#if YAML
import Foundation
import Parlance
package import ParlanceLocalization
import Yams

/// Limits that a YAML catalog file must stay within: YAML is untrusted input (translators,
/// vendors, pull requests), and anchors and aliases let a few hundred bytes describe billions
/// of nodes.
///
/// A file over a budget is a located diagnostic (`budget-exceeded`) and is skipped; the rest of
/// the catalog is read.
///
/// ```swift
/// YAMLCatalog.register(budget: YAMLCatalogBudget(maximumFileSize: 64 << 20))
/// ```
public struct YAMLCatalogBudget: Hashable, Sendable {
    /// The largest file read, in bytes (default 16 MiB). A 50 MB file is refused with its size.
    public var maximumFileSize: Int
    /// The deepest nesting of mappings and sequences below a locale key (default 64; libyaml
    /// itself refuses nesting deeper than 1,000 while parsing).
    public var maximumDepth: Int
    /// The most nodes visited through aliases (`*name`) in one file (default 100,000): the
    /// billion-laughs bound. Nodes written out in full do not count.
    public var maximumAliasExpansion: Int
    /// The most entries one file may produce (default 1,000,000).
    public var maximumEntries: Int
    /// The most duplicate keys recovered in one file (default 1,000); past it the file is skipped.
    public var maximumDuplicateKeys: Int

    /// A budget; every limit has a default.
    public init(
        maximumFileSize: Int = 16 << 20, maximumDepth: Int = 64, maximumAliasExpansion: Int = 100_000,
        maximumEntries: Int = 1_000_000, maximumDuplicateKeys: Int = 1_000
    ) {
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
        self.maximumAliasExpansion = maximumAliasExpansion
        self.maximumEntries = maximumEntries
        self.maximumDuplicateKeys = maximumDuplicateKeys
    }
}

/// Reads one YAML catalog file into located entries, per locale.
///
/// Reading rules (each bad part is a located diagnostic; the rest of the file is read):
/// - The top level is a mapping whose keys are locale ids (`en`, `en-us`, `en_US`, `EN`); a key
///   that is not a locale id is `ignored-locale`.
/// - Below a locale, nested mapping keys join with `.` into the entry key
///   (`MyViewModel: {title: …}` → `MyViewModel.title`); a sequence gives index keys
///   (`property.0`, `property.1`, …), the keys a `LocalizableKey`'s `discriminatorIndex` names.
/// - A mapping (below a locale) whose keys are all CLDR plural categories (`zero one two few
///   many other`), with `other` among them or at least two keys, and whose values are all
///   scalars, is a plural entry chosen by the `count` argument (`zero` wins for 0 in every
///   language, as in Rails and Foundation); its text is `%#@count@`. Any other mapping nests.
/// - Values are printf formats, as `.strings` values are: a literal percent sign is `%%`.
/// - Scalars are read as written: `yes`, `1.0` and `12` are the texts "yes", "1.0", "12". A
///   null (`~`, `null`, an empty value) is no translation: a `malformed-entry` diagnostic, and
///   the key falls back along the locale chain.
/// - Duplicate keys in one mapping: the later one wins (YAML loaders' behaviour) and a
///   `duplicate-key` diagnostic names both positions.
/// - `<<: *anchor` merge keys merge the anchored mapping; keys written beside them win.
/// - Structured entries: a mapping (below a locale) with a key that starts with `=` is one
///   entry in the shape `.stringsdict`/`.xcstrings` values take, so that `parlance convert`
///   loses nothing. `=` starts no Swift identifier (so no key discriminator) and no CLDR
///   category. An entry holds exactly one value:
///   - `=text: "…"` (a text that also carries metadata), or plural categories (`one:` …), or
///   - `=format: "%#@items@ for %#@people@"` with `=variables:`, one plural per variable
///     (`items: {=argNum: 1, =formatSpecifier: lld, one: "%arg item", other: "%arg items"}`):
///     `=argNum` is the argument the variable takes (`.xcstrings` `argNum`; without it the
///     variable is chosen by the named argument of its name, as `count` is);
///     `=formatSpecifier` (`.xcstrings`: the variants write the number as `%arg`) or
///     `=valueType` (`.stringsdict` `NSStringFormatValueTypeKey`: the variants use `%d`); every
///     variable the format uses must be defined and every defined one used, or
///   - `=device:` a mapping of devices (`iphone ipad ipod mac appletv applewatch applevision
///     other`, letters and digits, lowercased) to values, or
///   - `=width:` a mapping of widths (whole numbers of ems) to values
///     (`NSStringVariableWidthRuleType`).
///   A device's or width's value is any of these shapes (a text, plural categories, or a
///   mapping of `=` keys), nested at most ``YAMLWalker/maximumChoiceNesting`` levels. Beside
///   the value, the entry may hold `=comment` (the translator comment; one holding
///   `[icu-messageformat]` makes the value ICU MessageFormat, as in `.xcstrings`), `=state`
///   (`.xcstrings` unit state) and `=extractionState`. A shape that breaks these rules (an
///   unknown `=` key, two values, a variable the format does not define, an `=argNum` that is not
///   a number, …) is a located `malformed-entry` diagnostic and only that entry is skipped.
package struct YAMLFileReader: Sendable {
    package var budget: YAMLCatalogBudget

    package init(budget: YAMLCatalogBudget) { self.budget = budget }

    static let duplicateMarker = "\u{2063}parlance-duplicate\u{2063}"

    package func read(file: String) -> LocaleKeyedFile {
        var diagnostics: [CatalogDiagnostic] = []
        func fail(_ line: Int, _ column: Int, _ message: String, code: String = "unreadable-file") -> LocaleKeyedFile {
            diagnostics.append(CatalogDiagnostic(file: file, line: line, column: column, message: message, code: code))
            return LocaleKeyedFile(file: file, sections: [], diagnostics: diagnostics)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > budget.maximumFileSize {
            return fail(
                0, 0, "the file is \(size) bytes, over the YAML budget of \(budget.maximumFileSize) bytes: not read",
                code: "budget-exceeded")
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue
        // An empty regular file is not read through Foundation, whose file reading leaks a 4 KB
        // buffer for a 0-byte file (FileManager.contents(atPath:) and Data(contentsOf:) alike).
        let isEmpty = size == 0 && attributes?[.type] as? FileAttributeType == .typeRegular && FileManager.default.isReadableFile(atPath: file)
        guard let data = isEmpty ? Data() : FileManager.default.contents(atPath: file) else {
            return fail(0, 0, "the file cannot be read")
        }
        guard data.count <= budget.maximumFileSize else {
            return fail(0, 0, "the file is over the YAML budget of \(budget.maximumFileSize) bytes: not read", code: "budget-exceeded")
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let (line, column) = Self.firstInvalidUTF8(bytes) {
            return fail(line, column, "invalid UTF-8: expected a UTF-8 encoded YAML file")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return readText(text, file: file, diagnostics: diagnostics).file
    }

    /// Where the duplicate marker was inserted in a text: by line, the column (in the marked
    /// text) and the length of each insertion, so that positions map back to the file's.
    struct Insertions: Sendable {
        var byLine: [Int: [(at: Int, length: Int)]] = [:]

        mutating func add(line: Int, at column: Int, length: Int) {
            var list = byLine[line] ?? []
            for index in list.indices where list[index].at >= column { list[index].at += length }
            list.append((column, length))
            byLine[line] = list
        }

        /// The column in the file of a position in the marked text.
        func original(line: Int, column: Int) -> Int {
            guard let list = byLine[line] else { return column }
            return column - list.reduce(0) { $0 + ($1.at + $1.length <= column ? $1.length : 0) }
        }
    }

    /// Parses `text`, recovering duplicate keys, and says how many parses it took.
    ///
    /// Duplicate keys: Yams refuses a mapping with two equal keys. The first time, the text is
    /// pre-scanned for every repeated block mapping key (``duplicateKeyCandidates(_:)``) and
    /// each earlier occurrence renamed with a marker (the later one wins); a duplicate the scan
    /// does not see is then marked one at a time, a parse each, at most ``maximumParses`` parses
    /// in all (each parse reads the whole file, so the bound keeps the time linear in its size).
    /// A duplicate reported again where it was already marked cannot be recovered (the marker
    /// did not land in the key): the file is refused rather than parsed again. Marked keys are
    /// reported with both positions. `prescan: false` keeps the one-at-a-time loop alone (tests
    /// compare both).
    package func readText(_ original: String, file: String, diagnostics: [CatalogDiagnostic] = [], prescan: Bool = true) -> (file: LocaleKeyedFile, parses: Int)
    {
        var diagnostics = diagnostics
        var text = original
        var insertions = Insertions()
        var duplicates = 0
        var parses = 0
        var scanned = !prescan
        /// The positions marked so far, in the file's coordinates.
        var marked = Set<[Int]>()
        func fail(_ line: Int, _ column: Int, _ message: String, code: String = "unreadable-file") -> (file: LocaleKeyedFile, parses: Int) {
            diagnostics.append(CatalogDiagnostic(file: file, line: line, column: column, message: message, code: code))
            return (LocaleKeyedFile(file: file, sections: [], diagnostics: diagnostics), parses)
        }
        if let alias = Self.aliasInKey(original) {
            return fail(
                alias.line, alias.column,
                "an alias (*\(alias.name)) in a mapping key: catalog keys are text, and an alias key can stand for a structure of any size (an alias bomb): file not read",
                code: "budget-exceeded")
        }
        while true {
            parses += 1
            do {
                // `.basic`: no implicit typing (every scalar is text, as the catalog reads it), and no
                // regular expression run per scalar.
                let parser = try Parser(yaml: text, resolver: .basic)
                var sections: [LocaleKeyedFile.Section] = []
                var walker = YAMLWalker(file: file, budget: budget, insertions: insertions)
                while let root = try parser.nextRoot() {
                    walker.readDocument(root, into: &sections)
                    if walker.stopped { break }
                }
                withExtendedLifetime(parser) {}
                diagnostics += walker.diagnostics
                if walker.stopped { sections = [] }
                return (LocaleKeyedFile(file: file, sections: sections, diagnostics: diagnostics), parses)
            } catch let YamlError.duplicatedKeysInMapping(_, context) {
                let reported = [context.mark.line, insertions.original(line: context.mark.line, column: context.mark.column)]
                guard parses < Self.maximumParses, !marked.contains(reported) else {
                    return fail(
                        reported[0], reported[1],
                        "duplicate key that cannot be recovered, or more duplicate keys than one parse each can take (\(Self.maximumParses) parses): file not read",
                        code: "duplicate-key")
                }
                var positions = [(line: context.mark.line, column: context.mark.column)]
                if !scanned {
                    scanned = true
                    // Positions in the original text (nothing is marked yet).
                    let found = Self.duplicateKeyCandidates(text)
                    if !found.contains(where: { $0.line == positions[0].line && $0.column == positions[0].column }) {
                        positions += found
                    } else {
                        positions = found
                    }
                }
                duplicates += positions.count
                let originals = positions.map { [$0.line, insertions.original(line: $0.line, column: $0.column)] }
                guard duplicates <= budget.maximumDuplicateKeys, let markedText = Self.mark(text, positions, insertions: &insertions) else {
                    let line = context.mark.line
                    return fail(
                        line, insertions.original(line: line, column: context.mark.column),
                        "duplicate key (more than \(budget.maximumDuplicateKeys) duplicate keys, or one that cannot be recovered): file not read",
                        code: "duplicate-key")
                }
                marked.formUnion(originals)
                text = markedText
            } catch let error as YamlError {
                let (line, column, message) = Self.describe(error)
                return fail(line, insertions.original(line: line, column: column), message)
            } catch {
                return fail(0, 0, "\(error)")
            }
        }
    }

    /// The most parses of one file: the first, the one after the pre-scan's marks, and one per
    /// duplicate key the pre-scan does not see.
    static let maximumParses = 34

    /// Renames the keys starting at each `line:column` (1-based, Unicode scalars, in `text`) by
    /// prefixing the duplicate marker with the key's position in the file (inside the quotes of
    /// a quoted key); nil when a position is not in the text.
    static func mark(_ text: String, _ positions: [(line: Int, column: Int)], insertions: inout Insertions) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        // Right to left on a line, so that each column is still where it was found.
        for (line, column) in positions.sorted(by: { ($0.line, $0.column) > ($1.line, $1.column) }) {
            guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count else { return nil }
            var index = column - 1
            if lines[line - 1][index] == "\"" || lines[line - 1][index] == "'" { index += 1 }
            let marker = Array("x\(duplicateMarker)\(line):\(insertions.original(line: line, column: column))\(duplicateMarker)".unicodeScalars)
            // A plain scalar cannot start with U+2063 in every context; a leading letter keeps it plain.
            lines[line - 1].insert(contentsOf: marker, at: index)
            insertions.add(line: line, at: index + 1, length: marker.count)
        }
        var out = String.UnicodeScalarView()
        for (index, line) in lines.enumerated() {
            if index > 0 { out.append("\n") }
            out.append(contentsOf: line)
        }
        return String(out)
    }

    /// The original position a marked key was written at, and whether the key is marked.
    static func unmark(_ key: String) -> (key: String, line: Int, column: Int)? {
        guard key.hasPrefix("x" + duplicateMarker) else { return nil }
        let rest = key.dropFirst(1 + duplicateMarker.count)
        guard let end = rest.range(of: duplicateMarker) else { return nil }
        let position = rest[..<end.lowerBound].split(separator: ":").compactMap { Int($0) }
        guard position.count == 2 else { return nil }
        return (String(rest[end.upperBound...]), position[0], position[1])
    }

    static func describe(_ error: YamlError) -> (Int, Int, String) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let while_ = context.map { " (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? ""
            return (mark.line, mark.column, "malformed YAML: \(problem)\(while_)")
        case .reader(let problem, let offset, _, let yaml):
            if let offset {
                let prefix = yaml.utf8.prefix(offset)
                let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                let column =
                    String(decoding: prefix.split(separator: 0x0A, omittingEmptySubsequences: false).last ?? [], as: UTF8.self)
                    .unicodeScalars.count + 1
                return (line, column, "unreadable YAML: \(problem)")
            }
            return (0, 0, "unreadable YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return (context.mark.line, context.mark.column, "duplicate keys \(duplicates.joined(separator: ", "))")
        default:
            return (0, 0, "unreadable YAML: \(error)")
        }
    }

    /// The line and column of the first byte that is not valid UTF-8, nil for valid text.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int)? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: return nil
            case .error: return (line, column)
            }
        }
    }
}

/// Walks one parsed document into locale sections, within the budget.
struct YAMLWalker {
    let file: String
    let budget: YAMLCatalogBudget
    var diagnostics: [CatalogDiagnostic] = []
    /// Set when a budget is exceeded: the file is then skipped.
    var stopped = false
    private var aliasNodes = 0
    private var entries = 0
    /// Anchors already seen once: a later visit of the same anchor is an alias.
    private var seenAnchors = Set<ObjectIdentifier>()

    /// Where duplicate markers were inserted: positions are reported as in the file.
    let insertions: YAMLFileReader.Insertions

    init(file: String, budget: YAMLCatalogBudget, insertions: YAMLFileReader.Insertions = .init()) {
        self.file = file
        self.budget = budget
        self.insertions = insertions
    }

    func location(_ node: Node) -> CatalogLocation {
        let line = node.mark?.line ?? 0
        return CatalogLocation(file: file, line: line, column: insertions.original(line: line, column: node.mark?.column ?? 0))
    }

    mutating func diagnose(_ node: Node, _ message: String, key: String? = nil, language: String? = nil, code: String) {
        let at = location(node)
        diagnostics.append(
            CatalogDiagnostic(file: file, line: at.line, column: at.column, message: message, key: key, language: language, code: code))
    }

    mutating func readDocument(_ root: Node, into sections: inout [LocaleKeyedFile.Section]) {
        guard case .mapping(let top) = root else {
            if case .scalar(let scalar) = root, Self.isNull(scalar) { return }
            diagnose(root, "expected a mapping whose keys are locale ids (en:, pt-BR:, …) at the top level", code: "unreadable-file")
            return
        }
        for (keyNode, value, _) in pairs(top, language: nil) {
            guard !stopped else { return }
            guard case .scalar(let keyScalar) = keyNode else {
                diagnose(keyNode, "expected a locale id as a top-level key", code: "ignored-locale")
                continue
            }
            let name = keyScalar.string
            guard Self.looksLikeLocale(name), let locale = try? LocaleID(name) else {
                diagnose(keyNode, "ignored: \(quotedText(name)) is not a locale id", language: name, code: "ignored-locale")
                continue
            }
            var records: [EntryRecord] = []
            switch value {
            case .mapping:
                walk(value, path: [], depth: 0, language: name, into: &records)
            case .scalar(let scalar) where Self.isNull(scalar):
                continue
            default:
                diagnose(value, "expected a mapping of keys under the locale \(quotedText(name))", language: name, code: "malformed-entry")
                continue
            }
            sections.append(LocaleKeyedFile.Section(name: name, locale: locale, records: records))
        }
    }

    /// `en`, `pt_BR`, `zh-Hant-TW`, `es-419`: a 2- or 3-letter language subtag, then letters,
    /// digits, `-`, `_` (ICU alone would accept `english` as a language).
    static func looksLikeLocale(_ name: String) -> Bool {
        return name.count <= 64
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
            && name.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { ($0.count == 2 || $0.count == 3) && $0.allSatisfy(\.isLetter) }
                == true
    }

    static func isNull(_ scalar: Node.Scalar) -> Bool {
        guard scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// Counts a node reached through an alias; false once the budget is spent.
    mutating func enter(_ node: Node, aliased: inout Bool) -> Bool {
        let anchor: Anchor? =
            switch node {
            case .scalar(let scalar): scalar.anchor
            case .mapping(let mapping): mapping.anchor
            case .sequence(let sequence): sequence.anchor
            case .alias: nil
            }
        if let anchor, !aliased, !seenAnchors.insert(ObjectIdentifier(anchor)).inserted { aliased = true }
        if aliased {
            aliasNodes += 1
            if aliasNodes > budget.maximumAliasExpansion {
                diagnose(
                    node, "aliases expand to more than \(budget.maximumAliasExpansion) nodes (an alias bomb?): file not read",
                    code: "budget-exceeded")
                stopped = true
                return false
            }
        }
        return true
    }

    /// The pairs of a mapping with `<<` merge keys applied (written keys win, later merges
    /// lose to earlier ones, as YAML's merge-key spec says) and duplicate keys resolved.
    mutating func pairs(_ mapping: Node.Mapping, language: String?) -> [(Node, Node, Bool)] {
        var written: [(Node, Node, Bool)] = []
        var merged: [(Node, Node, Bool)] = []
        var mergedKeys = Set<Node>()
        for (key, value) in mapping {
            if case .scalar(let scalar) = key, scalar.string == "<<", scalar.style == .plain {
                let sources: [Node] = if case .sequence(let sequence) = value { Array(sequence) } else { [value] }
                for source in sources {
                    var aliased = true
                    guard enter(source, aliased: &aliased) else { return [] }
                    guard case .mapping(let inner) = source else {
                        diagnose(source, "a merge key (<<) takes a mapping or a sequence of mappings", language: language, code: "malformed-entry")
                        continue
                    }
                    for pair in inner where mergedKeys.insert(pair.key).inserted { merged.append((pair.key, pair.value, true)) }
                }
                continue
            }
            if case .scalar(let scalar) = key, let original = YAMLFileReader.unmark(scalar.string) {
                // The earlier of two equal keys: reported, then dropped (the later one wins).
                let later = mapping.first { pair in
                    if case .scalar(let other) = pair.key { return other == Node.Scalar(original.key, scalar.tag, scalar.style) } else { return false }
                }
                guard let later else {
                    // Marked by the pre-scan but without a later equal key in its mapping: kept as written.
                    written.append((.scalar(Node.Scalar(original.key, scalar.tag, scalar.style, scalar.mark)), value, false))
                    continue
                }
                let laterAt = location(later.key).description
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: original.line, column: original.column,
                        message: "duplicate key \(quotedText(original.key)): defined again at \(laterAt), which wins",
                        key: original.key, language: language, code: "duplicate-key"))
                continue
            }
            written.append((key, value, false))
        }
        let writtenKeys = Set(written.map(\.0))
        return written + merged.filter { !writtenKeys.contains($0.0) }
    }

    static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    private mutating func walk(_ node: Node, path: [String], depth: Int, language: String, aliased: Bool = false, into records: inout [EntryRecord]) {
        guard !stopped else { return }
        var aliased = aliased
        guard enter(node, aliased: &aliased) else { return }
        guard depth <= budget.maximumDepth else {
            diagnose(
                node, "nested deeper than \(budget.maximumDepth) levels: not read", key: path.joined(separator: "."), language: language,
                code: "budget-exceeded")
            return
        }
        let key = path.joined(separator: ".")
        switch node {
        case .scalar(let scalar):
            guard !path.isEmpty else { return }
            if Self.isNull(scalar) {
                diagnose(
                    node, "no value (null) for \(quotedText(key)): the key falls back along the locale chain", key: key, language: language,
                    code: "malformed-entry")
                return
            }
            add(EntryRecord(key: key, location: location(node), content: .text(LocatedText(text: scalar.string, location: location(node)))), &records)
        case .mapping(let mapping):
            let pairs = pairs(mapping, language: language)
            let keys = pairs.compactMap { pair -> String? in if case .scalar(let scalar) = pair.0 { scalar.string } else { nil } }
            if !path.isEmpty, keys.contains(where: { $0.hasPrefix(Self.reservedPrefix) }) {
                // A structured entry (`=format`, `=device`, `=width`, `=comment`, …): see YAMLStructuredEntry.swift.
                if let record = structuredEntry(node, pairs: pairs, key: key, language: language, aliased: aliased) { add(record, &records) }
                return
            }
            if !path.isEmpty, Self.isSimplePlural(pairs) {
                let at = location(node)
                add(EntryRecord(key: key, location: at, content: countPlural(pairs, at: at, key: key, language: language)), &records)
                return
            }
            for (keyNode, value, viaMerge) in pairs {
                guard case .scalar(let component) = keyNode else {
                    diagnose(keyNode, "expected a text key", key: key, language: language, code: "malformed-entry")
                    continue
                }
                walk(value, path: path + [component.string], depth: depth + 1, language: language, aliased: aliased || viaMerge, into: &records)
            }
        case .sequence(let sequence):
            for (index, element) in sequence.enumerated() {
                walk(element, path: path + [String(index)], depth: depth + 1, language: language, aliased: aliased, into: &records)
            }
        case .alias:
            diagnose(node, "unresolved alias", key: key, language: language, code: "malformed-entry")
        }
    }

    /// A mapping whose keys are all CLDR categories (with `other`, or at least two) and whose
    /// values are all scalars: the `count` plural.
    static func isSimplePlural(_ pairs: [(Node, Node, Bool)]) -> Bool {
        let keys = pairs.compactMap { pair -> String? in if case .scalar(let scalar) = pair.0 { scalar.string } else { nil } }
        return !pairs.isEmpty && keys.count == pairs.count && keys.allSatisfy(categories.contains) && (keys.contains("other") || keys.count >= 2)
            && pairs.allSatisfy({ variantText($0.1) != nil })
    }

    /// A variant's text node and its own state: a scalar, or a mapping of `=text` (and
    /// `=state`, the case's translation state when it differs from its entry's); nil for any
    /// other shape.
    static func variantText(_ node: Node) -> (text: Node.Scalar, textNode: Node, state: String?)? {
        switch node {
        case .scalar(let scalar): return (scalar, node, nil)
        case .mapping(let mapping):
            var text: (Node.Scalar, Node)?
            var state: String?
            for (key, value) in mapping {
                guard case .scalar(let name) = key, case .scalar(let scalar) = value else { return nil }
                switch name.string {
                case "=text": text = (scalar, value)
                case "=state": state = scalar.string
                default: return nil
                }
            }
            return text.map { ($0.0, $0.1, state) }
        default: return nil
        }
    }

    /// The variants of a mapping of CLDR categories to texts (a null variant is diagnosed and left out).
    mutating func pluralVariants(_ pairs: [(Node, Node, Bool)], key: String, language: String) -> [PluralVariant] {
        var variants: [PluralVariant] = []
        for (keyNode, value, _) in pairs {
            guard case .scalar(let category) = keyNode else { continue }
            guard let (scalar, textNode, state) = Self.variantText(value) else {
                diagnose(
                    value, "the \(category.string) variant of \(quotedText(key)) must be a text, or a mapping of =text and =state",
                    key: key, language: language, code: "malformed-entry")
                continue
            }
            if Self.isNull(scalar) {
                diagnose(
                    textNode, "no value (null) for the \(category.string) variant of \(quotedText(key))", key: key, language: language,
                    code: "malformed-entry")
                continue
            }
            variants.append(
                PluralVariant(keyword: category.string, text: LocatedText(text: scalar.string, location: location(textNode)), state: state))
        }
        return variants
    }

    /// The `count` plural of a mapping of categories: `%#@count@`.
    mutating func countPlural(_ pairs: [(Node, Node, Bool)], at: CatalogLocation, key: String, language: String) -> EntryValue {
        // `@`: the count may be an integer, a decimal (`1.5`) or a double; the variants show it
        // through `%{count}`, in the locale's style.
        let variable = PluralVariable(
            name: "count", kind: .variable, valueType: "@", variants: pluralVariants(pairs, key: key, language: language), location: at)
        return .plural(format: LocatedText(text: "%#@count@", location: at), variables: [variable])
    }

    mutating func add(_ record: EntryRecord, _ records: inout [EntryRecord]) {
        entries += 1
        if entries > budget.maximumEntries {
            diagnostics.append(
                CatalogDiagnostic(
                    file: file, line: record.location.line, column: record.location.column,
                    message: "more than \(budget.maximumEntries) entries: file not read", code: "budget-exceeded"))
            stopped = true
            return
        }
        records.append(record)
    }
}

func quotedText(_ text: String) -> String { "'\(text)'" }
#endif
