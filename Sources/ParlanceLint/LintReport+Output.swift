public import Foundation

extension LintReport {
    /// Human output: diagnostics grouped by file (`file:line: error: [rule] message`), then a
    /// summary line; ANSI colours when `colored`.
    ///
    /// ```swift
    /// print(report.humanReadable(colored: isatty(1) != 0))
    /// // fr.lproj/Localizable.strings:3: error: [placeholder-mismatch] "welcome" (fr): …
    /// // 1 error, 0 warnings in 1 file
    /// ```
    public func humanReadable(colored: Bool = false) -> String {
        func paint(_ text: String, _ code: String) -> String { colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var out = ""
        var files: [String] = []
        for diagnostic in diagnostics where files.last != diagnostic.file { files.append(diagnostic.file) }
        let byFile = Dictionary(grouping: diagnostics, by: \.file)
        for file in files {
            if colored { out += paint(file, "1") + "\n" }
            for diagnostic in byFile[file] ?? [] {
                let place =
                    diagnostic.line > 0
                    ? (diagnostic.column > 0 ? "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)" : "\(diagnostic.file):\(diagnostic.line)")
                    : diagnostic.file
                let severity = diagnostic.severity == .error ? paint("error", "1;31") : paint("warning", "1;33")
                out += "\(paint(place, "1")): \(severity): [\(diagnostic.rule.rawValue)] \(diagnostic.message)\n"
            }
        }
        let errors = self.errors.count
        let warnings = self.warnings.count
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        out += "\(plural(errors, "error")), \(plural(warnings, "warning"))"
        out += diagnostics.isEmpty ? "\n" : " in \(plural(Set(diagnostics.map(\.file)).count, "file"))\n"
        return out
    }

    /// The per-language summary as a table: language, translated %, plural completeness %,
    /// errors, warnings (what `parlance lint --summary` prints).
    ///
    /// ```swift
    /// print(report.summaryTable())
    /// // language  translated  plurals complete  errors  warnings
    /// // fr             95.0%            100.0%       2         1
    /// ```
    public func summaryTable() -> String {
        let header = ["language", "translated", "plurals complete", "errors", "warnings"]
        var rows = [header]
        for line in summary {
            rows.append([
                line.language, Self.percent(line.translatedPercent), Self.percent(line.pluralCompletePercent),
                String(line.errors), String(line.warnings),
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The report as JSON: `{"directory", "developmentLanguage", "errorCount", "warningCount",
    /// "diagnostics": [{"rule", "severity", "file", "line", "table", "key", "language", "message"}]}`.
    ///
    /// ```swift
    /// let json = report.json()   // Data, UTF-8, keys sorted
    /// ```
    public func json() -> Data {
        let object: [String: Any] = [
            "directory": directory,
            "developmentLanguage": developmentLanguage,
            "errorCount": errors.count,
            "warningCount": warnings.count,
            "summary": summary.map { line -> [String: Any] in
                [
                    "language": line.language, "keys": line.keys, "translated": line.translated, "pluralVariables": line.pluralVariables,
                    "completePluralVariables": line.completePluralVariables, "errors": line.errors, "warnings": line.warnings,
                ]
            },
            "diagnostics": diagnostics.map { diagnostic -> [String: Any] in
                var item: [String: Any] = [
                    "rule": diagnostic.rule.rawValue, "severity": diagnostic.severity.rawValue,
                    "file": diagnostic.file, "line": diagnostic.line, "column": diagnostic.column, "message": diagnostic.message,
                ]
                if let table = diagnostic.table { item["table"] = table }
                if let key = diagnostic.key { item["key"] = key }
                if let language = diagnostic.language { item["language"] = language }
                return item
            },
        ]
        return Self.serialize(object)
    }

    /// The report as SARIF 2.1.0 (one run, tool `parlance`, every ``LintRule`` described), for
    /// code-scanning dashboards. Artifact URIs are relative to the linted directory
    /// (`originalUriBaseIds.CATALOGROOT`).
    ///
    /// ```swift
    /// try report.sarif().write(to: URL(fileURLWithPath: "lint.sarif"))
    /// ```
    public func sarif(toolVersion: String = "0.1.0") -> Data {
        let rules = LintRule.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element, $0.offset) })
        let rootURI = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.absoluteString
        let results: [[String: Any]] = diagnostics.map { diagnostic in
            var physical: [String: Any] = [
                "artifactLocation": ["uri": Self.uriPath(diagnostic.file), "uriBaseId": "CATALOGROOT"]
            ]
            // GitHub code scanning requires a region on every result: line 1 when unknown.
            var region: [String: Any] = ["startLine": max(diagnostic.line, 1)]
            if diagnostic.line > 0, diagnostic.column > 0 { region["startColumn"] = diagnostic.column }
            physical["region"] = region
            var result: [String: Any] = [
                "ruleId": diagnostic.rule.rawValue,
                "ruleIndex": ruleIndex[diagnostic.rule] ?? 0,
                "level": diagnostic.severity == .error ? "error" : "warning",
                "message": ["text": diagnostic.message],
                "locations": [["physicalLocation": physical]],
            ]
            var properties: [String: Any] = [:]
            if let table = diagnostic.table { properties["table"] = table }
            if let key = diagnostic.key { properties["key"] = key }
            if let language = diagnostic.language { properties["language"] = language }
            if !properties.isEmpty { result["properties"] = properties }
            return result
        }
        let object: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "parlance",
                            "informationUri": "https://github.com/parlance/parlance",
                            "version": toolVersion,
                            "rules": rules.map { rule -> [String: Any] in
                                [
                                    "id": rule.rawValue,
                                    "shortDescription": ["text": rule.summary],
                                    "defaultConfiguration": ["level": rule.defaultSeverity == .error ? "error" : "warning"],
                                ]
                            },
                        ]
                    ],
                    "originalUriBaseIds": ["CATALOGROOT": ["uri": rootURI.hasSuffix("/") ? rootURI : rootURI + "/"]],
                    "results": results,
                ]
            ],
        ]
        return Self.serialize(object)
    }

    /// Percent-encodes a relative path for a SARIF `uri` (spaces, non-ASCII), keeping `/`.
    static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    private static func serialize(_ object: [String: Any]) -> Data {
        // Only strings, numbers, arrays and dictionaries are put in: serialization cannot fail.
        (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
