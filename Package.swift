// swift-tools-version:6.1
import Foundation
import PackageDescription

/// Build targets are chosen at compile time, as in the seed's `BuildTargetTogglesDataStore`, by
/// `MOMENTS_BUILD` in the environment of `swift build`: `internal` defines `INTERNAL` and
/// `production` defines `PRODUCTION`, on `Foundations` only, whose `BuildTarget` reads them (see
/// the end of this file). Unset, a debug build is debug and a release build is production. The
/// other targets' build commands are the same for every build target, so a scratch path switched
/// from one to the other (`make deb` builds both in one) recompiles `Foundations` and the targets
/// that import it, not `HTTPServer`, `BFF` or a dependency (`-Xswiftc -D…` would reach every
/// dependency and rebuild them all).
///
/// Linux only: the server calls glibc directly (`Listener`, `StaticFiles`, `CMalloc`) and links
/// the system's libmicrohttpd and zlib, so no Apple platform is declared.
/// The build's identity, compiled into `CBuildInfo`: the version from the VERSION file, and the
/// commit and build date that `make` passes as `MOMENTS_COMMIT` and `MOMENTS_BUILD_DATE` (empty,
/// shown as unknown, in a bare `swift build` or a copy without git).
let buildIdentityDefines: [CSetting] = [
    ("MOMENTS_VERSION", try! String(contentsOfFile: Context.packageDirectory + "/VERSION", encoding: .utf8)),
    ("MOMENTS_COMMIT", Context.environment["MOMENTS_COMMIT"] ?? ""),
    ("MOMENTS_BUILD_DATE", Context.environment["MOMENTS_BUILD_DATE"] ?? ""),
].map { name, value in
    let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard value.allSatisfy({ $0.isLetter || $0.isNumber || "-.:+_~".contains($0) }) else {
        fatalError("\(name) may hold letters, digits and -.:+_~ only, not \(value)")
    }
    return .define(name, to: "\"\(value)\"")
}

let package = Package(
    name: "moments-web",
    products: [
        .executable(name: "moments", targets: ["moments"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti", from: "3.1.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-otel/swift-w3c-trace-context", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CTCPInfo"),
        .target(name: "CBuildInfo", cSettings: buildIdentityDefines),
        .target(name: "Locking"),
        .target(name: "Bytes"),
        .target(
            name: "Telemetry",
            dependencies: [
                "Locking",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "W3CTraceContext", package: "swift-w3c-trace-context"),
            ]
        ),
        .target(
            name: "HTTPServer",
            dependencies: [
                "Bytes",
                "CMicroHTTPD",
                "Locking",
                "Telemetry",
                "CTCPInfo",
                "CZlib",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DesignKit"),
        .target(
            name: "Connections",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(name: "SQLiteFiles", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "Foundations",
            dependencies: [
                "CBuildInfo",
                "Connections",
                "Locking",
                "SQLiteFiles",
                "Telemetry",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "BFF",
            dependencies: [
                "Connections",
                "HTTPServer",
                "Locking",
                "SQLiteFiles",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .target(
            name: "Moments",
            dependencies: ["Bytes", "Connections", "Foundations", "DesignKit", "HTTPServer", "Locking",
                           .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "CoreMetrics", package: "swift-metrics"),
                           .product(name: "GraphQL", package: "GraphQL"),
                           .product(name: "NIOCore", package: "swift-nio")]
        ),
        .executableTarget(
            name: "moments",
            dependencies: [
                "CMalloc",
                "HTTPServer",
                "Locking",
                "Moments",
                "BFF",
                "Foundations",
                "SQLiteFiles",
                "Telemetry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Linked by the toolchain's lld with relative relocations packed (DT_RELR, glibc 2.36):
            // gold writes each pointer the loader fixes up at start as a 24-byte entry, and the
            // table it reads stays in the process's memory. With the Swift runtime linked in, the
            // toolchain also exports every symbol of the program; the loader searches that table
            // for each symbol the C libraries bind, so most of its 4.6 MiB stayed resident. Nothing
            // looks the program's own symbols up, so none is exported.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"])]
        ),
        .target(name: "CChildProcess", path: "Tests/CChildProcess"),
        .target(name: "TestSupport", dependencies: ["CChildProcess", "HTTPServer", "Locking"], path: "Tests/TestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: ["Bytes", "HTTPServer", "Locking", "TestSupport", "CZlib"]),
        .testTarget(
            name: "BFFTests",
            dependencies: [
                "BFF", "Connections", "Foundations", "Locking", "Moments", "TestSupport",
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(name: "FoundationsTests", dependencies: ["Connections", "Foundations", "Locking"]),
        .testTarget(name: "SQLiteFilesTests", dependencies: ["SQLiteFiles"]),
        .testTarget(name: "TelemetryTests", dependencies: ["Telemetry", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "MomentsTests",
            dependencies: ["Moments", "BFF", "Connections", "Locking", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "GraphQL", package: "GraphQL")]
        ),
    ]
)

/// The fuzz harnesses (`Tests/Fuzz`), one libFuzzer executable, exist only in the AddressSanitizer
/// build (`scripts/sanitized-build`), which names libFuzzer's archive without its `main` in
/// `MOMENTS_FUZZER_LIBRARY`: the harnesses' own `main` runs libFuzzer's driver. The dashboard is
/// built beside them with the same flags, sharing every module (`-sanitize=fuzzer` would put
/// libFuzzer's `main` into the dashboard too).
if let fuzzerLibrary = Context.environment["MOMENTS_FUZZER_LIBRARY"] {
    package.products.append(.executable(name: "moments-fuzz", targets: ["MomentsFuzz"]))
    package.targets.append(.executableTarget(
        name: "MomentsFuzz",
        dependencies: ["HTTPServer", "Foundations", "Moments", "BFF"],
        path: "Tests/Fuzz",
        exclude: ["Corpus", "Dictionaries"],
        linkerSettings: [.unsafeFlags(["-Xlinker", "--whole-archive", "-Xlinker", fuzzerLibrary, "-Xlinker", "--no-whole-archive", "-lstdc++"])]
    ))
}

/// `MOMENTS_BUILD`'s define, given to `Foundations`, the one target that reads it (`BuildTarget`).
let buildTargetDefines: [SwiftSetting] = switch Context.environment["MOMENTS_BUILD"] ?? "" {
case "": []
case "internal": [.define("INTERNAL")]
case "production": [.define("PRODUCTION")]
case let other: fatalError("MOMENTS_BUILD must be internal, production or unset, not \(other)")
}
/// `MOMENTS_SANITIZE=thread` (`scripts/tsan`, beside `--sanitize thread`) makes `Locked` a lock
/// ThreadSanitizer sees.
let sanitizerDefines: [SwiftSetting] = switch Context.environment["MOMENTS_SANITIZE"] ?? "" {
case "": []
case "thread": [.define("SANITIZE_THREAD")]
case let other: fatalError("MOMENTS_SANITIZE must be thread or unset, not \(other)")
}
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + (target.name == "Foundations" ? buildTargetDefines : []) + sanitizerDefines
}
