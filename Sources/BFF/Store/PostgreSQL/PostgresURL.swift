import Foundation
import PostgresNIO

extension PostgresClient.Configuration {
    /// The connection a `postgres://user:password@host:port/database?sslmode=…` URL names, as
    /// `libpq` reads it: port 5432 and no password when absent; `sslmode` `disable`, `prefer`
    /// (the default) or `require`.
    init(url: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme),
              let host = components.host, !host.isEmpty, let username = components.user, !username.isEmpty
        else {
            throw .invalidURL
        }
        let database = String(components.path.drop { $0 == "/" })
        let tls: TLS
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require": tls = .require(.makeClientConfiguration())
        default: throw .invalidURL
        }
        self.init(host: host, port: components.port ?? 5432, username: username, password: components.password,
                  database: database.isEmpty ? nil : database, tls: tls)
    }
}
