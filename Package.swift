// swift-tools-version:6.1
// Parlance: ICU-grade locale formatting and localization for Swift on Linux.
//
// Layers, each depending only on those above it:
//   core          CICU (the only code that calls ICU), Parlance (formatting)
//   localization  ParlanceLocalization (catalogs), ParlanceLint, ParlanceTesting, ParlanceYAML,
//                 ParlanceKeyGen and its build-tool plugin
//   services      ParlanceTranslation, ParlanceProposals, their SQLite and PostgreSQL stores
//   server        ParlanceHTTP, ParlanceHummingbird, ParlanceVapor (trait `Vapor`),
//                 ParlanceServer, the proposals' routes and Swift client
//   tools         ParlanceBatch (the batch engine), ParlanceBench, the `parlance` CLI
// A package that depends on `Parlance` or `ParlanceLocalization` builds none of the server or
// database dependencies.
import PackageDescription

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CI sets `PARLANCE_WARNINGS_AS_ERRORS=1`: then the package's own targets (and only they:
/// `swiftSettings` and `cSettings` never reach dependencies) treat warnings as errors.
let warningsAsErrors = getenv("PARLANCE_WARNINGS_AS_ERRORS").map { String(cString: $0) == "1" } ?? false

/// Every Swift target: Swift 6 mode, internal imports by default (SE-0409, so that `CICU`
/// never leaks through a public interface) and `any` for existentials (SE-0335).
let swiftSettings: [SwiftSetting] =
    [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("ExistentialAny")]
    + (warningsAsErrors ? [.unsafeFlags(["-warnings-as-errors"])] : [])
let cSettings: [CSetting] = warningsAsErrors ? [.unsafeFlags(["-Werror"])] : []
let icu: [LinkerSetting] = [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]

extension Target.Dependency {
    static let logging = Self.product(name: "Logging", package: "swift-log")
    static let metrics = Self.product(name: "Metrics", package: "swift-metrics")
    static let nioCore = Self.product(name: "NIOCore", package: "swift-nio")
    static let nioHTTP1 = Self.product(name: "NIOHTTP1", package: "swift-nio")
    static let hummingbird = Self.product(name: "Hummingbird", package: "hummingbird")
    static let lifecycle = Self.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
    static let postgres = Self.product(name: "PostgresNIO", package: "postgres-nio")
    /// Only sqlite-nio's bundled SQLite C library is used, synchronously.
    static let sqlite = Self.product(name: "SQLiteNIO", package: "sqlite-nio")
    static let vapor = Self.product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"]))
}

/// A library or support target with the shared settings.
func module(
    _ name: String, _ dependencies: [Target.Dependency] = [], path: String? = nil, exclude: [String] = [],
    plugins: [Target.PluginUsage]? = nil
) -> Target {
    .target(name: name, dependencies: dependencies, path: path, exclude: exclude, swiftSettings: swiftSettings, plugins: plugins)
}

/// An executable target with the shared settings.
func tool(_ name: String, _ dependencies: [Target.Dependency], path: String? = nil) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: path, swiftSettings: swiftSettings)
}

/// A test target with the shared settings.
func tests(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = [], plugins: [Target.PluginUsage]? = nil) -> Target {
    .testTarget(name: name, dependencies: dependencies, exclude: exclude, swiftSettings: swiftSettings, plugins: plugins)
}

let core: [Target] = [
    // A small C ABI of our own over the system ICU (Debian's libicu-dev); C++ inside only where
    // ICU offers a feature only in C++.
    .target(name: "CICU", cSettings: cSettings, linkerSettings: icu),
    module("Parlance", ["CICU"]),
]

let localization: [Target] = [
    // .strings, .stringsdict and .xcstrings catalogs, stringsdict plurals, a locale-aware printf.
    module("ParlanceLocalization", ["Parlance", .logging]),
    // The catalog linter (human, JSON and SARIF output) and plural samples: tooling.
    module("ParlanceLint", ["Parlance", "ParlanceLocalization"]),
    // Helpers for users' test suites (XCTest and Swift Testing).
    module("ParlanceTesting", ["Parlance", "ParlanceLocalization", "ParlanceLint"]),
    // YAML catalogs into the same model, so that core users who read no YAML never build Yams.
    module("ParlanceYAML", ["Parlance", "ParlanceLocalization", .product(name: "Yams", package: "Yams")]),
    // Type-safe accessors generated from a catalog; the plugin runs the generator at build time
    // through `parlance-keygen`, which links no server dependency.
    module("ParlanceKeyGen", ["ParlanceLocalization"]),
    tool("parlance-keygen", ["ParlanceKeyGen", "ParlanceLocalization", "ParlanceYAML"]),
    .plugin(name: "ParlanceKeyGenPlugin", capability: .buildTool(), dependencies: ["parlance-keygen"], path: "Sources/ParlanceKeyGenPlugin"),
]

