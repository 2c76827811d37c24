// swift-tools-version:6.1
// Parlance: ICU-grade locale formatting and localization for Swift on Linux.
//
// Layers, each depending only on those above it: core (CICU, the only code that calls ICU;
// Parlance), localization (ParlanceLocalization, ParlanceLint, ParlanceTesting, ParlanceYAML,
// ParlanceConvert, ParlanceKeyGen and its plugin), services (ParlanceTranslation,
// ParlanceProposals, their SQLite and PostgreSQL stores), server (ParlanceHTTP, the Hummingbird
// and Vapor middleware, ParlanceServer, the proposals' routes and client), tools (ParlanceBatch,
// ParlanceVerification, the `parlance` CLI). Every integration with a dependency of its own is
// behind a package trait (`traits:`): a package using `Parlance` or `ParlanceLocalization`
// resolves and builds none of them.
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

/// A product of another package, built only when one of `traits` is enabled (a dependency
/// package used only under traits that are off is neither resolved nor built).
func gated(_ name: String, _ package: String, when traits: Set<String>) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: traits))
}

extension Target.Dependency {
    static let logging = Self.product(name: "Logging", package: "swift-log")
    static let argumentParser = Self.product(name: "ArgumentParser", package: "swift-argument-parser")
    static let yams = gated("Yams", "Yams", when: ["YAML"])
    static let sqlite = gated("SQLiteNIO", "sqlite-nio", when: ["Translation"])  // its bundled SQLite, used synchronously
    static let crypto = gated("Crypto", "swift-crypto", when: ["Translation"])
    static let httpClient = gated("AsyncHTTPClient", "async-http-client", when: ["Translation"])
    static let metrics = gated("Metrics", "swift-metrics", when: ["Translation", "Server"])
    static let nioCore = gated("NIOCore", "swift-nio", when: ["Translation", "Server"])
    static let nioHTTP1 = gated("NIOHTTP1", "swift-nio", when: ["Translation", "Server"])
    static let nioPosix = gated("NIOPosix", "swift-nio", when: ["Translation", "Server"])
    static let postgres = gated("PostgresNIO", "postgres-nio", when: ["Postgres"])
    static let hummingbird = gated("Hummingbird", "hummingbird", when: ["Hummingbird"])
    static let hummingbirdCore = gated("HummingbirdCore", "hummingbird", when: ["Hummingbird"])
    static let lifecycle = gated("ServiceLifecycle", "swift-service-lifecycle", when: ["Server"])
    static let prometheus = gated("Prometheus", "swift-prometheus", when: ["Server"])
    static let httpTypes = gated("NIOHTTPTypes", "swift-nio-extras", when: ["Server"])
    static let httpTypesHTTP1 = gated("NIOHTTPTypesHTTP1", "swift-nio-extras", when: ["Server"])
    static let vapor = gated("Vapor", "vapor", when: ["Vapor"])
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
    module("ParlanceYAML", ["Parlance", "ParlanceLocalization", .yams]),
    // `parlance convert`: a catalog written in each format, with what a format cannot hold.
    module("ParlanceConvert", ["Parlance", "ParlanceLocalization"]),
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
    module("ParlanceTranslation", ["Parlance", "ParlanceLocalization", "ParlanceSQLite", .logging, .metrics, .nioCore, .nioHTTP1, .sqlite, .httpClient]),
    // Translation proposals: model, rules, store protocol, SQLite store, review mode. Author
    // guids are stored as HMAC-SHA256 keyed hashes.
    module("ParlanceProposals", ["Parlance", "ParlanceLocalization", "ParlanceSQLite", .sqlite, .crypto]),
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
            "Parlance", "ParlanceLocalization", "ParlanceBatch", "ParlanceHTTP", "ParlanceHummingbird", .hummingbird, .hummingbirdCore,
            .lifecycle, .metrics, .logging, .nioCore, .nioHTTP1, .prometheus, .httpTypes, .httpTypesHTTP1,
        ],
        exclude: ["openapi.json"]),  // the text OpenAPIDocument serves; a test keeps the two equal
    // The proposals API as routes of `parlance serve`, and its Swift client.
    module("ParlanceProposalsServer", ["ParlanceProposals", "ParlanceServer", "ParlanceHTTP", "Parlance", .hummingbird, .lifecycle, .nioCore]),
    module("ParlanceProposalsClient", ["ParlanceProposals", "Parlance", .nioCore, .nioHTTP1, .httpClient]),
]

let tools: [Target] = [
    // The JSON Lines batch protocol engine (../shared/spec/batch-protocol.md).
    module("ParlanceBatch", ["Parlance", "ParlanceLocalization"]),
    // Raw ICU loops in C (the floor `parlance bench` compares against) and the sweeps that prove
    // the compiled formatters against ICU.
    .target(name: "CICUBench", dependencies: ["CICU"], cSettings: cSettings, linkerSettings: icu),
    module("ParlanceVerification", ["Parlance", "CICUBench"]),
    tool(
        "parlance",
        [
            "Parlance", "ParlanceVerification", "ParlanceBatch", "ParlanceLocalization", "ParlanceLint", "ParlanceTranslation", "ParlanceYAML",
            "ParlanceKeyGen", "ParlanceConvert", "ParlanceServer", "ParlanceProposals", "ParlanceProposalsPostgres", "ParlanceProposalsServer", .logging,
            .lifecycle, .argumentParser,
        ]),
]

