import Foundation

/// Locale ids built to overflow ICU, and one request per batch op to send them in.
///
/// The ids are the reported 156-character `en-v00000-…-v00021` (which aborted ICU 72 inside
/// `uplrules_openForType`) and ids of growing length up to 1 MB built from repeated variants,
/// extensions, private-use subtags, ICU variants and ICU keywords. All are built on `en` (or
/// `en-US`), so that an id a server accepts must get the answer `en` gets.
public enum HostileLocaleIDs {
    /// `en-v00000-v00001-…-v00021`: 156 characters.
    public static let reported = "en" + (0..<22).map { "-v" + String(repeating: "0", count: 5 - String($0).count) + String($0) }.joined()

    /// The lengths tried, in bytes: below, at and above ICU's 157-byte buffers and
    /// Parlance's 256-byte text limit, up to 1 MB.
    public static let lengths = [16, 64, 149, 156, 157, 163, 200, 256, 257, 1024, 4096, 65_536, 1 << 20]

    /// How each kind of id grows: its start and its `index`th piece.
    public static let kinds: [(name: String, start: String, piece: @Sendable (Int) -> String)] = [
        ("distinct variants", "en", { "-v" + base36($0, width: 5) }),
        ("repeated variant", "en", { _ in "-fonipa" }),
        ("one long extension", "en-a", { "-" + base36($0, width: 8) }),
        ("repeated extensions", "en", { "-" + String(Array("abcdefghijklmnopqrstuvw")[$0 % 23]) + "-xy" }),
        ("private use", "en-x", { "-" + base36($0, width: 8) }),
        ("-x-lvariant-", "en-US-x-lvariant", { "-" + base36($0, width: 3) }),
        ("ICU short variants", "en_US", { "_A" + base36($0, width: 2) }),
        ("ICU keyword value", "en@x=", { ($0 == 0 ? "" : "-") + base36($0, width: 8) }),
        ("ICU keywords", "en@", { ($0 == 0 ? "" : ";") + "k" + base36($0, width: 3) + "=v" }),
        ("mixed", "en-US-fonipa-a-bcd-t-ja-x", { "-" + base36($0, width: 4) }),
    ]

    /// The kinds sent at 64 KB and 1 MB over HTTP, where each request is a socket's worth of
    /// bytes: variants, an extension and private use.
    public static let longKinds: Set<String> = ["distinct variants", "one long extension", "private use"]

    /// The id of `kind` cut to `length` bytes (its pieces repeated as needed).
    public static func id(kind: Int, length: Int) -> String {
        let (_, start, piece) = kinds[kind]
        var bytes = Array(start.utf8)
        bytes.reserveCapacity(length + 16)
        var index = 0
        while bytes.count < length {
            bytes += Array(piece(index).utf8)
            index += 1
        }
        return String(decoding: bytes.prefix(length), as: UTF8.self)
    }

    /// Every hostile id with a label: the reported one, then each kind at each length
    /// (`maximumLength` bounds the lengths; `longKindsOnlyAbove` restricts the kinds above it).
    public static func all(maximumLength: Int = 1 << 20, longKindsOnlyAbove: Int = .max) -> [(label: String, id: String)] {
        var result = [("reported 156-character id", reported)]
        for length in lengths where length <= maximumLength {
            for (index, kind) in kinds.enumerated() {
                if length > longKindsOnlyAbove && !longKinds.contains(kind.name) { continue }
                result.append(("\(kind.name), \(length) bytes", id(kind: index, length: length)))
            }
        }
        return result
    }