let services: [Target] = [
    // One synchronous SQLite connection shared by the two embedded stores.
    module("ParlanceSQLite", [.sqlite]),
    // Live translation: providers, the localizer and its memory and SQLite caches.
    module(
        "ParlanceTranslation",
        [
            "Parlance", "ParlanceLocalization", "ParlanceSQLite", .logging, .metrics, .nioCore, .nioHTTP1, .sqlite,
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),
    // Translation proposals: model, rules, store protocol, SQLite store, review mode. Author
    // guids are stored as HMAC-SHA256 keyed hashes.
    module("ParlanceProposals", ["Parlance", "ParlanceLocalization", "ParlanceSQLite", .sqlite, .product(name: "Crypto", package: "swift-crypto")]),
    // The PostgreSQL plumbing both PostgreSQL stores share, and the stores.
    module("ParlancePostgres", ["Parlance", .postgres, .logging]),
    module("ParlanceProposalsPostgres", ["ParlanceProposals", "ParlancePostgres", "Parlance", .postgres, .logging]),
    module("ParlanceTranslationPostgres", ["ParlanceTranslation", "ParlancePostgres", "Parlance", .postgres, .nioCore, .logging]),
]

let server: [Target] = [
    // Framework-neutral HTTP localization: negotiation, the request-scoped accessor, errors.
    module("ParlanceHTTP", ["Parlance", "ParlanceLocalization"]),
    module("ParlanceHummingbird", ["Parlance", "ParlanceLocalization", "ParlanceHTTP", .hummingbird]),
    module("ParlanceVapor", ["Parlance", "ParlanceLocalization", "ParlanceHTTP", .vapor]),
    // `parlance serve`: the batch operations, catalogs, health and metrics over HTTP.
    module(
        "ParlanceServer",
        [
            "Parlance", "ParlanceLocalization", "ParlanceBatch", "ParlanceHTTP", "ParlanceHummingbird", .hummingbird, .lifecycle,
            .metrics, .logging, .nioCore, .nioHTTP1, .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        ],
        exclude: ["openapi.json"]),  // the text OpenAPIDocument serves; a test keeps the two equal
    // The proposals API as routes of `parlance serve`, and its Swift client.
    module("ParlanceProposalsServer", ["ParlanceProposals", "ParlanceServer", "ParlanceHTTP", "Parlance", .hummingbird, .lifecycle, .nioCore]),
    module(
        "ParlanceProposalsClient",
        ["ParlanceProposals", "Parlance", .nioCore, .nioHTTP1, .product(name: "AsyncHTTPClient", package: "async-http-client")]),
]

let tools: [Target] = [
    // The JSON Lines batch protocol engine (../shared/spec/batch-protocol.md).
    module("ParlanceBatch", ["Parlance", "ParlanceLocalization"]),
    // Raw ICU loops in C (the floor `parlance bench` compares against) and the sweeps that prove
    // the compiled formatters against ICU.
    .target(name: "CICUBench", dependencies: ["CICU"], cSettings: cSettings, linkerSettings: icu),
    module("ParlanceBench", ["Parlance", "CICUBench"]),
    tool(
        "parlance",
        [
            "Parlance", "ParlanceBench", "ParlanceBatch", "ParlanceLocalization", "ParlanceLint", "ParlanceTranslation", "ParlanceYAML",
            "ParlanceKeyGen", "ParlanceServer", "ParlanceProposals", "ParlanceProposalsPostgres", "ParlanceProposalsServer", .logging,
            .lifecycle, .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
]

/// Tests, and the programs and generated sources they build beside the products.
let testing: [Target] = [
    // What the test targets share: child processes, blocking work off the cooperative pool,
    // catalog fixtures, the PostgreSQL test database.
    module("ParlanceTestSupport", path: "Tests/ParlanceTestSupport"),
    tests("ParlanceTests", ["ParlanceTestSupport", "Parlance"]),
    // The reduced sweeps of `parlance bench --verify-dates`, `--verify-lists`, `--verify-numbers`.
    tests("ParlanceDateVerificationTests", ["Parlance", "ParlanceBench"]),
    tests("ParlanceListVerificationTests", ["Parlance", "ParlanceBench"]),
    tests("ParlanceNumberVerificationTests", ["Parlance", "ParlanceBench"]),
    tests(
        "ParlanceLocalizationTests", ["ParlanceTestSupport", "ParlanceBench", "ParlanceLocalization", "ParlanceLint", "Parlance", .logging],
        exclude: ["Fixtures"]),
    // The catalog linter's rules, output and CLI, on fixtures written as the real files are.
    tests(
        "ParlanceLintTests", ["ParlanceTestSupport", "ParlanceLint", "ParlanceLocalization", "Parlance"],
        exclude: ["Fixtures"]),
    // `parlance`: the showcase's embedded sample is checked against Tests/SampleCatalog.
    tests("ParlanceTestingTests", ["ParlanceTestSupport", "ParlanceTesting", "ParlanceLocalization", "ParlanceLint", "Parlance", "parlance"]),
    tests("ParlanceBatchTests", ["ParlanceTestSupport", "ParlanceBench", "ParlanceBatch", "Parlance"]),
    tests(
        "ParlanceYAMLTests",
        ["ParlanceTestSupport", "ParlanceYAML", "ParlanceLocalization", "ParlanceLint", "ParlanceTesting", "ParlanceBatch", "Parlance", .logging],
        exclude: ["Fixtures"]),
    // Accessors generated by `parlance gen` from Tests/SampleCatalog, compiled and called; the
    // plugin run on Tests/SampleCatalog and on the golden tricky catalog.
    module("ParlanceGeneratedKeysExample", ["ParlanceLocalization"], path: "Tests/ParlanceGeneratedKeysExample"),
    tests(
        "ParlanceKeyGenTests",
        ["ParlanceTestSupport", "ParlanceKeyGen", "ParlanceGeneratedKeysExample", "ParlanceLocalization", "ParlanceYAML", "Parlance", "parlance"],
        exclude: ["Golden"]),
    tests(
        "ParlanceKeyGenPluginTests", ["ParlanceLocalization", "ParlanceYAML", "ParlanceKeyGenTrickyKeys"], exclude: ["parlance-keygen.json"],
        plugins: [.plugin(name: "ParlanceKeyGenPlugin")]),
    module(
        "ParlanceKeyGenTrickyKeys", ["ParlanceLocalization"], path: "Tests/ParlanceKeyGenTrickyKeys", exclude: ["parlance-keygen.json"],
        plugins: [.plugin(name: "ParlanceKeyGenPlugin")]),
    // Writers killed with -9 mid-write (and racing from a second process): the stores survive.
    tool("ParlanceTranslationCrashWriter", ["ParlanceTranslation"], path: "Tests/ParlanceTranslationCrashWriter"),
    tool("ParlanceProposalsWriter", ["ParlanceProposals", "ParlanceProposalsPostgres", "Parlance"], path: "Tests/ParlanceProposalsWriter"),
    tests(
        "ParlanceTranslationTests",
        [
            "ParlanceTestSupport", "ParlanceTranslation", "ParlanceTranslationCrashWriter", "ParlanceTranslationPostgres", "ParlanceLocalization",
            "Parlance", .logging, .metrics, .nioCore, .nioHTTP1, .product(name: "NIOPosix", package: "swift-nio"),
        ]),
    tests(
        "ParlanceProposalsTests",
        [
            "ParlanceTestSupport", "ParlanceProposals", "ParlanceProposalsPostgres", "ParlanceProposalsWriter", "ParlanceLocalization", "Parlance",
            "ParlanceSQLite", "ParlanceProposalsClient", "ParlanceProposalsServer", "ParlanceServer", "ParlanceYAML", "parlance", .lifecycle,
            .logging,
        ]),
    // The README's Hummingbird and Vapor example apps, started by ParlanceServerTests.
    module("HummingbirdExample", ["ParlanceHummingbird", "ParlanceLocalization", "Parlance", .hummingbird], path: "Tests/Examples/HummingbirdExample"),
    module("VaporExample", ["ParlanceVapor", "ParlanceLocalization", "Parlance", .vapor], path: "Tests/Examples/VaporExample"),
    tests(
        "ParlanceServerTests",
        [
            "ParlanceTestSupport", "ParlanceBench", "ParlanceServer", "ParlanceHummingbird", "ParlanceHTTP", "ParlanceLocalization", "Parlance",
            .hummingbird, .lifecycle, .logging, "HummingbirdExample", "VaporExample", .vapor, "ParlanceProposals", "ParlanceProposalsServer",
            "ParlanceProposalsPostgres",
        ]),
]

let package = Package(
    name: "Parlance",
    products: [
        "Parlance", "ParlanceLocalization", "ParlanceTesting", "ParlanceBatch", "ParlanceLint", "ParlanceTranslation", "ParlanceYAML",
        "ParlanceKeyGen", "ParlanceProposals", "ParlanceHTTP", "ParlanceHummingbird", "ParlanceServer",
        "ParlanceVapor",  // empty unless the trait `Vapor` is enabled
        "ParlancePostgres", "ParlanceProposalsPostgres", "ParlanceTranslationPostgres", "ParlanceProposalsServer", "ParlanceProposalsClient",
    ].map { Product.library(name: $0, targets: [$0]) } + [
        .plugin(name: "ParlanceKeyGenPlugin", targets: ["ParlanceKeyGenPlugin"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ],
    traits: [
        // Off by default, so that a package depending on Parlance never builds Vapor unless it
        // asks: `.package(url: …, from: …, traits: ["Vapor"])`, then the product ParlanceVapor.
        .trait(name: "Vapor", description: "Builds ParlanceVapor, the Vapor 4 middleware (Vapor is a large build).")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.9.0"..<"6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),  // only with the trait `Vapor`
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // NIOHTTPTypes: `parlance serve` answers malformed HTTP with a JSON error from a channel
        // handler over the HTTP parts of Hummingbird's HTTP/1 pipeline.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: core + localization + services + server + tools + testing,
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
