import Foundation
import Logging
import PostgresNIO
@testable import BFF

/// The test PostgreSQL cluster `scripts/with-postgres` starts (`make test` runs the tests inside
/// it): each fixture gets a new database of its own in it.
enum TestPostgres {
    struct NotConfigured: Error, CustomStringConvertible {
        var description: String {
            "MOMENTS_TEST_DATABASE_URL is not set: the BFF suite runs on PostgreSQL too. "
                + "Run `make test`, or `scripts/with-postgres swift test`, which starts a throwaway cluster."
        }
    }

    private static let logger = Logger(label: "moments.tests.postgres")

    /// The cluster's administration database.
    static func administration() throws -> PostgresClient.Configuration {
        guard let url = ProcessInfo.processInfo.environment["MOMENTS_TEST_DATABASE_URL"] else { throw NotConfigured() }
        return try PostgresClient.Configuration(url: url)
    }

    /// A new, empty database in the cluster.
    static func newDatabase() async throws -> PostgresClient.Configuration {
        var configuration = try administration()
        let name = "bff_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "_"))"
        try await execute("CREATE DATABASE \(name)", in: configuration)
        configuration.database = name
        return configuration
    }

    /// Runs one statement on a connection of its own to `configuration`'s database.
    static func execute(_ sql: String, in configuration: PostgresClient.Configuration) async throws {
        try await withConnection(to: configuration) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }

    /// The first column of every row of `sql`, as text, on a connection of its own.
    static func strings(_ sql: String, in configuration: PostgresClient.Configuration) async throws -> [String] {
        try await withConnection(to: configuration) { connection in
            var strings: [String] = []
            for try await string in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                .decode(String.self) {
                strings.append(string)
            }
            return strings
        }
    }

    /// Runs `body` on a new connection to `configuration`'s database, closed afterwards.
    private static func withConnection<T>(to configuration: PostgresClient.Configuration,
                                          _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                host: configuration.host ?? "127.0.0.1", port: configuration.port ?? 5432,
                username: configuration.username, password: configuration.password,
                database: configuration.database, tls: .disable),
            id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
