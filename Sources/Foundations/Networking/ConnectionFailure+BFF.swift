import Connections
import Foundation

extension ConnectionFailure {
    /// The BFF at `url`, named by `option`, that `OutboundHTTP` could not reach.
    init(bffURL url: URL, option: String, httpClientError error: any Error) {
        self.init(url: url.absoluteString, option: option, cause: ConnectionCause(httpClientError: error, url: url))
    }

    /// One line for people: the BFF's URL, the cause and what to do, in `l10n`'s language.
    public func bffMessage(in l10n: L10n) -> String {
        String(format: l10n[.bffErrorUnreachable], url, cause.words(in: l10n), remedy(in: l10n))
    }

    private func remedy(in l10n: L10n) -> String {
        switch cause {
        case .unknownHost: String(format: l10n[.bffRemedyUnknownHost], option)
        case .refused(let host, let port): String(format: l10n[.bffRemedyRefused], Self.hostAndPort(host, port), option)
        case .tlsNotOffered, .tlsFailed: String(format: l10n[.bffRemedyTLS], option)
        case .timeout: String(format: l10n[.bffRemedyTimeout], option)
        case .reset, .other: String(format: l10n[.bffRemedyOther], option)
        }
    }
}

extension ConnectionCause {
    /// Why a connection failed, for people, in `l10n`'s language; a cause the client names only
    /// in its own words keeps them.
    public func words(in l10n: L10n) -> String {
        switch self {
        case .unknownHost(let host): String(format: l10n[.connectionUnknownHost], host)
        case .refused(let host, let port): String(format: l10n[.connectionRefused], ConnectionFailure.hostAndPort(host, port))
        case .tlsNotOffered: l10n[.connectionTLSNotOffered]
        case .tlsFailed: l10n[.connectionTLSFailed]
        case .timeout: l10n[.connectionTimeout]
        case .reset: l10n[.connectionReset]
        case .other(let words): words
        }
    }
}
