import Foundation
import ParlanceLint
import ParlanceVerification
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// Inputs built to blow up time or memory (found in review): each must end quickly with a
/// located, typed error or a bounded result.
@Suite("Hostile inputs: bounded time and memory")
struct HostileInputTests {
    @Test("a stringsdict variable bomb (8 references per level, 11 levels) is refused quickly")
    func variableBomb() throws {
        var variables: [String: PluralFormat.Variable] = [:]
        for level in 0..<11 {
            let next = String(repeating: "%1$#@v\(level + 1)@", count: 8)
            variables["v\(level)"] = PluralFormat.Variable(variants: [.other: next])
        }
        variables["v11"] = PluralFormat.Variable(variants: [.other: ""])
        let bomb = PluralFormat(format: "%1$#@v0@", variables: variables)
        let (error, seconds) = CPUTime.measure {
            #expect(throws: ParlanceError.self) { try bomb.format(language: "en", locale: "en", arguments: [1]) }
        }
        #expect(error?.message.contains("expanded more than") == true)
        #expect(seconds < 5)
    }

    @Test("lint walks a self-referencing variable once")
    func lintSelfReference() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for language in ["en", "fr"] {
            let lproj = directory.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let variant = language == "fr" ? String(repeating: "%1$#@a@", count: 6) : "%d items"
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>k</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
                <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d item</string><key>other</key><string>\(variant)</string></dict>
                </dict></dict></plist>
                """
            try plist.write(to: lproj.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        }
        // Lint checks languages on worker threads: the process's CPU time, which other
        // processes loading the machine do not add to (a walk multiplied by each reference,
        // 6^16 steps, would take hours).
        let (report, seconds) = try CPUTime.measure(clock: CPUTime.process) {
            try CatalogLinter(options: LintOptions(developmentLanguage: "en")).lint(directory: directory.path)
        }
        #expect(seconds < 30)
        #expect(!report.diagnostics.isEmpty)  // the self-reference is reported, not walked forever
    }

    @Test("deeply nested property lists get a located error, not gigabytes")
    func deepNesting() throws {
        let opening = String(repeating: "<dict><key>NSStringDeviceSpecificRuleType</key>", count: 10_000)
        let text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"# + opening
        let (error, seconds) = CPUTime.measure {
            #expect(throws: ParlanceError.self) { try StringsdictFile(bytes: Array(text.utf8), file: "deep.stringsdict") }
        }
        #expect(seconds < 5)
        #expect(error?.message.contains("deep.stringsdict:") == true)
    }
}
