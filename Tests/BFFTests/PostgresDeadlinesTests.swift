import Foundation
import Logging
import PostgresNIO
import Testing
import TestSupport
@testable import BFF

/// Waiting for a pooled connection and using it are timed apart: a queue of quick requests is
/// served however long it is, a pool that hands out nothing or a connection that does not answer
/// is reported.
@Suite struct PostgresDeadlinesTests {
    private static let logger = Logger(label: "moments.tests.deadlines")

    @Test func queueOfQuickOperations_longerInTotalThanEitherDeadline_isServedWhole() async throws {
        let deadlines = PostgresDeadlines(connectionWait: .seconds(3), operation: .seconds(3))
        let answers = try await withPool(ofSize: 1) { client in
            // The pool's one connection is opened first: connecting is not what this test times.
            _ = try await deadlines.run(on: client) { try await $0.query("SELECT 1", logger: Self.logger).collect() }
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        try await deadlines.run(on: client) { connection in
                            _ = try await connection.query("SELECT pg_sleep(0.2)", logger: Self.logger).collect()
                            return index
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(answers.sorted() == Array(0..<30),
                "the last of 30 × 200 ms on one connection waits 6 s: the pool hands one out every 200 ms")
    }

    @Test func operation_longerThanItsDeadline_isDeadlinePassed() async throws {
        let deadlines = PostgresDeadlines(connectionWait: .seconds(20), operation: .milliseconds(200))
        // The query would end long before the connection wait: only the operation's deadline stops it.
        let error = await #expect(throws: DeadlinePassed.self) {
            try await withPool(ofSize: 1) { client in
                try await deadlines.run(on: client) { connection in
                    _ = try await connection.query("SELECT pg_sleep(0.6)", logger: Self.logger).collect()
                }
            }
        }
        guard case .operation(let limit, let waited) = error else {
            Issue.record("expected the operation's deadline, got \(String(describing: error))")
            return
        }
        #expect(limit == .milliseconds(200))
        #expect(waited < .seconds(20), "the log says how long the connection took to come")
    }

    @Test func waitForAConnection_whileThePoolHandsOutNone_isDeadlinePassed() async throws {
        let holding = PostgresDeadlines(connectionWait: .seconds(20), operation: .seconds(20))
        let waiting = PostgresDeadlines(connectionWait: .milliseconds(200), operation: .seconds(20))
        let holds = Flag()
        try await withPool(ofSize: 1) { client in
            async let held: Void = holding.run(on: client) { connection in
                holds.set()
                _ = try await connection.query("SELECT pg_sleep(1)", logger: Self.logger).collect()
            }
            try await eventually("the pool's one connection to be taken") { holds.isSet }
            let error = await #expect(throws: DeadlinePassed.self) {
                try await waiting.run(on: client) { connection in
                    _ = try await connection.query("SELECT 1", logger: Self.logger).collect()
                }
            }
            guard case .connectionWait(_, let waited) = error else {
                Issue.record("expected the connection wait's deadline, got \(String(describing: error))")
                return
            }
            #expect(waited >= .milliseconds(200), "the log says how long the request waited in all")
            try await held
        }
    }

    /// A running client of the test cluster with at most `size` connections, for `body`'s time.
    private func withPool<T: Sendable>(ofSize size: Int,
                                       _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T {
        var configuration = try TestPostgres.administration()
        configuration.options.maximumConnections = size
        let client = PostgresClient(configuration: configuration)
        let running = Task { await client.run() }
        defer { running.cancel() }
        return try await body(client)
    }
}
