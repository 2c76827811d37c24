// swift-tools-version:6.1
// libFuzzer targets for Parlance's parsers and entry points that read untrusted bytes.
//
// A package of its own (as swift-nio and swift-protobuf keep theirs), so the main build and its
// CI never compile libFuzzer. Build and run through Scripts/fuzz.sh, which builds with
// `--sanitize=fuzzer --sanitize=address` in debug. The targets reach `package` and internal
// entry points (the batch engine, the strict JSON reader) with `@testable import`: SwiftPM's
// debug builds compile every module with testing enabled.
import PackageDescription

/// One executable per fuzz target: libFuzzer's `LLVMFuzzerTestOneInput` is one per binary.
let targets: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzStrings", [.product(name: "ParlanceLocalization", package: "Parlance")]),
    ("FuzzStringsdict", [.product(name: "ParlanceLocalization", package: "Parlance")]),
    ("FuzzXCStrings", [.product(name: "ParlanceLocalization", package: "Parlance")]),
    (
        "FuzzYAML",
        [
            .product(name: "ParlanceYAML", package: "Parlance"),
            .product(name: "ParlanceLocalization", package: "Parlance"),
        ]
    ),
    ("FuzzPrintf", [.product(name: "ParlanceLocalization", package: "Parlance")]),
    ("FuzzMessageFormat", [.product(name: "Parlance", package: "Parlance")]),
    ("FuzzLocaleID", [.product(name: "Parlance", package: "Parlance")]),
    (
        "FuzzAcceptLanguage",
        [
            .product(name: "ParlanceHTTP", package: "Parlance"),
            .product(name: "ParlanceLocalization", package: "Parlance"),
        ]
    ),
    ("FuzzBatchLine", [.product(name: "ParlanceBatch", package: "Parlance")]),
    (
        "FuzzHTTPBody",
        [
            .product(name: "ParlanceBatch", package: "Parlance"),
            .product(name: "ParlanceHTTP", package: "Parlance"),
        ]
    ),
    ("FuzzSegmentation", [.product(name: "Parlance", package: "Parlance")]),
]

let package = Package(
    name: "ParlanceFuzz",
    dependencies: [.package(name: "Parlance", path: "..", traits: ["YAML"])],
    targets: [
        // What every target shares: the contract checks that trap with a message.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceLocalization", package: "Parlance"),
                .product(name: "ParlanceBatch", package: "Parlance"),
            ]
        )
    ]
        + targets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport"] + target.dependencies,
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            )
        },
    swiftLanguageModes: [.v6]
)
