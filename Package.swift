// swift-tools-version:6.1
// Parlance: ICU-grade locale formatting and localization for Swift on Linux.
import PackageDescription

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CI sets `PARLANCE_WARNINGS_AS_ERRORS=1`: then the package's own targets (and only they —
/// flags in `swiftSettings`/`cSettings` never reach dependencies) treat warnings as errors.
let warningsAsErrors = getenv("PARLANCE_WARNINGS_AS_ERRORS").map { String(cString: $0) == "1" } ?? false

/// Settings shared by every Swift target: Swift 6 language mode (strict concurrency is
/// implied) and upcoming features that keep imports honest.
/// - InternalImportsByDefault: SE-0409 (https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md),
///   so `CICU` never leaks through a public interface.
/// - ExistentialAny: SE-0335 (https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md).
let swiftSettings: [SwiftSetting] =
    [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("ExistentialAny"),
    ] + (warningsAsErrors ? [.unsafeFlags(["-warnings-as-errors"])] : [])

/// The C targets' settings: `-Werror` under the same switch.
let cSettings: [CSetting] = warningsAsErrors ? [.unsafeFlags(["-Werror"])] : []

let package = Package(
    name: "Parlance",
    products: [
        .library(name: "Parlance", targets: ["Parlance"]),
        .library(name: "ParlanceLocalization", targets: ["ParlanceLocalization"]),
        .library(name: "ParlanceTesting", targets: ["ParlanceTesting"]),
        // The batch engine as a library (its API is `package`): the fuzz package (Fuzz/) drives
        // it in-process.
        .library(name: "ParlanceBatch", targets: ["ParlanceBatch"]),
        // ParlanceLint (issue 11): the catalog linter, its JSON/SARIF output and PluralSamples.
        .library(name: "ParlanceLint", targets: ["ParlanceLint"]),
        // ── ParlanceTranslation (issue 14) ──
        .library(name: "ParlanceTranslation", targets: ["ParlanceTranslation"]),
        // ParlanceYAML (issue 13): YAML string catalogs (the seed's locale-keyed files, Rails-i18n).
        .library(name: "ParlanceYAML", targets: ["ParlanceYAML"]),
        // ── ParlanceKeyGen (issue 17) ──
        .library(name: "ParlanceKeyGen", targets: ["ParlanceKeyGen"]),
        .plugin(name: "ParlanceKeyGenPlugin", targets: ["ParlanceKeyGenPlugin"]),
        // ── ParlanceProposals (issue 15) ──
        .library(name: "ParlanceProposals", targets: ["ParlanceProposals"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ] + serverProducts + proposalsProducts,
    traits: [
        // Off by default, so a package that depends on Parlance never builds Vapor unless it
        // asks: `.package(url: …, from: …, traits: ["Vapor"])`, then the product ParlanceVapor.
        .trait(name: "Vapor", description: "Builds ParlanceVapor, the Vapor 4 middleware (Vapor is a large build).")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The server ecosystem's logging API: LanguageManager reports a corrupt preference file
        // through the application's own `Logger` (Vapor, Hummingbird and NIO services all use it).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation` (CI builds the DocC catalogs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // ── ParlanceTranslation (issue 14) ──
        // Counters and timers of the live localizer; the LibreTranslate HTTP provider; the
        // embedded SQLite cache store (sqlite-nio bundles SQLite's amalgamation); NIOHTTP1 for the
        // test-only LibreTranslate-compatible server.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // ParlanceYAML (issue 13): libyaml through Yams' Node API, built only by users of ParlanceYAML.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // HMAC-SHA256 of the proposals' author guids (ParlanceProposals); postgres-nio builds it too.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.9.0"..<"6.0.0"),
    ] + serverDependencies + proposalsDependencies,
    targets: [
        // The only code that touches ICU: a small C ABI of our own over the system ICU
        // (Debian's libicu-dev). C++ inside only where ICU offers a feature only in C++.
        .target(
            name: "CICU",
            cSettings: cSettings,
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // Formatting facade: plural rules, locales, numbers, dates, lists, bidi.
        .target(
            name: "Parlance",
            dependencies: ["CICU"],
            swiftSettings: swiftSettings
        ),
        // Apple-format string catalogs (.strings, .stringsdict, .xcstrings), stringsdict plural
        // evaluation over CLDR rules, a locale-aware printf, and the LocalizationProvider bridge.
        .target(
            name: "ParlanceLocalization",
            dependencies: [
                "Parlance",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // --- ParlanceLint (issue 11) ---
        // The catalog linter over ParlanceLocalization's located model, its human, JSON and
        // SARIF output, and PluralSamples: tooling, kept out of the runtime library.
        .target(
            name: "ParlanceLint",
            dependencies: ["Parlance", "ParlanceLocalization"],
            swiftSettings: swiftSettings
        ),
        // --- end ParlanceLint ---
        // --- ParlanceYAML (issue 13) ---
        // YAML catalogs read into ParlanceLocalization's one located model (registered with
        // `YAMLCatalog.register()`), so core users who read no YAML never build Yams.
        .target(
            name: "ParlanceYAML",
            dependencies: [
                "Parlance",
                "ParlanceLocalization",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceYAMLTests",
            dependencies: [
                "ParlanceTestSupport",
                "ParlanceYAML", "ParlanceLocalization", "ParlanceLint", "ParlanceTesting", "ParlanceBatch", "Parlance",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // --- end ParlanceYAML ---
        // Helpers for users' test suites (XCTest and Swift Testing): catalog validity, plural
        // renderings in every CLDR category of every language.
        .target(
            name: "ParlanceTesting",
            dependencies: ["Parlance", "ParlanceLocalization", "ParlanceLint"],
            swiftSettings: swiftSettings
        ),
        // The JSON Lines batch protocol engine (../shared/spec/batch-protocol.md), a library so
        // that tests drive it in-process as well as through the binary.
        .target(
            name: "ParlanceBatch",
            dependencies: ["Parlance", "ParlanceLocalization"],
            swiftSettings: swiftSettings
        ),
        // Bench-only code (issue 12, modules by role): raw ICU loops in C, the floor that
        // `parlance bench` compares against, and their Swift wrappers. Not part of any product
        // library; only the CLI's bench uses them.
        .target(
            name: "CICUBench",
            dependencies: ["CICU"],
            cSettings: cSettings,
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        .target(
            name: "ParlanceBench",
            dependencies: ["Parlance", "CICUBench"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "parlance",
            dependencies: [
                "Parlance",
                "ParlanceBench",
                "ParlanceBatch",
                "ParlanceLocalization",
                "ParlanceLint",
                "ParlanceTranslation",  // issue 14: `parlance pseudo`, translation bench rows
                "ParlanceYAML",  // issue 13: the CLI reads YAML catalogs
                "ParlanceKeyGen",  // issue 17: `parlance gen`
                "ParlanceServer",  // issue 16: `parlance serve`
                "ParlanceProposals",  // issue 15: `parlance proposals`, the store of `parlance serve`
                "ParlanceProposalsPostgres",  // issue 15: `--database postgres://…`
                "ParlanceProposalsServer",  // issue 15: the /content/localize/proposals routes
                .product(name: "Logging", package: "swift-log"),  // issue 16: `parlance serve --log-level`
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // One synchronous connection to the SQLite that vapor/sqlite-nio bundles (prepared-statement
        // cache, transactions, once-per-process initialization), shared by the two embedded
        // stores: the translation cache and the proposals. Not a product.
        .target(
            name: "ParlanceSQLite",
            dependencies: [.product(name: "SQLiteNIO", package: "sqlite-nio")],
            swiftSettings: swiftSettings
        ),
        // ── ParlanceTranslation (issue 14) ──
        // Live translation: providers (dictionary, catalog, pseudo-localization, LibreTranslate),
        // the localizer with its two-level cache (memory LRU + SQLite file), metrics and logs.
        .target(
            name: "ParlanceTranslation",
            dependencies: [
                "Parlance",
                "ParlanceLocalization",
                "ParlanceSQLite",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // Only its bundled SQLite C library (VaporCSQLite) is used, synchronously.
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Used only by ParlanceTranslationTests: writes to a SQLite cache file in a loop until it
        // is killed (-9), to prove the store survives a crash mid-write.
        .executableTarget(
            name: "ParlanceTranslationCrashWriter",
            dependencies: ["ParlanceTranslation"],
            path: "Tests/ParlanceTranslationCrashWriter",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceTranslationTests",
            dependencies: [
                "ParlanceTestSupport",
                "ParlanceTranslation",
                "ParlanceTranslationCrashWriter",
                "ParlanceTranslationPostgres",  // the fleet store, against a real PostgreSQL server
                "ParlanceLocalization",
                "Parlance",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // ── end ParlanceTranslation ──
        // ── ParlanceKeyGen (issue 17) ──
        // Type-safe accessors generated from a catalog (`parlance gen`): reads catalogs through
        // ParlanceLocalization's located model.
        .target(
            name: "ParlanceKeyGen",
            dependencies: ["ParlanceLocalization"],
            swiftSettings: swiftSettings
        ),
        // Source generated by `parlance gen` from Tests/SampleCatalog, compiled for real; the
        // tests check it is what the generator writes today and call it.
        .target(
            name: "ParlanceGeneratedKeysExample",
            dependencies: ["ParlanceLocalization"],
            path: "Tests/ParlanceGeneratedKeysExample",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceKeyGenTests",
            dependencies: [
                "ParlanceTestSupport",
                "ParlanceKeyGen", "ParlanceGeneratedKeysExample", "ParlanceLocalization", "ParlanceYAML", "Parlance", "parlance",
            ],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        // The generator as a tool for the build-tool plugin: ParlanceKeyGen + ParlanceYAML only
        // (not the `parlance` CLI and its server dependencies).
        .executableTarget(
            name: "parlance-keygen",
            dependencies: ["ParlanceKeyGen", "ParlanceLocalization", "ParlanceYAML"],
            swiftSettings: swiftSettings
        ),
        // `swift build` regenerates a target's accessors when its catalog changes.
        .plugin(
            name: "ParlanceKeyGenPlugin",
            capability: .buildTool(),
            dependencies: ["parlance-keygen"],
            path: "Sources/ParlanceKeyGenPlugin"  // the top level of the repository is fixed
        ),
        // Uses the plugin on Tests/SampleCatalog (parlance-keygen.json) and calls the generated
        // accessors: a wrong generation fails to compile or fails these tests.
        .testTarget(
            name: "ParlanceKeyGenPluginTests",
            dependencies: ["ParlanceLocalization", "ParlanceYAML", "ParlanceKeyGenTrickyKeys"],
            exclude: ["parlance-keygen.json"],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "ParlanceKeyGenPlugin")]
        ),
        // The plugin on the golden tricky catalog (Tests/ParlanceKeyGenTests/Golden/Tricky), public.
        .target(
            name: "ParlanceKeyGenTrickyKeys",
            dependencies: ["ParlanceLocalization"],
            path: "Tests/ParlanceKeyGenTrickyKeys",
            exclude: ["parlance-keygen.json"],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "ParlanceKeyGenPlugin")]
        ),
        // ── end ParlanceKeyGen ──
        // ── ParlanceProposals (issue 15) ──
        // Translation proposals (seed 003): the model and rules, the ProposalStore protocol, the
        // SQLite store (sqlite-nio's bundled SQLite, as issue 14), review mode. PostgreSQL, the
        // HTTP routes and the client are in their own targets (block at the end of this file).
        .target(
            name: "ParlanceProposals",
            dependencies: [
                "Parlance",
                "ParlanceLocalization",
                "ParlanceSQLite",
                // Only its bundled SQLite C library (VaporCSQLite) is used, synchronously.
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                // Stored author guids are keyed hashes (HMAC-SHA256).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Used only by ParlanceProposalsTests: proposes in a loop from a second process (races)
        // or until killed (-9) to prove the store survives a crash mid-write.
        .executableTarget(
            name: "ParlanceProposalsWriter",
            dependencies: ["ParlanceProposals", "ParlanceProposalsPostgres", "Parlance"],
            path: "Tests/ParlanceProposalsWriter",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceProposalsTests",
            dependencies: [
                "ParlanceTestSupport",
                "ParlanceProposals", "ParlanceProposalsPostgres", "ParlanceProposalsWriter", "ParlanceLocalization", "Parlance",
                "ParlanceSQLite",  // older schemas written by hand (migration tests)
                // The Swift client's tests run the behaviour suite over a live `parlance serve` app.
                "ParlanceProposalsClient", "ParlanceProposalsServer", "ParlanceServer",
                // The export is read back as catalogs (YAML too); `parlance proposals` is run.
                "ParlanceYAML", "parlance",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // ── end ParlanceProposals ──
        // What the test targets share: running real child processes (the built `parlance`),
        // blocking work kept off the cooperative pool, the PostgreSQL test database's URL.
        .target(
            name: "ParlanceTestSupport",
            path: "Tests/ParlanceTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceTests",
            dependencies: ["Parlance"],
            swiftSettings: swiftSettings
        ),
        // ── Compiled date formats (issue 19, dates): the reduced `--verify-dates` sweep ──
        .testTarget(
            name: "ParlanceDateVerificationTests",
            dependencies: ["Parlance", "ParlanceBench"],
            swiftSettings: swiftSettings
        ),
        // ── end compiled date formats ──
        // ── Compiled list formats (issue 19, lists): the reduced `--verify-lists` sweep ──
        .testTarget(
            name: "ParlanceListVerificationTests",
            dependencies: ["Parlance", "ParlanceBench"],
            swiftSettings: swiftSettings
        ),
        // ── end compiled list formats ──
        // ── Compiled number formats (issue 19, numbers): the reduced `--verify-numbers` sweep ──
        .testTarget(
            name: "ParlanceNumberVerificationTests",
            dependencies: ["Parlance", "ParlanceBench"],
            swiftSettings: swiftSettings
        ),
        // ── end compiled number formats ──
        .testTarget(
            name: "ParlanceLocalizationTests",
            dependencies: [
                "ParlanceTestSupport",
                "ParlanceLocalization",
                "ParlanceLint",
                "Parlance",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceTestingTests",
            // `parlance` (issue 11): the showcase's embedded sample is checked against Tests/SampleCatalog.
            dependencies: ["ParlanceTestSupport", "ParlanceTesting", "ParlanceLocalization", "ParlanceLint", "Parlance", "parlance"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceBatchTests",
            dependencies: [
                "ParlanceTestSupport", "ParlanceBatch", "Parlance",
            ],
            swiftSettings: swiftSettings
        ),
    ] + serverTargets + proposalsTargets,
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// MARK: - Server (issue 16): ParlanceHTTP, ParlanceHummingbird, ParlanceServer
//
// Only these products pull in Hummingbird/NIO: a package that depends on `Parlance` or
// `ParlanceLocalization` builds none of it. Vapor is built only with the package trait `Vapor`
// (ParlanceVapor, its example app and its tests).
var serverProducts: [Product] {
    [
        .library(name: "ParlanceHTTP", targets: ["ParlanceHTTP"]),
        .library(name: "ParlanceHummingbird", targets: ["ParlanceHummingbird"]),
        .library(name: "ParlanceServer", targets: ["ParlanceServer"]),
        // Empty unless the package trait `Vapor` is enabled (see `traits` above).
        .library(name: "ParlanceVapor", targets: ["ParlanceVapor"]),
    ]
}

var serverDependencies: [Package.Dependency] {
    [
        // Only with the package trait `Vapor` (ParlanceVapor, its example and test).
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `parlance serve` answers malformed HTTP with a JSON error: a channel handler over the
        // HTTP parts that Hummingbird's HTTP/1 pipeline carries (NIOHTTPTypes).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // swift-metrics and async-http-client are declared above (issue 14) and shared.
    ]
}

var serverTargets: [Target] {
    [
        // Framework-neutral HTTP localization: language negotiation (Accept-Language, query,
        // cookie), the request-scoped accessor, ParlanceError → HTTP status + JSON error body.
        .target(
            name: "ParlanceHTTP",
            dependencies: ["Parlance", "ParlanceLocalization"],
            swiftSettings: swiftSettings
        ),
        // Hummingbird 2 middleware over ParlanceHTTP.
        .target(
            name: "ParlanceHummingbird",
            dependencies: [
                "Parlance", "ParlanceLocalization", "ParlanceHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        // `parlance serve`: the batch operations, catalogs, health and metrics over HTTP.
        .target(
            name: "ParlanceServer",
            dependencies: [
                "Parlance", "ParlanceLocalization", "ParlanceBatch", "ParlanceHTTP", "ParlanceHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            exclude: ["openapi.json"],  // the same text as OpenAPIDocument.json (a test keeps them equal)
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ParlanceServerTests",
            dependencies: [
                "ParlanceTestSupport",
                "ParlanceServer", "ParlanceHummingbird", "ParlanceHTTP", "ParlanceLocalization", "Parlance",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                "HummingbirdExample",
                "VaporExample",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                // issue 15: the proposals API through real sockets, and its Swift client.
                "ParlanceProposals", "ParlanceProposalsServer", "ParlanceProposalsPostgres",
            ],
            swiftSettings: swiftSettings
        ),
        // Vapor 4 middleware over ParlanceHTTP: Vapor is built only with the trait `Vapor`.
        .target(
            name: "ParlanceVapor",
            dependencies: [
                "Parlance", "ParlanceLocalization", "ParlanceHTTP",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The README's Vapor example app (trait `Vapor`), started by ParlanceServerTests.
        .target(
            name: "VaporExample",
            dependencies: [
                "ParlanceVapor", "ParlanceLocalization", "Parlance",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            path: "Tests/Examples/VaporExample",
            swiftSettings: swiftSettings
        ),
        // The README's Hummingbird example app, compiled (and started) by ParlanceServerTests.
        .target(
            name: "HummingbirdExample",
            dependencies: [
                "ParlanceHummingbird", "ParlanceLocalization", "Parlance",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Tests/Examples/HummingbirdExample",
            swiftSettings: swiftSettings
        ),
    ]
}

// MARK: - PostgreSQL stores (issues 14, 15), proposals' HTTP routes and Swift client
//
// Separate products so that a SQLite-only user of `ParlanceProposals` or `ParlanceTranslation`
// never builds postgres-nio (and its swift-crypto), Hummingbird or async-http-client.
var proposalsProducts: [Product] {
    [
        // The PostgreSQL settings and plumbing both PostgreSQL stores share (issue 14 and 15).
        .library(name: "ParlancePostgres", targets: ["ParlancePostgres"]),
        .library(name: "ParlanceProposalsPostgres", targets: ["ParlanceProposalsPostgres"]),
        // The translation cache's fleet store (issue 14) on the same plumbing.
        .library(name: "ParlanceTranslationPostgres", targets: ["ParlanceTranslationPostgres"]),
        .library(name: "ParlanceProposalsServer", targets: ["ParlanceProposalsServer"]),
        .library(name: "ParlanceProposalsClient", targets: ["ParlanceProposalsClient"]),
    ]
}

var proposalsDependencies: [Package.Dependency] {
    [.package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2")]
}

var proposalsTargets: [Target] {
    [
        // PostgresSettings (`postgres://…` URLs) and the pool, probe, timeout, migrations under
        // an advisory lock and error mapping that every PostgreSQL store uses.
        .target(
            name: "ParlancePostgres",
            dependencies: [
                "Parlance",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The PostgreSQL proposal store (several service instances sharing one database).
        .target(
            name: "ParlanceProposalsPostgres",
            dependencies: [
                "ParlanceProposals", "ParlancePostgres", "Parlance",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The translation cache store shared by a fleet (issue 14): one PostgreSQL database.
        .target(
            name: "ParlanceTranslationPostgres",
            dependencies: [
                "ParlanceTranslation", "ParlancePostgres", "Parlance",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `/content/localize/proposals` as a ParlanceServerExtension of `parlance serve`.
        .target(
            name: "ParlanceProposalsServer",
            dependencies: [
                "ParlanceProposals", "ParlanceServer", "ParlanceHTTP", "Parlance",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The Swift client of that API (async-http-client), for apps and tools.
        .target(
            name: "ParlanceProposalsClient",
            dependencies: [
                "ParlanceProposals", "Parlance",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
}
