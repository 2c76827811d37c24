import ArgumentParser
import Foundation
import Parlance

#if canImport(Glibc)
import Glibc
#endif

/// Memory per formatter kind: each kind formats in every ICU locale in a fresh
/// process of its own, so its peak resident set is its own and not what an earlier sweep left;
/// the kind `all` runs every service in one process (the figure that must stay at or under 150 MB).
extension BenchCommand {
    /// The kinds of formatter the sweep measures, each over every ICU locale.
    enum MemoryKind: String, CaseIterable {
        case number, date, relative, list, plural, all

        /// Formatters made per locale (each formats once).
        var perLocale: Int {
            switch self {
            case .number: BenchCommand.memoryNumberOptions.count
            case .date: BenchCommand.memoryDateSkeletons.count + BenchCommand.memoryDateStyles.count
            case .relative: RelativeTimeStyle.allCases.count * RelativeTimeNumeric.allCases.count
            case .list: ListType.allCases.count * ListWidth.allCases.count
            case .plural: PluralRuleType.allCases.count
            case .all: MemoryKind.allCases.filter { $0 != .all }.reduce(0) { $0 + $1.perLocale }
            }
        }
    }

    /// What one sweep measured, in the process that ran it.
    struct MemoryReport: Codable {
        var kind: String
        var locales: Int
        var formatters: Int
        /// Peak resident set before the sweep (the binary, ICU's data mapped so far).
        var baselineMB: Double
        /// Peak resident set after it.
        var peakMB: Double
        /// Date formatters' ICU clones in the cache afterwards (1 each unless threads contended).
        var dateClones: Int?
    }

    static var memoryNumberOptions: [NumberOptions] {
        var percent = NumberOptions()
        percent.style = .percent
        var compactShort = NumberOptions()
        compactShort.notation = .compactShort
        var compactLong = NumberOptions()
        compactLong.notation = .compactLong
        var scientific = NumberOptions()
        scientific.notation = .scientific
        var twoDigits = NumberOptions()
        twoDigits.precision = .fractionDigits(min: 2, max: 2)
        return [
            NumberOptions(), .currency("EUR"), .currency("JPY", display: .isoCode), .unit("length-kilometer"),
            .unit("duration-hour", width: .wide), percent, compactShort, compactLong, scientific, twoDigits,
        ]
    }

    static let memoryDateSkeletons = ["yMMMdjm", "yMd", "jms", "yMMMMEEEEd", "MMMd"]
    static let memoryDateStyles: [(DateStyle, DateStyle)] = [(.medium, .short), (.full, .none)]

    /// Formats with `kind` in every ICU locale and reads the process's peak RSS (getrusage).
    func memorySweep(_ kind: MemoryKind) throws -> MemoryReport {
        let baseline = Self.peakRSSMB()
        let locales = LocaleID.availableLocales
        var made = 0
        var checksum = 0
        func sweep(_ kind: MemoryKind, _ locale: LocaleID) throws {
            switch kind {
            case .number:
                for options in Self.memoryNumberOptions {
                    checksum &+= try NumberFormat(locale: locale, options: options).format(1234.5).utf8.count
                    made += 1
                }
            case .date:
                for skeleton in Self.memoryDateSkeletons {
                    checksum &+= try DateFormat(locale: locale, skeleton: skeleton).format(epochMilliseconds: 1_700_000_000_000).utf8.count
                    made += 1
                }
                for (date, time) in Self.memoryDateStyles {
                    checksum &+= try DateFormat(locale: locale, dateStyle: date, timeStyle: time).format(epochMilliseconds: 1_700_000_000_000).utf8.count
                    made += 1
                }
            case .relative:
                for style in RelativeTimeStyle.allCases {
                    for numeric in RelativeTimeNumeric.allCases {
                        checksum &+= try RelativeTimeFormat(locale: locale, style: style, numeric: numeric).format(-1, .day).utf8.count
                        made += 1
                    }
                }
            case .list:
                for type in ListType.allCases {
                    for width in ListWidth.allCases {
                        checksum &+= try ListFormat(locale: locale, type: type, width: width).format(["a", "b", "c"]).utf8.count
                        made += 1
                    }
                }
            case .plural:
                for type in PluralRuleType.allCases {
                    checksum &+= try PluralRules(locale: locale, type: type).category(for: 1.5).rawValue.utf8.count
                    made += 1
                }
            case .all:
                for one in MemoryKind.allCases where one != .all { try sweep(one, locale) }
            }
        }
        for locale in locales { try sweep(kind, locale) }
        blackHole(checksum)
        return MemoryReport(
            kind: kind.rawValue, locales: locales.count, formatters: made, baselineMB: baseline, peakMB: Self.peakRSSMB(),
            dateClones: kind == .date || kind == .all ? ICUDateFormatter.cachedCloneCount : nil)
    }

    /// Runs every kind's sweep in a child process of its own (this executable with
    /// `bench --memory-kind KIND`) and collects the reports.
    func memorySweepsInChildProcesses() throws -> [MemoryReport] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var reports: [MemoryReport] = []
        for kind in MemoryKind.allCases {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["bench", "--memory-kind", kind.rawValue]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw ValidationError("the memory sweep for \(kind.rawValue) exited with status \(process.terminationStatus)")
            }
            reports.append(try JSONDecoder().decode(MemoryReport.self, from: output))
        }
        return reports
    }

    /// The process's peak resident set size so far, in MB: Linux's `VmHWM` (the high-water mark
    /// of this program image's memory, which starts afresh at exec), else getrusage's ru_maxrss
    /// (in KiB). Not ru_maxrss on Linux: it carries over exec, so a sweep's child process would
    /// start at the parent's peak and a small sweep would read as the parent's figure.
    static func peakRSSMB() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.dropFirst("VmHWM:".count).split(separator: " ").first ?? "")
        {
            return kilobytes / 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
