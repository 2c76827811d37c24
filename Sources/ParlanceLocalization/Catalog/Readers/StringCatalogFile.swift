import Parlance

/// An `.xcstrings` String Catalog (Xcode 15+): JSON with every language of one table.
///
/// Read: `sourceLanguage`, `strings` → key → `localizations` → language → either a
/// `stringUnit` (`state`, `value`) or `variations` by `plural` (zero … other) and by `device`
/// (`iphone`, `ipad`, `mac`, `other`, …, possibly nesting plural variations), plus
/// `substitutions` (`argNum`, `formatSpecifier`, plural variations whose `%arg` stands for the
/// argument). Every state is used (`translated`, `needs_review`, `new`, `stale`) as long as
/// the unit has a value. A key without a localization in the source language means the key
/// itself, as Xcode compiles it; in other languages it is missing (the lookup falls back).
///
/// ```swift
/// let catalog = try StringCatalogFile(contentsOf: "Localizable.xcstrings")
/// catalog.sourceLanguage                     // "en"
/// catalog.value(forKey: "items.count", language: "ru")   // .plural(…)
/// ```
public struct StringCatalogFile: Sendable {
    /// The file name used in diagnostics.
    public let file: String
    /// `sourceLanguage`, as written (e.g. `"en"`).
    public let sourceLanguage: String
    /// Every key of the catalog, in file order.
    public let keys: [String]
    /// The located entries by language (as written in the file), in file order.
    package let records: [String: [EntryRecord]]
    /// Entries or localizations skipped because they are malformed, each located.
    public let diagnostics: [CatalogDiagnostic]

    /// Values by language (as written in the file) and key, in the stringsdict shape.
    public var localizations: [String: [String: CatalogValue]] {
        records.mapValues { Dictionary($0.map { ($0.key, $0.content.catalogValue) }, uniquingKeysWith: { _, last in last }) }
    }

    /// Reads an `.xcstrings` file from disk.
    ///
    /// ```swift
    /// let catalog = try StringCatalogFile(contentsOf: "Localizable.xcstrings")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming the file, line and column.
    public init(contentsOf path: String) throws {
        do { try self.init(reading: path) } catch { throw error.error }
    }

    /// Reads the file into memory of its own and gives that memory back as the parser moves
    /// through `strings` (``CatalogFileBuffer``), so that the file's bytes and its entries are
    /// not held whole at the same time.
    package init(reading path: String) throws(CatalogDiagnostic) {
        try self.init(reading: path, splitAbove: 4 << 20)
    }

    /// ``init(reading:)`` splitting a `strings` object of at least `splitAbove` bytes and giving
    /// memory back in steps of `releaseStep` bytes. Tests take both small, so that a file of a
    /// few hundred kilobytes is split and given back in several steps, force the split parse's
    /// fallback with `misplaceSplitForTesting` and learn, through `onFallback`, how many bytes
    /// of the second half had been given back when it began.
    package init(
        reading path: String, splitAbove: Int, releaseStep: Int = CatalogFileBuffer.defaultReleaseStep,
        misplaceSplitForTesting: Bool = false, onFallback: ((Int) -> Void)? = nil
    ) throws(CatalogDiagnostic) {
        let buffer = try CatalogFileBuffer(reading: path, releaseStep: releaseStep)
        let parsed = try Self.parse(
            buffer.bytes, file: path, consumed: { buffer.release(below: $0) },
            consumedSecond: { buffer.releaseSecondHalf(from: $0, below: $1) },
            whole: { () throws(CatalogDiagnostic) in try CatalogFileSystem.read(path) }, splitAbove: splitAbove,
            misplaceSplitForTesting: misplaceSplitForTesting, onFallback: { onFallback?(buffer.secondReleasedBytes) })
        withExtendedLifetime(buffer) {}
        self.init(parsed, file: path)
    }

    /// Reads `.xcstrings` JSON bytes.
    ///
    /// ```swift
    /// let catalog = try StringCatalogFile(bytes: Array(json.utf8), file: "Localizable.xcstrings")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming `file`, line and column, when the
    ///   file is not JSON or has no valid `sourceLanguage`; a malformed entry or localization
    ///   is skipped and reported in ``diagnostics``.
    public init(bytes: [UInt8], file: String) throws {
        do { try self.init(parsing: bytes, file: file) } catch { throw error.error }
    }

    package init(parsing bytes: [UInt8], file: String) throws(CatalogDiagnostic) {
        try self.init(parsing: bytes, file: file, splitAbove: 4 << 20)
    }