    static func base36(_ value: Int, width: Int) -> String {
        let text = String(value, radix: 36)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Every hostile id, at every length and kind (built once: about 11 MB).
    public static let everything = all()

    /// One request per batch op, with `{L}` where a locale id goes: the op and the members of
    /// its request object (without `op`); whether an accepted id must get `en`'s answer
    /// exactly (`sameAsEnglish`) or any result (the id is named or negotiated, so the answer
    /// depends on it); and whether an ill-formed id is skipped rather than an error
    /// (`requested` of `negotiate`: malformed parts are ignored).
    public struct Request: Sendable, CustomStringConvertible {
        public let op: String
        public let members: String
        public let sameAsEnglish: Bool
        public let skipsIllFormed: Bool

        init(op: String, members: String, sameAsEnglish: Bool, skipsIllFormed: Bool = false) {
            self.op = op
            self.members = members
            self.sameAsEnglish = sameAsEnglish
            self.skipsIllFormed = skipsIllFormed
        }

        /// The request's members with `id` in place of `{L}`.
        public func members(with id: String) -> String {
            members.replacing("{L}", with: id)
        }

        /// A batch line: `{"op":…,members}`.
        public func line(with id: String) -> String { #"{"op":"\#(op)",\#(members(with: id))}"# }

        /// An HTTP body for `POST /v1/{op}`: `{members}`.
        public func body(with id: String) -> String { "{" + members(with: id) + "}" }

        public var description: String { "\(op) \(members)" }
    }

    /// The ops that read no locale id in any field (`supported-values`), which no request
    /// here can reach with a hostile id.
    public static let localeFreeOps: Set<String> = ["supported-values"]

    /// A parsed JSON result as JSON text with sorted keys, so that two results compare equal
    /// exactly when their JSON values do (a parsed object does not keep its member order).
    public static func canonicalJSON(_ result: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: result, options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(result)"
    }

    public static let requests: [Request] = [
        Request(op: "plural", members: #""locale":"{L}","number":"1""#, sameAsEnglish: true),
        Request(op: "plural", members: #""locale":"{L}","number":"2","type":"ordinal""#, sameAsEnglish: true),
        Request(op: "plural-categories", members: #""locale":"{L}""#, sameAsEnglish: true),
        Request(op: "plural-range", members: #""locale":"{L}","start":"1","end":"5""#, sameAsEnglish: true),
        Request(op: "number", members: #""locale":"{L}","number":"1234.5""#, sameAsEnglish: true),
        Request(op: "number-range", members: #""locale":"{L}","start":"1","end":"5""#, sameAsEnglish: true),
        Request(op: "date", members: #""locale":"{L}","time":0,"skeleton":"yMMMd""#, sameAsEnglish: true),
        Request(op: "date-interval", members: #""locale":"{L}","start":0,"end":86400000,"skeleton":"yMMMd""#, sameAsEnglish: true),
        Request(op: "relative", members: #""locale":"{L}","value":-1,"unit":"day""#, sameAsEnglish: true),
        Request(op: "list", members: #""locale":"{L}","items":["a","b","c"]"#, sameAsEnglish: true),
        Request(op: "direction", members: #""locale":"{L}""#, sameAsEnglish: true),
        Request(op: "display-name", members: #""locale":"{L}","of":"fr""#, sameAsEnglish: true),
        Request(op: "display-name", members: #""locale":"en","of":"{L}""#, sameAsEnglish: false),
        Request(op: "negotiate", members: #""available":["en","{L}"],"requested":"{L}""#, sameAsEnglish: false),
        Request(
            op: "negotiate", members: #""available":["en","fr"],"requested":["{L}","fr"]"#, sameAsEnglish: false,
            skipsIllFormed: true),
        Request(
            op: "message", members: #""locale":"{L}","pattern":"{n, plural, one {# file} other {# files}}","args":{"n":3}"#,
            sameAsEnglish: true),
        Request(op: "localize", members: #""locale":"{L}","key":"place_bet""#, sameAsEnglish: true),
        Request(op: "collate", members: #""locale":"{L}","items":["b","a","c"]"#, sameAsEnglish: true),
        Request(op: "display-name", members: #""locale":"{L}","of":"USD","type":"currency","style":"short""#, sameAsEnglish: true),
        Request(op: "display-name", members: #""locale":"{L}","of":"weekOfYear","type":"dateTimeField""#, sameAsEnglish: true),
        Request(op: "locale-info", members: #""locale":"{L}""#, sameAsEnglish: false),
        Request(op: "format-parts", members: #""kind":"number","locale":"{L}","number":"1234.5""#, sameAsEnglish: true),
        Request(op: "format-parts", members: #""kind":"date-interval","locale":"{L}","start":0,"end":86400000,"skeleton":"yMMMd""#, sameAsEnglish: true),
        Request(op: "segment", members: #""locale":"{L}","text":"Hi, you.""#, sameAsEnglish: true),
        Request(op: "case", members: #""locale":"{L}","text":"hello","to":"upper""#, sameAsEnglish: true),
    ]
}
