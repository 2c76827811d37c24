import Parlance
import Testing

@testable import ParlanceBatch

@Suite("Batch op collate")
struct CollateBatchTests {
    let server = BatchEngine()

    @Test(arguments: [
        // The protocol's examples.
        (#"{"op":"collate","locale":"sv","items":["z","ä","a"]}"#, #"{"result":["a","z","ä"]}"#),
        (#"{"op":"collate","locale":"en","numeric":true,"items":["item 10","item 2"]}"#, #"{"result":["item 2","item 10"]}"#),
        (#"{"op":"collate","locale":"en","items":["item 10","item 2"]}"#, #"{"result":["item 10","item 2"]}"#),
        (#"{"op":"collate","locale":"de","items":["z","ä","a"]}"#, #"{"result":["a","ä","z"]}"#),
        // a / b.
        (#"{"id":1,"op":"collate","locale":"sv","a":"z","b":"ä"}"#, #"{"id":1,"result":-1}"#),
        (#"{"op":"collate","locale":"de","a":"z","b":"ä"}"#, #"{"result":1}"#),
        (#"{"op":"collate","locale":"en","a":"a","b":"a"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"de-u-co-phonebk","a":"Äpfel","b":"Affe"}"#, #"{"result":-1}"#),
        (#"{"op":"collate","locale":"de","a":"Äpfel","b":"Affe"}"#, #"{"result":1}"#),
        (#"{"op":"collate","locale":"es-u-co-trad","items":["d","ch","cz","c"]}"#, #"{"result":["c","cz","ch","d"]}"#),
        // Strength.
        (#"{"op":"collate","locale":"fr","strength":"primary","a":"é","b":"E"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"fr","strength":"secondary","a":"é","b":"e"}"#, #"{"result":1}"#),
        (#"{"op":"collate","locale":"fr","strength":"secondary","a":"E","b":"e"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"fr","a":"E","b":"e"}"#, #"{"result":1}"#),
        (#"{"op":"collate","locale":"fr","strength":"identical","a":"e","b":"e"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"en-u-ks-level1","a":"É","b":"e"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"en-u-ks-level1","strength":"tertiary","a":"É","b":"e"}"#, #"{"result":1}"#),
        // Equal items keep their given order (stable).
        (#"{"op":"collate","locale":"en","strength":"primary","items":["b","é","A","e","a","E"]}"#, #"{"result":["A","a","b","é","e","E"]}"#),
        // caseFirst: da sorts upper case first unless caseFirst is given.
        (#"{"op":"collate","locale":"da","items":["a","A","b","B"]}"#, #"{"result":["A","a","B","b"]}"#),
        (#"{"op":"collate","locale":"da","caseFirst":"lower","items":["A","a"]}"#, #"{"result":["a","A"]}"#),
        (#"{"op":"collate","locale":"da","caseFirst":"off","items":["A","a"]}"#, #"{"result":["a","A"]}"#),
        (#"{"op":"collate","locale":"da","caseFirst":null,"items":["a","A"]}"#, #"{"result":["A","a"]}"#),
        (#"{"op":"collate","locale":"en","caseFirst":"upper","items":["a","A"]}"#, #"{"result":["A","a"]}"#),
        (#"{"op":"collate","locale":"en-u-kf-upper","items":["a","A"]}"#, #"{"result":["A","a"]}"#),
        // Options override the locale's keywords.
        (#"{"op":"collate","locale":"en-u-kn","items":["item 10","item 2"]}"#, #"{"result":["item 2","item 10"]}"#),
        (#"{"op":"collate","locale":"en-u-kn","numeric":false,"items":["item 2","item 10"]}"#, #"{"result":["item 10","item 2"]}"#),
        (#"{"op":"collate","locale":"en-u-kf-upper","caseFirst":"lower","items":["A","a"]}"#, #"{"result":["a","A"]}"#),
        // ignorePunctuation.
        (#"{"op":"collate","locale":"en","ignorePunctuation":true,"a":"e-mail","b":"email"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"en","a":"e-mail","b":"email"}"#, #"{"result":-1}"#),
        (#"{"op":"collate","locale":"th","a":"a-b","b":"ab"}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"th","ignorePunctuation":false,"a":"a-b","b":"ab"}"#, #"{"result":-1}"#),
        // Edge cases.
        (#"{"op":"collate","locale":"en","items":[]}"#, #"{"result":[]}"#),
        (#"{"op":"collate","locale":"en","a":"","b":""}"#, #"{"result":0}"#),
        (#"{"op":"collate","locale":"xx","items":["b","a"]}"#, #"{"result":["a","b"]}"#),
        (#"{"op":"collate","locale":"en-u-kn-maybe","items":["item 2","item 10"]}"#, #"{"result":["item 10","item 2"]}"#),
    ])
    func results(request: String, expected: String) {
        #expect(server.respond(to: request) == expected)
    }

    @Test(arguments: [
        (#"{"op":"collate","items":["a"]}"#, "missing-field"),
        (#"{"op":"collate","locale":"en"}"#, "missing-field"),
        (#"{"op":"collate","locale":"en","a":"x"}"#, "missing-field"),
        (#"{"op":"collate","locale":"en","b":"x"}"#, "missing-field"),
        (#"{"op":"collate","locale":"en","items":null}"#, "missing-field"),
        (#"{"op":"collate","locale":"en US","items":[]}"#, "invalid-locale"),
        (#"{"op":"collate","locale":5,"items":[]}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":"a"}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":["a",1]}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","a":1,"b":"x"}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","a":"x","b":null}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","a":"x","b":"y","items":[]}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"strength":"base"}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"strength":1}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"caseFirst":"false"}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"caseFirst":true}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"numeric":"true"}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"numeric":1}"#, "invalid-argument"),
        (#"{"op":"collate","locale":"en","items":[],"ignorePunctuation":"yes"}"#, "invalid-argument"),
    ])
    func errors(request: String, code: String) throws {
        let line = try #require(server.respond(to: request))
        #expect(line.hasPrefix(#"{"error":{"code":"\#(code)""#), "\(line)")
    }

    /// The limits: more than 100,000 items, or a string over 65,536 bytes, is invalid-argument;
    /// exactly at the limits is sorted.
    @Test func limits() throws {
        let longest = String(repeating: "a", count: CollationOperations.maximumStringBytes)
        let atLimit = #"{"op":"collate","locale":"en","a":"\#(longest)","b":"b"}"#
        #expect(server.respond(to: atLimit) == #"{"result":-1}"#)
        let over = #"{"op":"collate","locale":"en","a":"\#(longest)a","b":"b"}"#
        #expect(try #require(server.respond(to: over)).hasPrefix(#"{"error":{"code":"invalid-argument""#))
        let overItem = #"{"op":"collate","locale":"en","items":["b","\#(longest)a"]}"#
        #expect(try #require(server.respond(to: overItem)).hasPrefix(#"{"error":{"code":"invalid-argument""#))
        let many = Array(repeating: #""x""#, count: CollationOperations.maximumItems + 1).joined(separator: ",")
        let tooMany = #"{"op":"collate","locale":"en","items":[\#(many)]}"#
        #expect(try #require(server.respond(to: tooMany)).hasPrefix(#"{"error":{"code":"invalid-argument""#))
    }

    /// Sorting agrees with the library's `sorted(using:)` and is stable over a larger list.
    @Test func sortMatchesLibraryAndIsStable() throws {
        let names = (0..<500).map { index in ["Åsa", "Anna", "Östen", "Zoe", "anna", "ÅSA", "Ärla", "Ola"][index % 8] + (index % 3 == 0 ? "" : " \(index % 5)")
        }
        let collator = Collator(locale: "sv", strength: .primary)
        let sorted = CollationOperations.sortedStably(names, by: collator)
        #expect(sorted.count == names.count)
        for (x, y) in zip(sorted, sorted.dropFirst()) { #expect(collator.compare(x, y) != .orderedDescending) }
        // Stable: equal items keep their given order. The k-th copy of a string in the output
        // is its k-th copy in the input, so each output item has an input position.
        var positions: [String: [Int]] = [:]
        for (index, name) in names.enumerated() { positions[name, default: []].append(index) }
        var used: [String: Int] = [:]
        let origin = sorted.map { name -> Int in
            let copy = used[name, default: 0]
            used[name] = copy + 1
            return positions[name]![copy]
        }
        for index in sorted.indices.dropLast() where collator.compare(sorted[index], sorted[index + 1]) == .orderedSame {
            #expect(origin[index] < origin[index + 1], "\(sorted[index]) and \(sorted[index + 1])")
        }
        let items = names.map { "\"\($0)\"" }.joined(separator: ",")
        let line = try #require(server.respond(to: #"{"op":"collate","locale":"sv","strength":"primary","items":[\#(items)]}"#))
        #expect(line == #"{"result":["# + sorted.map { "\"\($0)\"" }.joined(separator: ",") + "]}")
    }

    @Test func listedAsAnOperation() {
        #expect(server.operations.contains("collate"))
    }
}
