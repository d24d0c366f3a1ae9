import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `moments` executable run as a user runs it, in a child process, on a free port.
final class ServerProcess: Sendable {
    let process: ChildProcess
    let url: URL

    /// The binary SwiftPM built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("moments")
    }

    /// Starts the server and waits, on a thread of its own, for the line that names its URL.
    /// - Parameter standardError: where its log goes (nowhere by default).
    static func start(arguments: [String], environment: [String: String] = [:],
                      standardError: ChildProcess.StandardError = .discarded) async throws -> ServerProcess {
        let serve = ["serve", "--port", "0", "--log-level", "warning",
                     "--public-dir", Dashboard.repository.appendingPathComponent("Public").path,
                     "--templates-dir", Dashboard.repository.appendingPathComponent("templates").path] + arguments
        return try await onOwnThread { try ServerProcess(arguments: serve, environment: environment, standardError: standardError) }
    }

    /// Starts `moments bff` alone and waits for its URL line (`url` is its `/graphql`).
    static func startBFF(arguments: [String]) async throws -> ServerProcess {
        let bff = ["bff", "--port", "0", "--log-level", "warning"] + arguments
        return try await onOwnThread { try ServerProcess(arguments: bff, environment: [:], standardError: .discarded) }
    }

    private init(arguments: [String], environment: [String: String], standardError: ChildProcess.StandardError) throws {
        process = try ChildProcess(executable: Self.executable.path, arguments: arguments,
                                   environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                                   standardError: standardError)
        // The first line names the URL to open.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = process.output.availableData
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
        (try? await eventually("the process to exit", timeout: timeout, pollingEvery: .milliseconds(20)) { !process.isRunning }) != nil
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
