import Foundation
import ParlanceBatch
import ParlanceVerification
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Reading a request line costs time linear in its length on every in-process entry point:
/// the reader (as the engine calls it, unknown members checked but not built), the Swift API (`BatchEngine.respond(to:)`) and the stdin loop
/// (`BatchEngine.run(input:output:)`). Each measures the calling thread's CPU time, the
/// minimum of several runs, for lines of 100 kB and 1 MB of every shape of
/// ``LargeRequestLine``, and checks the answers too.
@Suite("Linear-time parsing: batch", .serialized)
struct LinearParsingTests {
    let server = BatchEngine()
    static let runs = 3

    /// The 1 MB / 100 kB CPU-time ratio of `work` (which also checks its answer) on lines of
    /// `shape`, with both times.
    func ratio(_ label: String, _ shape: LargeRequestLine, _ work: (String) throws -> Void) rethrows -> (ratio: Double, small: Double, large: Double) {
        let small = shape.line(size: LinearTime.smallSize)
        let large = shape.line(size: LinearTime.largeSize)
        let smallTime = try CPUTime.minimum(runs: Self.runs) { try work(small) }
        let largeTime = try CPUTime.minimum(runs: Self.runs) { try work(large) }
        LinearTime.report("\(label) \(shape)", small: smallTime, large: largeTime)
        return (largeTime / smallTime, smallTime, largeTime)
    }

    @Test("the reader: linear in the line's length", arguments: LargeRequestLine.allCases)
    func reader(_ shape: LargeRequestLine) {
        let measured = ratio("reader", shape) { line in
            do throws(JSONReader.SyntaxError) {
                let document = try JSONReader.read(line, keeping: BatchRequest.isField)
                #expect(shape != .invalidAtEnd)
                #expect(document.value["number"] == .string("21"))
                let id: [UInt8]? = document.idRange.map { Array(Array(line.utf8)[$0]) }
                #expect(id == Array("7".utf8))
            } catch {
                #expect(shape == .invalidAtEnd, "\(error)")
                #expect(error.offset == line.utf8.count - 2 && error.line == 1 && error.column == line.utf8.count - 1)
            }
        }
        #expect(measured.ratio <= LinearTime.maximumRatio, "\(shape): \(measured)")
    }

    @Test("the Swift API (respond(to:)): linear, and the right answer", arguments: LargeRequestLine.allCases)
    func swiftAPI(_ shape: LargeRequestLine) {
        let measured = ratio("respond(to:)", shape) { line in
            #expect(server.respond(to: line) == shape.expectedAnswer(to: line))
        }
        #expect(measured.ratio <= LinearTime.maximumRatio, "\(shape): \(measured)")
    }

    @Test("the stdin loop (run(input:output:)): linear, and the right answer", arguments: LargeRequestLine.allCases)
    func stdinLoop(_ shape: LargeRequestLine) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-linear-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputPath = directory.appendingPathComponent("out").path
        // Each line's input file is written before its runs are measured.
        var inputs: [Int: String] = [:]
        for size in [LinearTime.smallSize, LinearTime.largeSize] {
            let line = shape.line(size: size)
            let path = directory.appendingPathComponent("in-\(size)").path
            try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: path))
            inputs[line.utf8.count] = path
        }
        let measured = try ratio("stdin loop", shape) { line in
            let input = open(try #require(inputs[line.utf8.count]), O_RDONLY)
            let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(input >= 0 && output >= 0)
            server.run(input: input, output: output)
            close(input)
            close(output)
            let answer = try String(contentsOfFile: outputPath, encoding: .utf8)
            #expect(answer == shape.expectedAnswer(to: line) + "\n")
        }
        #expect(measured.ratio <= LinearTime.maximumRatio, "\(shape): \(measured)")
    }
}
