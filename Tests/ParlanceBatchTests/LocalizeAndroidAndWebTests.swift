import Foundation
import Testing

@testable import ParlanceBatch

/// The batch `localize` op on Android, ARB and i18next catalogs (the fixtures of
/// `ParlanceLocalizationTests`): printf arguments for Android, named arguments for the ICU
/// MessageFormat values of ARB and i18next.
@Suite("batch op localize: Android, ARB and i18next catalogs")
struct LocalizeAndroidAndWebTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ParlanceLocalizationTests/Fixtures").path

    @Test(
        "responses",
        arguments: [
            ("Android/res", #"{"op":"localize","locale":"pl","key":"songs","args":[3]}"#, #"{"result":"3 piosenki"}"#),
            ("Android/res", #"{"op":"localize","locale":"pt-BR","key":"welcome","args":["Ana"]}"#, #"{"result":"Bem-vindo, Ana!"}"#),
            ("Android/res", #"{"op":"localize","locale":"de","key":"apostrophe"}"#, #"{"result":"Don't say \"hi\""}"#),
            ("MessageJSON/arb", #"{"op":"localize","locale":"pl","key":"nested","args":{"count":5,"gender":"female"}}"#, #"{"result":"Ona ma 5 plików"}"#),
            ("MessageJSON/arb", #"{"op":"localize","locale":"en","key":"itemCount","args":{"count":0}}"#, #"{"result":"No items"}"#),
            (
                "MessageJSON/i18next", #"{"op":"localize","locale":"ru","key":"file","table":"common","args":{"count":2}}"#,
                #"{"result":"2 файла"}"#
            ),
        ])
    func results(directory: String, request: String, expected: String) {
        let server = BatchEngine(context: BatchContext(catalogDirectory: Self.fixtures + "/" + directory))
        #expect(server.respond(to: request) == expected)
    }
}