    /// ``init(parsing:file:)`` splitting a `strings` object of at least `splitAbove` bytes in
    /// two halves parsed at once (`.max`: never; tests compare the two).
    package init(parsing bytes: [UInt8], file: String, splitAbove: Int, misplaceSplitForTesting: Bool = false) throws(CatalogDiagnostic) {
        let parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogDiagnostic) in
            try Self.parse(buffer, file: file, consumed: nil, whole: { bytes }, splitAbove: splitAbove, misplaceSplitForTesting: misplaceSplitForTesting)
        }
        self.init(parsed, file: file)
    }

    /// What a parse found.
    private struct Parsed {
        var source: String
        var collected: EntryCollector
    }

    private init(_ parsed: Parsed, file: String) {
        self.file = file
        self.sourceLanguage = parsed.source
        self.keys = parsed.collected.keys
        self.records = parsed.collected.records
        self.diagnostics = parsed.collected.diagnostics
    }

    /// Parses the bytes; `consumed` is told how far the streamed parse has read (the bytes
    /// below may be given back), and `whole` gives the file's bytes again for the rare file
    /// that must be read a second time (a `strings` member before `sourceLanguage`, or two of
    /// them).
    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, consumed: ((Int) -> Void)?,
        consumedSecond: (@Sendable (Int, Int) -> Void)? = nil, whole: () throws(CatalogDiagnostic) -> [UInt8], splitAbove: Int = 4 << 20,
        misplaceSplitForTesting: Bool = false, onFallback: (() -> Void)? = nil
    ) throws(CatalogDiagnostic) -> Parsed {
        // `strings` is read entry by entry as the parser meets it (once a valid
        // `sourceLanguage` has been read before it, as Xcode writes the file), so that memory
        // holds the records and one entry's tree, not the tree of the whole file.
        var streamed: EntryCollector?
        var streams = 0
        // A large `strings` object is parsed in two halves at once (LocatedJSON.Streaming.second):
        // the second half's entries are collected here, on the second thread, and appended to
        // the first half's after the parse.
        final class SecondHalf: @unchecked Sendable {
            var collector: EntryCollector?
        }
        let secondHalf = SecondHalf()
        var streaming = LocatedJSON.Streaming(
            member: "strings",
            shouldStream: { members in
                guard case .string(let source)? = members.last(where: { $0.0 == "sourceLanguage" })?.1.value,
                    (try? ParlanceCore.locale(source)) != nil
                else { return false }
                streams += 1
                streamed = EntryCollector(file: file, source: source)
                secondHalf.collector = EntryCollector(file: file, source: source)
                return true
            },
            each: { key, entry in streamed?.read(key, entry) }, consumed: consumed)
        streaming.second = { key, entry in secondHalf.collector?.read(key, entry) }
        streaming.splitAbove = splitAbove
        streaming.consumedSecond = consumedSecond
        streaming.misplaceSplitForTesting = misplaceSplitForTesting
        var root: LocatedJSON
        do {
            root = try LocatedJSON.parse(buffer: bytes, file: file, streaming: streaming)
        } catch  where error.code == LocatedJSON.splitAbandoned {
            // The halves did not meet where the scan said, and the second half's bytes may be
            // gone: the file's bytes, read again, are parsed without a split.
            onFallback?()
            let again = try whole()
            return try again.withUnsafeBufferPointer { (buffer) throws(CatalogDiagnostic) in
                try parse(buffer, file: file, consumed: nil, whole: { again }, splitAbove: .max)
            }
        }
        if let second = secondHalf.collector {
            // Let go of the box's reference first, so that the records move instead of being
            // copied when they are appended.
            secondHalf.collector = nil
            streamed?.append(second)
        }
        func fail(_ node: LocatedJSON, _ message: String) -> CatalogDiagnostic {
            CatalogDiagnostic(file: file, line: node.line, column: node.column, message: message)
        }
        guard case .object(let members) = root.value else { throw fail(root, "the top level must be an object, found \(root.typeName)") }
        guard let sourceNode = root["sourceLanguage"] else { throw fail(root, "the catalog has no \"sourceLanguage\"") }
        guard case .string(let source) = sourceNode.value else {
            throw fail(sourceNode, "\"sourceLanguage\" must be a string, found \(sourceNode.typeName)")
        }
        guard (try? ParlanceCore.locale(source)) != nil else { throw fail(sourceNode, "\"sourceLanguage\" \(quoted(source)) is not a locale id") }
        let collected: EntryCollector
        if let streamed, streams == 1, streamed.source == source, members.count(where: { $0.0 == "strings" }) == 1 {
            collected = streamed
        } else {
            // Not streamed, or streamed under a `sourceLanguage` or a `strings` that a later
            // duplicate member replaces (the last one wins): read the whole tree.
            if streams > 0 { root = try LocatedJSON.parse(whole(), file: file) }
            var collector = EntryCollector(file: file, source: source)
            if let stringsNode = root["strings"] {
                guard case .object(let strings) = stringsNode.value else {
                    throw fail(stringsNode, "\"strings\" must be an object, found \(stringsNode.typeName)")
                }
                for (key, entry) in strings { collector.read(key, entry) }
            }
            collected = collector
        }
        return Parsed(source: source, collected: collected)
    }

    /// The value of a key in a language as written in the file (no fallback).
    ///
    /// ```swift
    /// catalog.value(forKey: "settings.title", language: "de")  // .format("Einstellungen")
    /// ```
    public func value(forKey key: String, language: String) -> CatalogValue? {
        records[language]?.last { $0.key == key }?.content.catalogValue
    }
}

