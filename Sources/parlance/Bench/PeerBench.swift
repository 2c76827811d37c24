import Foundation

/// The operation a bench row measured, described so that a peer runtime (Node's `Intl`,
/// Python's Babel) can run the very same operation over the very same inputs.
struct PeerOperation: Encodable, Sendable {
    enum Input: Encodable, Sendable {
        case number(Double)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    /// `pluralInteger`, `pluralDecimal`, `number`, `currency`, `percent`, `compact`, `date`,
    /// `dateMediumShort`, `relativeDays`, `list`, `currencyParts`, `dateParts`,
    /// `collateCompare`, `collateSort` or `segmentWords` (see Scripts/bench-peers/intl.mjs).
    var kind: String
    var locale: String
    /// Indexed as the Swift loop indexes them (`i & (count - 1)`), so the count is a power of 2;
    /// a list row formats all of them as one list.
    var inputs: [Input]
    var currency: String?
    var timeZone: String?
    /// For dates: the pattern ICU chose for the skeleton (Babel formats that pattern).
    var pattern: String? = nil
    /// The iterations of a row whose harness runs fewer than the run's (one operation is a
    /// whole sort or a whole text): the peer runs as many.
    var iterations: Int? = nil

    static func numbers(_ kind: String, locale: String, _ values: [Double], currency: String? = nil) -> PeerOperation {
        PeerOperation(kind: kind, locale: locale, inputs: values.map(Input.number), currency: currency)
    }
}

/// One peer's figures, read from its script's JSON line.
struct PeerResult: Decodable, Sendable {
    var peer: String
    var version: String
    var icu: String?
    var cldr: String?
    var results: [String: Double]
    var samples: [String: String]

    /// "Node Intl v20.20.2 (ICU 78.2, CLDR 48.0)".
    var label: String {
        let data = [icu.map { "ICU \($0)" }, cldr.map { "CLDR \($0)" }].compactMap { $0 }
        return "\(peer) \(version)" + (data.isEmpty ? "" : " (\(data.joined(separator: ", ")))")
    }
}

/// Runs the peer scripts in `Scripts/bench-peers` over the rows' operations.
struct PeerRunner {
    /// The folder holding intl.mjs and babel_peer.py.
    var directory: String
    var iterations: Int
    var rounds: Int

    /// `Scripts/bench-peers` under the current directory, else next to this source file's
    /// package (a `swift run` from elsewhere in the checkout).
    static func defaultDirectory(filePath: String = #filePath) -> String? {
        let fileManager = FileManager.default
        let local = fileManager.currentDirectoryPath + "/Scripts/bench-peers"
        if fileManager.fileExists(atPath: local + "/intl.mjs") { return local }
        var url = URL(fileURLWithPath: filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        let packaged = url.path + "/Scripts/bench-peers"
        return fileManager.fileExists(atPath: packaged + "/intl.mjs") ? packaged : nil
    }

    /// Each peer's result, or why it could not run (a missing runtime is a note, not an error).
    func run(_ operations: [(name: String, operation: PeerOperation)]) -> (results: [PeerResult], notes: [String]) {
        struct Spec: Encodable {
            struct Named: Encodable {
                var name: String
                var operation: PeerOperation

                func encode(to encoder: any Encoder) throws {
                    try operation.encode(to: encoder)
                    var container = encoder.container(keyedBy: Key.self)
                    try container.encode(name, forKey: .name)
                }

                enum Key: String, CodingKey { case name }
            }
            var iterations: Int
            var rounds: Int
            var ops: [Named]
        }
        var results: [PeerResult] = []
        var notes: [String] = []
        guard !operations.isEmpty else { return ([], []) }
        let specPath = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-peers-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: specPath) }
        do {
            let spec = Spec(iterations: iterations, rounds: rounds, ops: operations.map { Spec.Named(name: $0.name, operation: $0.operation) })
            try JSONEncoder().encode(spec).write(to: URL(fileURLWithPath: specPath))
        } catch {
            return ([], ["peers: cannot write the operations file (\(error))"])
        }
        for (program, script, install) in [
            ("node", "intl.mjs", "node is not on PATH"),
            ("python3", "babel_peer.py", "python3 with Babel is needed: pip install babel"),
        ] {
            switch Self.execute(program, arguments: [directory + "/" + script, specPath]) {
            case .success(let output):
                if let line = output.split(separator: "\n").last, let result = try? JSONDecoder().decode(PeerResult.self, from: Data(line.utf8)) {
                    results.append(result)
                } else {
                    notes.append("\(script): unreadable output")
                }
            case .failure(let message):
                notes.append("\(script) did not run (\(install)): \(message)")
            }
        }
        return (results, notes)
    }

    private enum Outcome {
        case success(String)
        case failure(String)
    }

    private static func execute(_ program: String, arguments: [String]) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure("\(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(errorText.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)")
        }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
