import Parlance

/// A gettext `Plural-Forms` header (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`)
/// parsed into an expression tree that chooses the index of a `msgstr[n]` for an integer.
///
/// The expression language is the C subset GNU gettext accepts: the variable `n`, decimal
/// integer literals, `!`, `* / %`, `+ -`, `< <= > >=`, `== !=`, `&&`, `||`, `?:` and
/// parentheses, evaluated in unsigned 64-bit arithmetic as gettext evaluates `unsigned long`
/// (`n - 1` for 0 wraps around; comparisons are unsigned). The parser is a bounded recursive
/// descent: the text is at most ``maximumLength`` characters and nests at most
/// ``maximumDepth`` levels, so a hostile header costs linear time and bounded stack. Nothing
/// is ever handed to an interpreter. Division or remainder by zero is an evaluation error
/// (``Failure``), never a crash.
///
/// ```swift
/// let forms = try GettextPluralForms(header: "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
/// forms.count                 // 3
/// try forms.index(for: 21)    // 0
/// try forms.index(for: 22)    // 1
/// try forms.index(for: 25)    // 2
/// ```
public struct GettextPluralForms: Hashable, Sendable, CustomStringConvertible {
    /// Why a header does not parse, or an expression cannot be evaluated.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The 1-based column in the header text where the problem is (0 for an evaluation error).
        public var column: Int

        /// A failure.
        public init(message: String, column: Int) {
            self.message = message
            self.column = column
        }