/// The keys, records and diagnostics of a String Catalog's `strings`, read entry by entry.
private struct EntryCollector {
    let file: String
    let source: String
    var keys: [String] = []
    var records: [String: [EntryRecord]] = [:]
    var diagnostics: [CatalogDiagnostic] = []

    init(file: String, source: String) {
        self.file = file
        self.source = source
    }

    /// Appends what `later` collected from the entries after this one's (the second half of a
    /// file parsed in two halves).
    mutating func append(_ later: consuming EntryCollector) {
        keys += later.keys
        for language in Array(later.records.keys) {
            guard var moved = later.records.removeValue(forKey: language) else { continue }
            var mine = records.removeValue(forKey: language) ?? []
            mine.appendMoving(&moved)
            records[language] = mine
        }
        diagnostics += later.diagnostics
    }

    mutating func skip(_ node: LocatedJSON, _ message: String, key: String?, language: String? = nil) {
        diagnostics.append(
            CatalogDiagnostic(
                file: file, line: node.line, column: node.column, message: message,
                key: key, language: language, code: "malformed-entry"))
    }

    /// One entry of `strings`: its localizations as records (a malformed one is skipped with a
    /// located diagnostic); a key without a source localization means the key itself.
    mutating func read(_ key: String, _ entry: LocatedJSON) {
        keys.append(key)
        let keyAt = CatalogLocation(file: file, line: entry.line, column: entry.column)
        guard case .object = entry.value else {
            skip(entry, "the entry \(quoted(key)) must be an object, found \(entry.typeName); it is skipped", key: key)
            return
        }
        var extraction: String?
        if case .string(let text)? = entry["extractionState"]?.value { extraction = text }
        var comment: String?
        if case .string(let text)? = entry["comment"]?.value { comment = text }
        let isMessageFormat = comment?.contains(CatalogEntry.messageFormatMarker) ?? false
        var hasSource = false
        if let localizationsNode = entry["localizations"] {
            guard case .object(let localizations) = localizationsNode.value else {
                skip(
                    localizationsNode,
                    "\"localizations\" of \(quoted(key)) must be an object, found \(localizationsNode.typeName); the entry is skipped", key: key)
                return
            }
            for (language, node) in localizations {
                guard (try? ParlanceCore.locale(language)) != nil else {
                    skip(node, "the language \(quoted(language)) of \(quoted(key)) is not a locale id; it is skipped", key: key, language: language)
                    continue
                }
                var reader = UnitReader(file: file, key: key)
                do {
                    if let value = try reader.value(node) {
                        var record = EntryRecord(
                            key: key, location: CatalogLocation(file: file, line: node.line, column: node.column),
                            content: value, state: reader.state, extractionState: extraction, comment: comment)
                        record.isMessageFormat = isMessageFormat
                        records[language, default: []].append(record)
                        if language == source { hasSource = true }
                    }
                } catch {
                    diagnostics.append(error.with(language: language))
                    if language == source { hasSource = true }
                }
            }
        }
        if !hasSource {
            // Xcode compiles a key without a source localization to the key itself.
            var record = EntryRecord(
                key: key, location: keyAt, content: .text(LocatedText(text: key, location: keyAt)),
                extractionState: extraction, comment: comment)
            record.isImplicit = true
            record.isMessageFormat = isMessageFormat
            records[source, default: []].append(record)
        }
    }
}