/// The reduced sweeps of `parlance bench --verify-…`: dates; lists; numbers, relative times and parts; messages and ranges.
let verification: [Target] = ["Date", "List", "Number", "Message"].map { tests("Parlance\($0)VerificationTests", ["Parlance", "ParlanceVerification"]) }

/// Tests, and the programs and generated sources they build beside the products.
let testing: [Target] = [
    // What the test targets share: child processes, work off the cooperative pool, fixtures, the PostgreSQL test database.
    module("ParlanceTestSupport", path: "Tests/ParlanceTestSupport"),
    tests("ParlanceTests", ["ParlanceTestSupport", "Parlance", "ParlanceVerification"]),
    tests("ParlanceLocalizationTests", ["ParlanceTestSupport", "ParlanceVerification", "ParlanceLint", .logging], exclude: ["Fixtures"]),
    // The catalog linter's rules, output and CLI, on fixtures written as the real files are.
    tests("ParlanceLintTests", ["ParlanceTestSupport", "ParlanceLint"], exclude: ["Fixtures"]),
    // `parlance`: the showcase's embedded sample is checked against Tests/SampleCatalog.
    tests("ParlanceTestingTests", ["ParlanceTestSupport", "ParlanceTesting", "parlance"]),
    tests("ParlanceBatchTests", ["ParlanceTestSupport", "ParlanceVerification", "ParlanceBatch", "Parlance"]),
    tests(
        "ParlanceYAMLTests", ["ParlanceTestSupport", "ParlanceYAML", "ParlanceConvert", "ParlanceTesting", "ParlanceBatch", .logging], exclude: ["Fixtures"]),
    // Accessors generated by `parlance gen` from Tests/SampleCatalog, compiled and called; the
    // plugin run on Tests/SampleCatalog and on the golden tricky catalog.
    module("ParlanceGeneratedKeysExample", ["ParlanceLocalization"], path: "Tests/ParlanceGeneratedKeysExample"),
    tests("ParlanceKeyGenTests", ["ParlanceTestSupport", "ParlanceKeyGen", "ParlanceGeneratedKeysExample", "ParlanceYAML", "parlance"], exclude: ["Golden"]),
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
        ["ParlanceTestSupport", "ParlanceTranslationCrashWriter", "ParlanceTranslationPostgres", .logging, .metrics, .nioCore, .nioHTTP1, .nioPosix]),
    tests(
        "ParlanceProposalsTests",
        [
            "ParlanceTestSupport", "ParlanceProposalsWriter", "ParlanceProposalsClient", "ParlanceProposalsServer", "ParlanceYAML", "parlance", .lifecycle,
            .logging,
        ]),
    // The README's Hummingbird and Vapor example apps, started by ParlanceServerTests.
    module("HummingbirdExample", ["ParlanceHummingbird", "ParlanceLocalization", "Parlance", .hummingbird], path: "Tests/Examples/HummingbirdExample"),
    module("VaporExample", ["ParlanceVapor", "ParlanceLocalization", "Parlance", .vapor], path: "Tests/Examples/VaporExample"),
    tests(
        "ParlanceServerTests",
        [
            "ParlanceTestSupport", "ParlanceVerification", "ParlanceProposalsServer", "HummingbirdExample", "VaporExample", .hummingbird, .lifecycle, .logging,
            .vapor,
        ]),
]

let package = Package(
    name: "Parlance",
    products: [
        "Parlance", "ParlanceLocalization", "ParlanceTesting", "ParlanceBatch", "ParlanceLint", "ParlanceTranslation", "ParlanceYAML",
        "ParlanceKeyGen", "ParlanceProposals", "ParlanceHTTP", "ParlanceHummingbird", "ParlanceServer", "ParlanceVapor",
        "ParlancePostgres", "ParlanceProposalsPostgres", "ParlanceTranslationPostgres", "ParlanceProposalsServer", "ParlanceProposalsClient",
    ].map { Product.library(name: $0, targets: [$0]) } + [
        .plugin(name: "ParlanceKeyGenPlugin", targets: ["ParlanceKeyGenPlugin"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ],
    // Integrations are opt-in, so that a package using `Parlance` or `ParlanceLocalization`
    // resolves and builds none of their dependencies; a product whose trait is off is an empty
    // module. Enable them on the dependency: `.package(url: …, from: …, traits: ["Server"])`;
    // here, `swift build --traits YAML,Server`.
    traits: [
        .trait(name: "YAML", description: "ParlanceYAML: YAML catalogs (Yams)."),
        .trait(
            name: "Translation",
            description:
                "ParlanceTranslation and ParlanceProposals with their SQLite stores and HTTP client (sqlite-nio, async-http-client, swift-crypto, swift-metrics)."
        ),
        .trait(name: "Postgres", description: "The PostgreSQL stores (postgres-nio).", enabledTraits: ["Translation"]),
        .trait(name: "Hummingbird", description: "ParlanceHummingbird, the Hummingbird 2 middleware (hummingbird)."),
        .trait(
            name: "Server", description: "ParlanceServer and `parlance serve`, with the proposals API (swift-service-lifecycle, swift-prometheus).",
            enabledTraits: ["Hummingbird", "Translation", "Postgres"]),
        .trait(name: "Vapor", description: "ParlanceVapor, the Vapor 4 middleware (Vapor is a large build)."),
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
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // NIOHTTPTypes: `parlance serve` has channel handlers in Hummingbird's HTTP/1 pipeline.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: core + localization + services + server + tools + testing + verification,
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
