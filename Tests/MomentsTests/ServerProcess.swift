import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `moments` executable run as a user runs it, in a child process, on a free port.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let url: URL
    private let output = Pipe()

    /// Foundation's `Process.run` is not safe to call from two threads at once on Linux (seen:
    /// a crash copying memory inside it while tests ran in parallel), so launches take turns.
    static let launchLock = NSLock()

    /// Starts `process` while no other test is starting one.
    static func launch(_ process: Process) throws {
        try launchLock.withLock { try process.run() }
    }

    /// The binary SwiftPM built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("moments")
    }

    /// Starts the server and waits, on a thread of its own, for the line that names its URL.
    /// - Parameter standardError: where its log goes (nowhere by default).
    static func start(arguments: [String], environment: [String: String] = [:],
                      standardError: FileHandle = .nullDevice) async throws -> ServerProcess {
        let serve = ["serve", "--port", "0", "--log-level", "warning",
                     "--public-dir", Dashboard.repository.appendingPathComponent("Public").path,
                     "--templates-dir", Dashboard.repository.appendingPathComponent("templates").path] + arguments
        return try await onOwnThread { try ServerProcess(arguments: serve, environment: environment, standardError: standardError) }
    }

    /// Starts `moments bff` alone and waits for its URL line (`url` is its `/graphql`).
    static func startBFF(arguments: [String]) async throws -> ServerProcess {
        let bff = ["bff", "--port", "0", "--log-level", "warning"] + arguments
        return try await onOwnThread { try ServerProcess(arguments: bff, environment: [:], standardError: .nullDevice) }
    }

    private init(arguments: [String], environment: [String: String], standardError: FileHandle) throws {
        process.executableURL = Self.executable
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = standardError
        try Self.launch(process)
        // The first line names the URL to open.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://[^ \n]+", options: .regularExpression), let url = URL(string: String(text[range])) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no URL in: \(text)"])
        }
        self.url = url
    }

    /// Waits for the process to end, up to `timeout`; whether it did.
    func waitForExit(timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !process.isRunning
    }

    func request(_ method: String, _ path: String, body: String? = nil) async throws -> (status: Int, text: String) {
        var request = URLRequest(url: URL(string: path, relativeTo: url)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