/// Turns one localization node into an ``EntryValue`` (nil when it has no value).
private struct UnitReader {
    let file: String
    let key: String
    /// The state of the first unit met.
    var state: String?

    func fail(_ node: LocatedJSON, _ message: String) -> CatalogDiagnostic {
        CatalogDiagnostic(
            file: file, line: node.line, column: node.column, message: "\(message) (key \(quoted(key))); it is skipped",
            key: key, code: "malformed-entry")
    }

    func location(_ node: LocatedJSON) -> CatalogLocation { CatalogLocation(file: file, line: node.line, column: node.column) }

    func object(_ node: LocatedJSON, _ what: String) throws(CatalogDiagnostic) -> [(String, LocatedJSON)] {
        guard case .object(let members) = node.value else { throw fail(node, "\(what) must be an object, found \(node.typeName)") }
        return members
    }

    mutating func unitValue(_ node: LocatedJSON) throws(CatalogDiagnostic) -> LocatedText? {
        let unit = try object(node, "\"stringUnit\"")
        if let stateNode = unit.last(where: { $0.0 == "state" })?.1 {
            guard case .string(let text) = stateNode.value else { throw fail(stateNode, "\"state\" must be a string, found \(stateNode.typeName)") }
            if state == nil { state = text }
        }
        guard let valueNode = unit.last(where: { $0.0 == "value" })?.1 else { return nil }
        guard case .string(let text) = valueNode.value else { throw fail(valueNode, "\"value\" must be a string, found \(valueNode.typeName)") }
        return LocatedText(text: text, location: location(valueNode))
    }

    mutating func value(_ node: LocatedJSON) throws(CatalogDiagnostic) -> EntryValue? {
        let members = try object(node, "a localization")
        let unit = members.last(where: { $0.0 == "stringUnit" })?.1
        let variations = members.last(where: { $0.0 == "variations" })?.1
        let substitutions = members.last(where: { $0.0 == "substitutions" })?.1
        var base: EntryValue?
        if let unit {
            base = try unitValue(unit).map(EntryValue.text)
        } else if let variations {
            base = try variationValue(variations)
        }
        guard let base else { return nil }
        guard let substitutions else { return base }
        return try substitute(base, substitutions)
    }

    mutating func pluralVariants(_ plural: LocatedJSON) throws(CatalogDiagnostic) -> [PluralVariant] {
        var variants: [PluralVariant] = []
        for (name, caseNode) in try object(plural, "\"plural\"") {
            let caseMembers = try object(caseNode, "the plural case \(quoted(name))")
            guard let unit = caseMembers.last(where: { $0.0 == "stringUnit" })?.1 else {
                throw fail(caseNode, "the plural case \(quoted(name)) has no \"stringUnit\"")
            }
            if let text = try unitValue(unit) {
                // The entry's state is its first unit's; a case in another state keeps its own.
                var own: String?
                if case .object(let fields) = unit.value, case .string(let written)? = fields.last(where: { $0.0 == "state" })?.1.value {
                    own = written
                }
                variants.append(PluralVariant(keyword: name, text: text, state: own == state ? nil : own))
            }
        }
        return variants
    }

    mutating func variationValue(_ node: LocatedJSON) throws(CatalogDiagnostic) -> EntryValue? {
        let kinds = try object(node, "\"variations\"")
        if let plural = kinds.last(where: { $0.0 == "plural" })?.1 {
            let variants = try pluralVariants(plural)
            guard !variants.isEmpty else { return nil }
            let at = location(plural)
            let variable = PluralVariable(name: "plural", kind: .wholeString, variants: variants, location: at)
            return .plural(format: LocatedText(text: "%#@\(PluralNormalization.wholeStringName)@", location: at), variables: [variable])
        }
        if let device = kinds.last(where: { $0.0 == "device" })?.1 {
            var variants: [DeviceVariant] = []
            for (name, deviceNode) in try object(device, "\"device\"") {
                if let value = try value(deviceNode) {
                    variants.append(DeviceVariant(device: name.lowercased(), value: value, location: location(deviceNode)))
                }
            }
            return variants.isEmpty ? nil : .device(variants)
        }
        if let (name, other) = kinds.first {
            throw fail(other, "unsupported variation kind \(quoted(name)) (expected \"plural\" or \"device\")")
        }
        return nil
    }

