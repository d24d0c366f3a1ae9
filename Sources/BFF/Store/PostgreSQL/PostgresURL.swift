import Connections
import Foundation
import Logging
import PostgresNIO

/// The connection a `postgres://user:password@host:port/database?sslmode=…` URL names, as
/// `libpq` reads it: port 5432 and no password when absent; `sslmode` `disable`, `prefer` (the
/// default) or `require`.
struct PostgresURL: Sendable {
    enum SSLMode: String, Sendable {
        case disable, prefer, require
    }

    /// The URL as written, password included: for the connection only, never for a message.
    let text: String
    let host: String
    let port: Int
    let username: String
    let password: String?
    let database: String?
    let sslMode: SSLMode

    init(_ text: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme),
              let host = components.host, !host.isEmpty, let username = components.user, !username.isEmpty,
              let sslMode = SSLMode(rawValue: components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer")
        else {
            throw .invalidURL
        }
        let database = String(components.path.drop { $0 == "/" })
        self.text = text
        self.host = host
        port = components.port ?? 5432
        self.username = username
        password = components.password
        self.database = database.isEmpty ? nil : database
        self.sslMode = sslMode
    }

    /// The pool's configuration.
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(host: host, port: port, username: username, password: password,
                                            database: database, tls: tls)
    }

    /// Opens one connection and closes it, so that a start whose database cannot be reached for a
    /// cause that waiting will not heal (an unknown host, a refused port, TLS, no answer within
    /// `connectTimeout`) stops at once with `.cannotConnect`, instead of waiting for the pool,
    /// which tries again and again, to time out. Any other failure (the server starting up, a
    /// login refused) is left to the pool and its deadline.
    func checkConnection(option: String, connectTimeout: Duration, logger: Logger) async throws(PostgresStoreError) {
        let connection: PostgresConnection
        do {
            let tls: PostgresConnection.Configuration.TLS = switch sslMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            var configuration = PostgresConnection.Configuration(host: host, port: port, username: username,
                                                                 password: password, database: database, tls: tls)
            configuration.options.connectTimeout = TimeAmount(connectTimeout)
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            let cause = ConnectionCause(postgresError: error, host: host, port: port)
            guard cause.isLasting else { return }
            throw .cannotConnect(ConnectionFailure(url: text, option: option, cause: cause))
        }
        try? await connection.close()
    }
}

extension PostgresClient.Configuration {
    /// The pool's configuration for the connection `url` names (`PostgresURL`).
    init(url: String) throws(PostgresStoreError) {
        self = try PostgresURL(url).clientConfiguration
    }
}
