import Foundation
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// Random mutations of valid files and formats: every one must load or fail with a
/// `ParlanceError`, never crash. Deterministic (seeded) so a failure can be replayed.
@Suite("Fuzz: mutated files and formats")
struct FuzzTests {
    static let alphabet: [UInt8] = Array("%@$#0123456789.lhdiufgexXcs\"\\;=<>/{}[]:,Un \n".utf8) + [0x00, 0xFF, 0xFE, 0xC3, 0xD8]

    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !out.isEmpty else { break }
            let index = Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: out[index] = alphabet.randomElement(using: &rng)!
            case 1: out.remove(at: index)
            case 2: out.insert(alphabet.randomElement(using: &rng)!, at: index)
            case 3: out = Array(out[..<index])
            default:
                let end = min(out.count, index + Int.random(in: 1...40, using: &rng))
                let chunk = Array(out[index..<end])
                out.insert(contentsOf: chunk, at: Int.random(in: 0..<out.count, using: &rng))
            }
        }
        return out
    }

    @Test("thousands of mutated .strings, .stringsdict and .xcstrings files")
    func files() {
        var rng = SplitMix64(seed: 42)
        let utf16 = ExampleCatalog.stringsFiles.map(ExampleCatalog.bytes)
        let strings = utf16 + utf16.map { Array((String(data: Data($0), encoding: .utf16) ?? "").utf8) }
        let dicts = ExampleCatalog.stringsdictFiles.map(ExampleCatalog.bytes)
        let catalog = Array(ExampleCatalog.shopCatalog.utf8)
        var loaded = 0
        var rejected = 0
        let rounds = 1500
        for round in 0..<rounds {
            do {
                switch round % 3 {
                case 0:
                    _ = try StringsFile(bytes: Self.mutate(strings.randomElement(using: &rng)!, &rng), file: "f.strings")
                case 1:
                    let file = try StringsdictFile(bytes: Self.mutate(dicts.randomElement(using: &rng)!, &rng), file: "f.stringsdict")
                    for case .plural(let entry) in file.entries.values {
                        _ = try? entry.format(language: "ru", locale: "ru", arguments: [1, 2, "x"])
                    }
                default:
                    let file = try StringCatalogFile(bytes: Self.mutate(catalog, &rng), file: "f.xcstrings")
                    for case .plural(let entry) in file.localizations.values.flatMap(\.values) {
                        _ = try? entry.format(language: "pl", locale: "pl", arguments: [5, 3])
                    }
                }
                loaded += 1
            } catch {
                #expect((error as? ParlanceError)?.code == .invalidFile)
                rejected += 1
            }
        }
        print("fuzz files: \(rounds) mutations, \(loaded) loaded, \(rejected) rejected with located errors")
        #expect(loaded + rejected == rounds)
    }

    @Test("thousands of mutated formats and stringsdict entries")
    func formats() {
        var rng = SplitMix64(seed: 7)
        let seeds = [
            "%1$@ has %2$#@photos@", "%d items", "%.2f%% of %3$d", "%#@a@ and %#@b@", "%5.1e|%-8g|%x|%c|%%",
            "%1$#@a@", "%lld %lu %ld %i %u", "%@ %s %S %C",
        ]
        let variables: [String: PluralFormat.Variable] = [
            "photos": .init(valueType: "d", variants: [.one: "%2$d photo", .other: "%2$d photos %#@a@"]),
            "a": .init(valueType: "f", variants: [.one: "%#@b@", .other: "%.1f %#@b@"]),
            "b": .init(valueType: "@", variants: [.other: "%@ %#@a@"]),
        ]
        let argumentSets: [[LocalizationArgument]] = [[], [1], ["x", 2], [1.5, "y", 3, 4], [.decimal("1.50"), -7, 65, "z"]]
        let formatter = LocalizedFormatter(locale: .root)
        var ok = 0
        var failed = 0
        let rounds = 4000
        for _ in 0..<rounds {
            let mutated = String(decoding: Self.mutate(Array(seeds.randomElement(using: &rng)!.utf8), &rng), as: UTF8.self)
            let arguments = argumentSets.randomElement(using: &rng)!
            do {
                _ = try formatter.format(mutated, arguments: arguments)
                ok += 1
            } catch {
                #expect((error as? ParlanceError)?.code == .invalidArgument)
                failed += 1
            }
            do {
                _ = try PluralFormat(format: mutated, variables: variables).format(language: "ar", locale: "ar", arguments: arguments)
                ok += 1
            } catch {
                #expect((error as? ParlanceError)?.code == .invalidArgument, "\(error)")
                failed += 1
            }
        }
        print("fuzz formats: \(rounds * 2) evaluations, \(ok) formatted, \(failed) typed errors")
        #expect(ok + failed == rounds * 2)
    }
}
