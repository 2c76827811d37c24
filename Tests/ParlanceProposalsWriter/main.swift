#if Postgres
// Used only by ParlanceProposalsTests: a second process writing to a proposal store.
//
// STORE is an SQLite path or a postgres:// URL (ProposalDatabase).
//
//     ParlanceProposalsWriter race STORE WRITER-ID COUNT GUIDS
//         COUNT proposals on one key, guids g0…g(GUIDS-1), values from a set of 5 so that
//         duplicates and replacements both happen; prints "created N replaced N duplicate N".
//     ParlanceProposalsWriter crash STORE WRITER-ID
//         proposes on keys k0, k1, … until killed, printing "committed N" after each commit.
import Foundation
import Parlance
import ParlanceProposals
import ParlanceProposalsPostgres

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("proposals writer: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: ParlanceProposalsWriter race|crash PATH WRITER-ID [COUNT GUIDS]") }
let store: any ProposalStore
do { store = try await ProposalDatabase(arguments[2]).open(timeout: .seconds(120), callTimeout: .seconds(120)).store } catch { fail("\(error)") }
let writer = arguments[3]

switch arguments[1] {
case "race":
    guard arguments.count == 6, let count = Int(arguments[4]), let guids = Int(arguments[5]), guids > 0 else { fail("bad race arguments") }
    var created = 0
    var replaced = 0
    var duplicates = 0
    for index in 0..<count {
        do {
            let draft = try ProposalDraft(
                section: "Localizable", key: "race.key", locale: "de", value: "value \((index * 7 + Int(writer.utf8.count)) % 5)",
                guid: "g\(index % guids)")
            switch try await store.propose(draft) {
            case .created: created += 1
            case .replaced: replaced += 1
            }
        } catch let error as ParlanceError where error.code == .duplicateProposal {
            duplicates += 1
        } catch {
            fail("\(error)")
        }
    }
    print("created \(created) replaced \(replaced) duplicate \(duplicates)")
case "crash":
    var index = 0
    while true {
        do {
            let draft = try ProposalDraft(section: "Crash", key: "k\(index)", locale: "fr", value: "\(writer) \(index)", guid: writer)
            _ = try await store.propose(draft)
        } catch {
            fail("\(error)")
        }
        FileHandle.standardOutput.write(Data("committed \(index)\n".utf8))
        index += 1
    }
default:
    fail("unknown mode \(arguments[1])")
}
#endif
