import Foundation
import HTTPServer
import TestSupport
import Testing

/// `moments serve --bff-url` and `moments bff --database-url` given a server they cannot reach:
/// an unknown host (the `.invalid` top-level domain resolves nowhere), a refused port (bound, then
/// closed) and a TLS failure. Each is said in one line that names the URL (without a password),
/// the cause and the remedy: by `serve` in its 503 answer and its log, by `bff` as it stops with a
/// non-zero exit, within seconds.
@Suite struct ConnectionErrorTests {
    /// One BFF URL `serve` cannot reach, and what its message must say.
    struct BFFCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// The URL, given the port of a plain HTTP server and a port nothing listens on.
        let url: @Sendable (_ plainHTTPPort: Int, _ closedPort: Int) -> String
        let cause: @Sendable (_ plainHTTPPort: Int, _ closedPort: Int) -> String
        let remedy: @Sendable (_ plainHTTPPort: Int, _ closedPort: Int) -> String
        var testDescription: String { name }
    }

    static let bffCases: [BFFCase] = [
        BFFCase(name: "unknown host", url: { _, _ in "http://no-such-host.invalid/graphql" },
                cause: { _, _ in "the host no-such-host.invalid is not known" },
                remedy: { _, _ in "Check the host name in --bff-url." }),
        BFFCase(name: "refused port", url: { _, closed in "http://127.0.0.1:\(closed)/graphql" },
                cause: { _, closed in "nothing accepts connections on 127.0.0.1:\(closed) (connection refused)" },
                remedy: { _, closed in "Is the BFF running and listening on 127.0.0.1:\(closed)? Check the port in --bff-url." }),
        BFFCase(name: "TLS to a plain HTTP server", url: { plain, _ in "https://127.0.0.1:\(plain)/graphql" },
                cause: { _, _ in "the TLS handshake failed (the server does not speak TLS on that port, or its certificate is not trusted)" },
                remedy: { _, _ in "Use http:// in --bff-url if the BFF has no TLS, or give it a certificate this machine trusts." }),
    ]

    @Test(arguments: bffCases)
    func serve_withABFFItCannotReach_answers503NamingTheURLCauseAndRemedy_andLogsIt(_ bffCase: BFFCase) async throws {
        let plainBFF = try FakeBFF()
        defer { Task { await plainBFF.stop() } }
        let (plain, closed) = (plainBFF.graphQLURL.port!, try Self.closedPort())
        let url = bffCase.url(plain, closed)
        let folder = Dashboard.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("stderr.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let server = try await ServerProcess.start(arguments: ["--data-dir", folder.path, "--bff-url", url],
                                                   standardError: .file(try FileHandle(forWritingTo: log)))
        defer { server.process.terminate() }

        let started = ContinuousClock.now
        let (status, text) = try await server.request("GET", "/api/timeline")
        let elapsed = ContinuousClock.now - started

        let message = try #require(Self.errorMessage(text), "\(text)")
        #expect(status == 503)
        #expect(message == "The BFF at \(url) can’t be reached: \(bffCase.cause(plain, closed)). \(bffCase.remedy(plain, closed))")
        #expect(elapsed < .seconds(5), "answered after \(elapsed)")
        server.process.terminate()
        _ = await server.waitForExit()
        let logged = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        // The remote config is read at start, from beside the GraphQL URL.
        let remoteConfigURL = url.replacingOccurrences(of: "/graphql", with: "/remote-config")
        #expect(logged.contains("error=The BFF at \(remoteConfigURL) can’t be reached: \(bffCase.cause(plain, closed))"), "\(logged)")
        #expect(logged.contains("error=\(message)"), "\(logged)")
        #expect(!logged.contains("NSURLErrorDomain") && !logged.contains("Error Domain="), "\(logged)")
    }

    @Test func bff_withADatabaseHostThatIsNotKnown_stopsInSeconds_namingTheURLWithoutPassword() async throws {
        let (status, output, elapsed) = try await runBFF(["--database-url", "postgres://moments:s3cret@no-such-host.invalid/moments"])

        #expect(status != 0)
        #expect(output.contains("The BFF's PostgreSQL database at postgres://moments@no-such-host.invalid/moments cannot be reached: "
                                + "the host no-such-host.invalid is not known. Check the host in --database-url."), "\(output)")
        #expect(!output.contains("s3cret"))
        #expect(Self.lines(output) == 1, "\(output)")
        #expect(elapsed < .seconds(10), "stopped after \(elapsed)")
    }

    @Test func bff_withADatabasePortThatRefuses_stopsInSeconds_askingWhetherPostgreSQLListens() async throws {
        let port = try Self.closedPort()
        let (status, output, elapsed) = try await runBFF(["--database-url", "postgres://moments@127.0.0.1:\(port)/moments"])

        #expect(status != 0)
        #expect(output.contains("The BFF's PostgreSQL database at postgres://moments@127.0.0.1:\(port)/moments cannot be reached: "
                                + "nothing accepts connections on 127.0.0.1:\(port) (connection refused). "
                                + "Is PostgreSQL running and listening on 127.0.0.1:\(port)? Check the host and port in --database-url."),
                "\(output)")
        #expect(Self.lines(output) == 1, "\(output)")
        #expect(elapsed < .seconds(10), "stopped after \(elapsed)")
    }

    /// `reset-demo-data` opens the database as `bff` does, and fails as fast.
    @Test func bffResetDemoData_withADatabaseHostThatIsNotKnown_stopsInSeconds() async throws {
        let (status, output, elapsed) = try await runBFF(["reset-demo-data"],
                                                         environment: ["MOMENTS_BFF_DATABASE_URL": "postgres://moments@no-such-host.invalid/moments"])

        #expect(status != 0)
        #expect(output.contains("the host no-such-host.invalid is not known. Check the host in MOMENTS_BFF_DATABASE_URL."), "\(output)")
        #expect(elapsed < .seconds(10), "stopped after \(elapsed)")
    }

    /// The test cluster of `scripts/with-postgres` runs with ssl off.
    @Test func bff_requiringSSLOfAServerWithout_stopsInSeconds_sayingWhichSSLModeToUse() async throws {
        guard let url = ProcessInfo.processInfo.environment["MOMENTS_TEST_DATABASE_URL"] else {
            Issue.record("MOMENTS_TEST_DATABASE_URL is not set: run `scripts/with-postgres swift test`.")
            return
        }
        let requiring = url.replacingOccurrences(of: "sslmode=disable", with: "sslmode=require")
        let (status, output, elapsed) = try await runBFF(["--database-url", requiring])

        #expect(status != 0)
        #expect(output.contains("The BFF's PostgreSQL database at \(requiring) cannot be reached: "
                                + "the server takes no TLS (SSL) connections. Use sslmode=prefer or sslmode=disable in --database-url, "
                                + "or turn on ssl in the server's postgresql.conf."), "\(output)")
        #expect(Self.lines(output) == 1, "\(output)")
        #expect(elapsed < .seconds(10), "stopped after \(elapsed)")
    }

    /// The `error.message` of a JSON error answer.
    private static func errorMessage(_ text: String) -> String? {
        (try? Dashboard.decode(ErrorBody.self, from: text))?.error.message
    }

    private static func lines(_ output: String) -> Int {
        output.split(separator: "\n").count
    }

    /// A port nothing listens on: one the system gave a socket, which is then closed.
    private static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EBADF) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `moments bff` with `arguments` on a free port to its end: its exit status, standard
    /// output and error together, and how long it ran. One that wrongly starts is stopped after 30 s.
    private func runBFF(_ arguments: [String], environment: [String: String] = [:])
        async throws -> (status: Int32, output: String, elapsed: Duration) {
        let started = ContinuousClock.now
        let process = try ChildProcess(
            executable: ServerProcess.executable.path,
            arguments: ["bff"] + arguments + (arguments.first == "reset-demo-data" ? [] : ["--port", "0"]),
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
                .filter { $0.key != "MOMENTS_BFF_DATABASE_URL" || environment[$0.key] != nil },
            standardError: .output)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            process.terminate()
        }
        defer { watchdog.cancel() }
        let data = try await onOwnThread {
            let data = process.output.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), ContinuousClock.now - started)
    }
}
