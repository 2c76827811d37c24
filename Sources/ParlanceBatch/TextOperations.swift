import Parlance

/// Batch operations `segment` and `case` (batch-protocol.md v1.2).
enum TextOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "segment": segment,
        "case": caseMapping,
    ]

    /// `segment`'s granularities: the protocol's three (``Segmenter`` also has lines, which the
    /// protocol does not define, so "line" is an unknown value).
    enum Granularity: String, CaseIterable {
        case grapheme, word, sentence

        var segmenter: Segmenter.Granularity {
            switch self {
            case .grapheme: .grapheme
            case .word: .word
            case .sentence: .sentence
            }
        }
    }

    /// `case`'s mappings.
    enum Mapping: String, CaseIterable {
        case upper, lower, title
    }

    /// `segment`: `[{"segment": …}]` in text order, concatenating to `text`; with "word", each
    /// also has `"wordLike"`.
    @Sendable
    static func segment(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let text = try request.string("text")
        let granularity = try request.choice("granularity", default: Granularity.grapheme)
        let segments: Segmenter.Segments
        do throws(ParlanceError) {
            segments = try Segmenter(checkedLocale: locale, granularity: granularity.segmenter).checkedSegments(of: text)
        } catch {
            throw BatchError(error)
        }
        var values: [JSONValue] = []
        for segment in segments {
            var members: [(String, JSONValue)] = [("segment", .string(String(segment.text)))]
            if let wordLike = segment.isWordLike { members.append(("wordLike", .bool(wordLike))) }
            values.append(.object(members))
        }
        return .array(values)
    }

    /// `case`: ICU's full, locale-sensitive mapping of `text` `to` "upper", "lower" or "title".
    @Sendable
    static func caseMapping(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let text = try request.string("text")
        let to = try request.string("to")
        guard let mapping = Mapping(rawValue: to) else {
            let allowed = Mapping.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw BatchError("invalid-argument", "\"to\" must be one of \(allowed), not \(quoted(to))")
        }
        do throws(ParlanceError) {
            switch mapping {
            case .upper: return .string(try text.caseMapped(.upper, locale: locale))
            case .lower: return .string(try text.caseMapped(.lower, locale: locale))
            case .title: return .string(try text.caseMapped(.title, locale: locale))
            }
        } catch {
            throw BatchError(error)
        }
    }
}