        /// The message, with its column when it has one.
        public var description: String { column > 0 ? "column \(column): \(message)" : message }
    }

    /// The longest header text accepted, in characters.
    public static let maximumLength = 1_024
    /// The deepest nesting of subexpressions accepted.
    public static let maximumDepth = 64

    /// `nplurals`: how many forms each plural entry gives.
    public let count: Int
    /// The `plural=` expression as written (without the trailing `;`).
    public let expression: String
    private let root: Node

    /// Parses a `Plural-Forms` header value (`nplurals=2; plural=(n != 1);`).
    ///
    /// - Throws: ``Failure`` with the column of the problem: a missing `nplurals` or `plural`,
    ///   `nplurals` outside 1…100, an unknown token, an unbalanced parenthesis, a text longer
    ///   than ``maximumLength`` or nested deeper than ``maximumDepth``.
    public init(header: String) throws(Failure) {
        let scalars = Array(header.unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw Failure(message: "the Plural-Forms header is longer than \(Self.maximumLength) characters", column: Self.maximumLength + 1)
        }
        // `nplurals=<int>;` then `plural=<expression>;` in either order, separated by `;`.
        var count: Int?
        var expression: (text: String, start: Int)?
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count && scalars[end] != ";" { end += 1 }
            let part = scalars[start..<end]
            if let equals = part.firstIndex(of: "=") {
                let name = String(String.UnicodeScalarView(part[start..<equals])).trimmingASCIIWhitespace()
                let valueStart = equals + 1
                let value = String(String.UnicodeScalarView(part[valueStart..<end]))
                switch name {
                case "nplurals":
                    guard let parsed = Int(value.trimmingASCIIWhitespace()), (1...100).contains(parsed) else {
                        throw Failure(
                            message: "nplurals must be an integer from 1 to 100, not \(quoted(value.trimmingASCIIWhitespace()))", column: valueStart + 1)
                    }
                    count = parsed
                case "plural":
                    expression = (value, valueStart)
                default:
                    throw Failure(message: "expected nplurals= or plural=, not \(quoted(name))", column: start + 1)
                }
            } else if !String(String.UnicodeScalarView(part)).trimmingASCIIWhitespace().isEmpty {
                throw Failure(message: "expected nplurals=… or plural=…", column: start + 1)
            }
            start = end + 1
        }
        guard let count else { throw Failure(message: "the header has no nplurals=", column: 1) }
        guard let expression else { throw Failure(message: "the header has no plural=", column: 1) }
        var parser = Parser(scalars: scalars, position: expression.start, end: expression.start + expression.text.unicodeScalars.count)
        let root = try parser.parseConditional(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.end else {
            throw Failure(message: "unexpected \(quoted(String(parser.scalars[parser.position]))) after the expression", column: parser.position + 1)
        }
        self.count = count
        self.expression = expression.text.trimmingASCIIWhitespace()
        self.root = root
    }

    /// The header as gettext writes it: `nplurals=N; plural=EXPRESSION;`.
    public var description: String { "nplurals=\(count); plural=\(expression);" }

    /// The index of the form for `n` (what gettext computes; it may be ≥ ``count`` when the
    /// header is inconsistent).
    ///
    /// - Throws: ``Failure`` for a division or remainder by zero.
    public func index(for n: UInt64) throws(Failure) -> Int {
        let value = try root.evaluate(n)
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    public static func == (lhs: GettextPluralForms, rhs: GettextPluralForms) -> Bool {
        lhs.count == rhs.count && lhs.expression == rhs.expression
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(expression)
    }

    /// One node of the expression.
    private indirect enum Node: Sendable {
        case n
        case literal(UInt64)
        case not(Node)
        case binary(Operator, Node, Node)
        case conditional(Node, Node, Node)

        func evaluate(_ n: UInt64) throws(Failure) -> UInt64 {
            switch self {
            case .n: return n
            case .literal(let value): return value
            case .not(let operand): return try operand.evaluate(n) == 0 ? 1 : 0
            case .conditional(let condition, let then, let otherwise):
                return try condition.evaluate(n) != 0 ? then.evaluate(n) : otherwise.evaluate(n)
            case .binary(let op, let lhs, let rhs):
                let a = try lhs.evaluate(n)
                // `&&` and `||` short-circuit, as in C.
                switch op {
                case .and: return a != 0 ? (try rhs.evaluate(n) != 0 ? 1 : 0) : 0
                case .or: return a != 0 ? 1 : (try rhs.evaluate(n) != 0 ? 1 : 0)
                default: break
                }
                let b = try rhs.evaluate(n)
                switch op {
                case .multiply: return a &* b
                case .divide:
                    guard b != 0 else { throw Failure(message: "division by zero for n = \(n)", column: 0) }
                    return a / b
                case .remainder:
                    guard b != 0 else { throw Failure(message: "remainder by zero for n = \(n)", column: 0) }
                    return a % b
                case .add: return a &+ b
                case .subtract: return a &- b
                case .less: return a < b ? 1 : 0
                case .lessEqual: return a <= b ? 1 : 0
                case .greater: return a > b ? 1 : 0
                case .greaterEqual: return a >= b ? 1 : 0
                case .equal: return a == b ? 1 : 0
                case .notEqual: return a != b ? 1 : 0
                case .and, .or: return 0
                }
            }
        }
    }

    private enum Operator: Sendable {
        case multiply, divide, remainder, add, subtract, less, lessEqual, greater, greaterEqual, equal, notEqual, and, or
    }

    /// Recursive descent by C precedence, each level counting toward ``maximumDepth``.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position: Int
        let end: Int

        mutating func skipSpace() {
            while position < end, scalars[position] == " " || scalars[position] == "\t" || scalars[position] == "\n" || scalars[position] == "\r" {
                position += 1
            }
        }

        func failure(_ message: String) -> Failure { Failure(message: message, column: position + 1) }

        /// Whether the next characters are `text` (after spaces); consumes them when they are.
        mutating func take(_ text: String) -> Bool {
            skipSpace()
            let wanted = Array(text.unicodeScalars)
            guard position + wanted.count <= end, Array(scalars[position..<(position + wanted.count)]) == wanted else { return false }
            position += wanted.count
            return true
        }

        /// The next character, without consuming it (after spaces).
        mutating func peek() -> Unicode.Scalar? {
            skipSpace()
            return position < end ? scalars[position] : nil
        }

        mutating func parseConditional(depth: Int) throws(Failure) -> Node {
            guard depth < GettextPluralForms.maximumDepth else { throw failure("the expression nests more than \(GettextPluralForms.maximumDepth) levels") }
            let condition = try parseBinary(level: 0, depth: depth + 1)
            guard take("?") else { return condition }
            let then = try parseConditional(depth: depth + 1)
            guard take(":") else { throw failure("expected ':' of a '?:'") }
            let otherwise = try parseConditional(depth: depth + 1)
            return .conditional(condition, then, otherwise)
        }

        /// Binary levels from the loosest (`||`) to the tightest (`* / %`).
        static let levels: [[(String, Operator)]] = [
            [("||", .or)],
            [("&&", .and)],
            [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessEqual), (">=", .greaterEqual), ("<", .less), (">", .greater)],
            [("+", .add), ("-", .subtract)],
            [("*", .multiply), ("/", .divide), ("%", .remainder)],
        ]

        mutating func parseBinary(level: Int, depth: Int) throws(Failure) -> Node {
            // The six levels are a fixed depth: only `?:`, `!` and parentheses count as nesting.
            guard level < Self.levels.count else { return try parseUnary(depth: depth) }
            var lhs = try parseBinary(level: level + 1, depth: depth)
            loop: while true {
                for (text, op) in Self.levels[level] {
                    // `!=` is not `!` and `<=` is not `<`: longer operators are listed first; a
                    // lone `=` is never an operator.
                    if take(text) {
                        let rhs = try parseBinary(level: level + 1, depth: depth)
                        lhs = .binary(op, lhs, rhs)
                        continue loop
                    }
                }
                return lhs
            }
        }

        mutating func parseUnary(depth: Int) throws(Failure) -> Node {
            guard depth < GettextPluralForms.maximumDepth else { throw failure("the expression nests more than \(GettextPluralForms.maximumDepth) levels") }
            guard let next = peek() else { throw failure("the expression ends where an operand is expected") }
            if next == "!" && !(position + 1 < end && scalars[position + 1] == "=") {
                position += 1
                return .not(try parseUnary(depth: depth + 1))
            }
            if next == "(" {
                position += 1
                let inner = try parseConditional(depth: depth + 1)
                guard take(")") else { throw failure("expected ')'") }
                return inner
            }
            if next == "n" {
                position += 1
                if position < end, scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position]) || scalars[position] == "_" {
                    throw failure("only the variable n is known")
                }
                return .n
            }
            if ("0"..."9").contains(next) {
                var value: UInt64 = 0
                while position < end, ("0"..."9").contains(scalars[position]) {
                    let digit = UInt64(scalars[position].value - 48)
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(digit)
                    guard !overflow1, !overflow2 else { throw failure("the number is too large") }
                    value = sum
                    position += 1
                }
                return .literal(value)
            }
            throw failure("unexpected \(quoted(String(next))): expected n, a number, '!' or '('")
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