    /// One substitution's variables, by device (`nil`: for every device).
    mutating func substitution(_ name: String, _ node: LocatedJSON) throws(CatalogDiagnostic) -> [String?: PluralVariable] {
        let fields = try object(node, "the substitution \(quoted(name))")
        var argNum: Int?
        if let argNode = fields.last(where: { $0.0 == "argNum" })?.1 {
            guard case .number(let text) = argNode.value, let number = Int(text), (1...FormatParser.maximumNumber).contains(number) else {
                throw fail(argNode, "\"argNum\" must be a positive integer, found \(argNode.typeName)")
            }
            argNum = number
        }
        var specifier = "lld"
        if let specNode = fields.last(where: { $0.0 == "formatSpecifier" })?.1 {
            guard case .string(let text) = specNode.value else {
                throw fail(specNode, "\"formatSpecifier\" must be a string, found \(specNode.typeName)")
            }
            guard case let tokens? = try? FormatParser.parse("%" + text, allowVariables: false), tokens.count == 1,
                case .spec(let spec) = tokens[0], spec.position == nil
            else { throw fail(specNode, "unknown format specifier \(quoted(text))") }
            specifier = text
        }
        guard let variationsNode = fields.last(where: { $0.0 == "variations" })?.1 else {
            throw fail(node, "the substitution \(quoted(name)) has no \"variations\"")
        }
        func variable(_ plural: LocatedJSON, _ variants: [PluralVariant]) -> PluralVariable {
            PluralVariable(
                name: name, valueType: specifier, argumentNumber: argNum, usesArgumentPlaceholder: true,
                variants: variants, location: location(node))
        }
        let kinds = try object(variationsNode, "\"variations\"")
        if let plural = kinds.last(where: { $0.0 == "plural" })?.1 {
            return [nil: variable(plural, try pluralVariants(plural))]
        }
        if let device = kinds.last(where: { $0.0 == "device" })?.1 {
            var byDevice: [String?: PluralVariable] = [:]
            for (deviceName, deviceNode) in try object(device, "\"device\"") {
                let inner = try object(deviceNode, "the device \(quoted(deviceName))")
                guard let innerVariations = inner.last(where: { $0.0 == "variations" })?.1,
                    let plural = try object(innerVariations, "\"variations\"").last(where: { $0.0 == "plural" })?.1
                else { throw fail(deviceNode, "the device \(quoted(deviceName)) of the substitution \(quoted(name)) needs plural variations") }
                byDevice[deviceName.lowercased()] = variable(plural, try pluralVariants(plural))
            }
            return byDevice
        }
        throw fail(variationsNode, "the substitution \(quoted(name)) needs plural (or device) variations")
    }

    /// Applies `substitutions` to a value: each leaf becomes a plural format whose variables
    /// are the substitutions (for the leaf's device, where a substitution varies by device).
    mutating func substitute(_ base: EntryValue, _ node: LocatedJSON) throws(CatalogDiagnostic) -> EntryValue {
        var substitutions: [(String, [String?: PluralVariable])] = []
        for (name, definition) in try object(node, "\"substitutions\"") {
            substitutions.append((name, try substitution(name, definition)))
        }
        func variables(for device: String?) -> [PluralVariable] {
            substitutions.compactMap { _, byDevice in
                byDevice[nil] ?? device.flatMap { byDevice[$0] } ?? byDevice["other"] ?? byDevice.sorted { ($0.key ?? "") < ($1.key ?? "") }.first?.value
            }
        }
        func apply(_ value: EntryValue, device: String?) -> EntryValue {
            switch value {
            case .text(let text):
                return .plural(format: text, variables: variables(for: device))
            case .plural(let format, let inner):
                return .plural(format: format, variables: inner + variables(for: device))
            case .device(let variants):
                return .device(variants.map { DeviceVariant(device: $0.device, value: apply($0.value, device: $0.device), location: $0.location) })
            case .width(let variants):
                return .width(variants.map { WidthVariant(width: $0.width, value: apply($0.value, device: device), location: $0.location) })
            }
        }
        // A substitution that varies by device makes a value without device variations vary too.
        let substitutionDevices = Set(substitutions.flatMap { $0.1.keys.compactMap { $0 } })
        if case .device = base {
        } else if !substitutionDevices.isEmpty {
            return .device(
                substitutionDevices.sorted().map { device in
                    DeviceVariant(device: device, value: apply(base, device: device), location: base.location)
                })
        }
        return apply(base, device: nil)
    }
}
