import ArgumentParser
import BFF
import Foundation
import Foundations
import Moments

/// How the dashboard reaches its BFF: the embedded one in this process, or one at a URL.
struct BFFConnection {
    let transport: any GraphQLTransport
    let remoteConfigurationSource: RemoteConfigurationSource
    /// The embedded BFF, whose HTTP routes are mounted beside the dashboard's.
    let embedded: EmbeddedBFF?
    /// Every user of the embedded BFF, read from its store, for the user switcher.
    let listUsers: (@Sendable () async throws -> [KnownUser])?

    /// Refuses a URL given to `flag` that is not http:// or https://.
    static func validate(_ url: String?, flag: String) throws {
        if let url, URL(string: url)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("\(flag) must be an http:// or https:// URL, not \(url).")
        }
    }

    /// - Parameters:
    ///   - headers: sent with the remote config requests of a BFF at `bffURL` (the GraphQL ones
    ///     get them from `MomentsApplication.Configuration.bffHeaders`).
    ///   - dataDirectory: the embedded BFF's data folder, made only when it is the one used.
    init(bffURL: String?, remoteConfigURL: String?, headers: [String: String] = [:], dataDirectory: @autoclosure () throws -> URL) throws {
        if let bffURL, let url = URL(string: bffURL) {
            transport = HTTPGraphQLTransport(url: url)
            if let configURL = remoteConfigURL.flatMap(URL.init(string:)) {
                remoteConfigurationSource = .http(configURL, headers: headers, option: "--remote-config-url")
            } else {
                remoteConfigurationSource = .http(url.deletingLastPathComponent().appendingPathComponent("remote-config"),
                                                  headers: headers)
            }
            embedded = nil
            listUsers = nil
        } else {
            let bff = try EmbeddedBFF(dataDirectory: dataDirectory())
            // Same JSON documents as over HTTP, handed over in process: no round trip, and no
            // request ever waits on a worker thread of its own server.
            transport = InProcessGraphQLTransport { body in
                let (status, answer) = await bff.execute(body: body)
                return (status.code, answer)
            }
            // The embedded BFF says when its config changes, so open tabs hear of it within a
            // second instead of at the next poll: at once for `PUT /remote-config`, and by the
            // file's date for `moments bff config set` run beside the server.
            remoteConfigurationSource = RemoteConfigurationSource(description: "embedded BFF", load: {
                try JSONEncoder().encode(await bff.remoteConfig.current())
            }, observe: { changed in
                bff.remoteConfig.observe(changed)
                await bff.remoteConfig.watchStorage()
            })
            embedded = bff
            listUsers = { try await bff.users().map { KnownUser(id: $0.id, name: $0.name, avatar: $0.avatar) } }
        }
    }
}
