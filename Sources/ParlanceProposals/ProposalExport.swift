#if Translation
public import Foundation
public import Parlance
import ParlanceLocalization

/// Accepted proposals written as a patch: files laid out like a catalog directory that hold only
/// the proposed values, for a reviewer to merge over the real catalog (`parlance proposals
/// export`).
///
/// - `strings`: `<locale>.lproj/<section>.strings`;
/// - `xcstrings`: `<section>.xcstrings` (String Catalog 1.0, every value `translated`);
/// - `yaml`: `<locale>.yml` for the section `Localizable` (YAML catalogs have one table), else
///   `<section>/<locale>.yml`; keys are written flat (`"settings.title": "…"`) under the locale.
///
/// When several proposals are for the same section, key and locale, the newest wins and the
/// others are reported in ``Patch/superseded``.
///
/// ```swift
/// let accepted = try await store.proposals(matching: ProposalQuery(states: [.accepted]))
/// let patch = try ProposalExport.patch(accepted, format: .strings, sourceLanguage: LocaleID("en"))
/// try patch.write(to: URL(fileURLWithPath: "patch"))
/// ```
public enum ProposalExport {
    /// A patch's file format.
    public enum Format: String, Sendable, CaseIterable {
        /// Apple `.strings` files.
        case strings
        /// One String Catalog per section.
        case xcstrings
        /// YAML catalogs (one file per locale).
        case yaml
    }

    /// The files of a patch.
    public struct Patch: Sendable {
        /// Relative path → UTF-8 contents.
        public var files: [(path: String, contents: String)]
        /// Proposals not written because a newer one for the same text and locale was.
        public var superseded: [Proposal]

        /// Writes every file under `directory` (created as needed), replacing files of the same name.
        ///
        /// - Throws: `ParlanceError/Code/invalidArgument` when a file cannot be written.
        public func write(to directory: URL) throws {
            for file in files {
                let url = directory.appendingPathComponent(file.path)
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.contents.utf8).write(to: url, options: .atomic)
                } catch {
                    throw ParlanceError(.invalidArgument, "cannot write \(url.path): \(error.localizedDescription)")
                }
            }
        }
    }

    /// The patch of `proposals` (normally the accepted ones) in `format`.
    ///
    /// - Parameters:
    ///   - proposals: the proposals to export.
    ///   - format: the file format of the patch.
    ///   - sourceLanguage: the String Catalogs' `sourceLanguage`.
    /// - Throws: `ParlanceError/Code/invalidArgument` for a section that cannot be a file
    ///   name (`/`, `..`, a leading dot).
    public static func patch(_ proposals: [Proposal], format: Format, sourceLanguage: LocaleID) throws -> Patch {
        // Newest per (section, key, locale).
        var newest: [String: Proposal] = [:]
        var superseded: [Proposal] = []
        for proposal in proposals {
            let slot = "\(proposal.identifier.section)\u{0}\(proposal.identifier.key)\u{0}\(proposal.locale.languageTag)"
            if let earlier = newest[slot] {
                let keep = (earlier.createdAt, earlier.id.uuidString) < (proposal.createdAt, proposal.id.uuidString) ? proposal : earlier
                superseded.append(keep == proposal ? earlier : proposal)
                newest[slot] = keep
            } else {
                newest[slot] = proposal
            }
        }
        let chosen = newest.values.sorted {
            ($0.identifier.section, $0.locale.languageTag, $0.identifier.key) < ($1.identifier.section, $1.locale.languageTag, $1.identifier.key)
        }
        for section in Set(chosen.map(\.identifier.section)) { try checkFileName(section) }
        var files: [(String, String)] = []
        switch format {
        case .strings:
            let groups = Dictionary(grouping: chosen) { "\($0.locale.languageTag).lproj/\($0.identifier.section).strings" }
            for (path, items) in groups.sorted(by: { $0.key < $1.key }) {
                let lines = items.map { "\(CatalogEscaping.stringsQuoted($0.identifier.key)) = \(CatalogEscaping.stringsQuoted($0.value));" }
                files.append((path, "/* Accepted translation proposals (parlance proposals export). */\n" + lines.joined(separator: "\n") + "\n"))
            }
        case .xcstrings:
            let groups = Dictionary(grouping: chosen) { $0.identifier.section }
            for (section, items) in groups.sorted(by: { $0.key < $1.key }) {
                var strings: [String: [String: [String: [String: [String: String]]]]] = [:]
                for item in items {
                    strings[item.identifier.key, default: ["localizations": [:]]]["localizations", default: [:]][item.locale.languageTag] = [
                        "stringUnit": ["state": "translated", "value": item.value]
                    ]
                }
                let document: [String: Any] = ["sourceLanguage": sourceLanguage.languageTag, "version": "1.0", "strings": strings]
                let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                files.append(("\(section).xcstrings", String(decoding: data, as: UTF8.self) + "\n"))
            }
        case .yaml:
            let groups = Dictionary(grouping: chosen) { item in
                (item.identifier.section == "Localizable" ? "" : "\(item.identifier.section)/") + "\(item.locale.languageTag).yml"
            }
            for (path, items) in groups.sorted(by: { $0.key < $1.key }) {
                let locale = items[0].locale.languageTag
                var text = "# Accepted translation proposals (parlance proposals export).\n\(CatalogEscaping.yamlQuoted(locale)):\n"
                for item in items { text += "  \(CatalogEscaping.yamlQuoted(item.identifier.key)): \(CatalogEscaping.yamlQuoted(item.value))\n" }
                files.append((path, text))
            }
        }
        return Patch(files: files, superseded: superseded)
    }

    static func checkFileName(_ section: String) throws(ParlanceError) {
        guard !section.hasPrefix("."), !section.contains("/"), !section.contains("\\") else {
            throw ParlanceError(.invalidArgument, "the section \(section) cannot be a file name (no /, \\ or leading dot)")
        }
    }
}
#endif
