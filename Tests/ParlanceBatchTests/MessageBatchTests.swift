import Parlance
import Testing

@testable import ParlanceBatch

@Suite("Batch ops message, plural-range, number-range, date-interval")
struct MessageBatchTests {
    let server = BatchEngine()

    @Test(arguments: [
        (#"{"op":"message","locale":"en","pattern":"{n, plural, one {# file} other {# files}}","args":{"n":1234}}"#, #"{"result":"1,234 files"}"#),
        (
            #"{"id":1,"op":"message","locale":"de","pattern":"{0} zahlt {1, number, ::currency/EUR}","args":["Ana",12.5]}"#,
            #"{"id":1,"result":"Ana zahlt 12,50\#u{00A0}€"}"#
        ),
        (#"{"op":"message","locale":"en","pattern":"{d, date, ::yMMMd}","args":{"d":1700000000000}}"#, #"{"result":"Nov 14, 2023"}"#),
        (#"{"op":"plural-range","locale":"pl","start":"1","end":4}"#, #"{"result":"few"}"#),
        (#"{"op":"number-range","locale":"en","start":3,"end":"5","skeleton":"measure-unit/mass-kilogram"}"#, #"{"result":"3–5 kg"}"#),
        (
            #"{"op":"date-interval","locale":"en","start":"2023-11-14T00:00Z","end":1700179200000,"skeleton":"yMMMd"}"#,
            #"{"result":"Nov 14\#u{2009}–\#u{2009}17, 2023"}"#
        ),
    ])
    func results(_ line: String, _ expected: String) {
        #expect(server.respond(to: line) == expected)
    }

    @Test("errors: invalid-message, missing-argument, missing-field, invalid-time-zone")
    func errors() {
        func code(_ line: String) -> String? {
            guard let answer = server.respond(to: line), let range = answer.range(of: #""code":""#) else { return nil }
            return String(answer[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(code(#"{"op":"message","locale":"en","pattern":"{n, plural, one {x}"}"#) == "invalid-message")
        #expect(code(#"{"op":"message","locale":"en","pattern":"{n}","args":{}}"#) == "missing-argument")
        #expect(code(#"{"op":"message","locale":"en"}"#) == "missing-field")
        #expect(code(#"{"op":"date-interval","locale":"en","start":0,"end":1,"skeleton":"y","timeZone":"Mars/Base"}"#) == "invalid-time-zone")
        #expect(code(#"{"op":"number-range","locale":"en","start":"x","end":1}"#) == "invalid-number")
        #expect(code(#"{"op":"plural-range","locale":"en","start":1}"#) == "missing-field")
    }

    /// `relative` between two instants in calendar units: New York's
    /// 23-hour spring-forward day, Paris midnight, calendar months.
    @Test(arguments: [
        (
            #"{"op":"relative","locale":"en","time":"2024-03-10T00:30-05:00","reference":"2024-03-11T00:30-04:00","timeZone":"America/New_York","numeric":"auto"}"#,
            #"{"result":"yesterday"}"#
        ),
        (
            #"{"op":"relative","locale":"en","time":"2024-02-29T23:50+01:00","reference":"2024-03-01T00:30+01:00","timeZone":"Europe/Paris","unit":"month","numeric":"auto"}"#,
            #"{"result":"last month"}"#
        ),
        (#"{"op":"relative","locale":"en","time":"2024-01-31T12:00Z","reference":1709294400000,"unit":"auto"}"#, #"{"result":"2 months ago"}"#),
        (#"{"op":"relative","locale":"fr","time":"2024-02-01T12:00Z","reference":"2024-03-01T12:00Z","numeric":"auto"}"#, #"{"result":"le mois dernier"}"#),
    ])
    func relativeBetween(_ line: String, _ expected: String) {
        #expect(server.respond(to: line) == expected)
    }

    @Test func relativeBetweenErrors() {
        func code(_ line: String) -> String? {
            guard let answer = server.respond(to: line), let range = answer.range(of: #""code":""#) else { return nil }
            return String(answer[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(code(#"{"op":"relative","locale":"en","time":0}"#) == "missing-field")
        #expect(code(#"{"op":"relative","locale":"en","time":0,"reference":0,"value":1}"#) == "invalid-argument")
        #expect(code(#"{"op":"relative","locale":"en","time":0,"reference":0,"unit":"fortnight"}"#) == "invalid-argument")
        #expect(code(#"{"op":"relative","locale":"en","time":0,"reference":0,"timeZone":"Mars/Base"}"#) == "invalid-time-zone")
        #expect(code(#"{"op":"relative","locale":"en","time":"yesterday","reference":0}"#) == "invalid-time")
    }
}
