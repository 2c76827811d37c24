import Foundation
import Testing

@testable import ParlanceBatch
@testable import ParlanceLocalization

@Suite("batch op localize")
struct LocalizeBatchTests {
    /// The repository's example catalog (`Tests/SampleCatalog`), never modified by the tests.
    static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog").path
    let server = BatchEngine(context: BatchContext(catalogDirectory: directory))

    @Test(
        "responses per the protocol",
        arguments: [
            (#"{"op":"localize","locale":"ru","key":"items.count","args":[5]}"#, #"{"result":"5 элементов"}"#),
            (#"{"id":7,"op":"localize","locale":"ru","key":"items.count","args":[21]}"#, #"{"id":7,"result":"21 элемент"}"#),
            (#"{"op":"localize","locale":"ru","key":"download.progress","args":["a",1.5,1000]}"#, "{\"result\":\"a: 1,5% из 1\u{00A0}000 МБ\"}"),
            (#"{"op":"localize","locale":"en","key":"user.photos.count","args":["Ada",0]}"#, #"{"result":"Ada has no photos"}"#),
            (#"{"op":"localize","locale":"sr-Latn-RS","key":"total_odds"}"#, #"{"result":"Total Odds"}"#),
            (#"{"op":"localize","locale":"pl","key":"cart.items","table":"Shop","args":[22]}"#, #"{"result":"22 produkty w koszyku"}"#),
            (#"{"op":"localize","locale":"ar","key":"items.count","args":[2]}"#, #"{"result":"عنصران"}"#),
        ])
    func results(request: String, expected: String) {
        #expect(server.respond(to: request) == expected)
    }

    @Test(
        "errors per the protocol",
        arguments: [
            (#"{"op":"localize","locale":"ru","key":"nope"}"#, "missing-key"),
            (#"{"op":"localize","locale":"ru","key":"total_odds","table":"Nope"}"#, "missing-key"),
            (#"{"op":"localize","locale":"ru","key":"items.count"}"#, "invalid-argument"),
            (#"{"op":"localize","locale":"en","key":"user.photos.count","args":["Ada"]}"#, "invalid-argument"),
            (#"{"op":"localize","locale":"ru","key":"items.count","args":[true]}"#, "invalid-argument"),
            (#"{"op":"localize","locale":"ru","key":"items.count","args":"5"}"#, "invalid-argument"),
            (#"{"op":"localize","locale":"ru"}"#, "missing-field"),
            (#"{"op":"localize","key":"a"}"#, "missing-field"),
            (#"{"op":"localize","locale":"en US","key":"a"}"#, "invalid-locale"),
        ])
    func errors(request: String, code: String) {
        let response = server.respond(to: request) ?? ""
        #expect(response.contains("\"code\":\"\(code)\""), "\(response)")
    }

    @Test("without --catalog the op says so")
    func noCatalog() {
        let response = BatchEngine().respond(to: #"{"op":"localize","locale":"ru","key":"a"}"#) ?? ""
        #expect(response.contains("--catalog"))
    }
}

@Suite("batch op localize on a catalog with a malformed translation")
struct LocalizeBatchMalformedTests {
    @Test("a malformed translation is invalid-format with file and line; the rest of the catalog answers")
    func invalidFormat() throws {
        let directory = NSTemporaryDirectory() + "parlance-batch-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (language, text) in [("en", "\"files\" = \"%d files\";\n\"ok\" = \"OK\";\n"), ("fr", "\"ok\" = \"D'accord\";\n\"files\" = \"%d fichiers %k\";\n")] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(language).lproj", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(language).lproj/Localizable.strings"))
        }
        let server = BatchEngine(context: BatchContext(catalogDirectory: directory))
        let bad = server.respond(to: #"{"op":"localize","locale":"fr","key":"files","args":[3],"id":1}"#) ?? ""
        #expect(bad.contains("\"code\":\"invalid-format\""), "\(bad)")
        #expect(bad.contains("fr.lproj/Localizable.strings:2:"), "\(bad)")
        #expect(server.respond(to: #"{"op":"localize","locale":"fr","key":"ok"}"#) == #"{"result":"D'accord"}"#)
        #expect(server.respond(to: #"{"op":"localize","locale":"en","key":"files","args":[3]}"#) == #"{"result":"3 files"}"#)
    }
}
