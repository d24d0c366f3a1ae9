import Connections
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ConnectionCause {
    /// The cause a `URLSession` error met on the way to `url` stands for, told by its domain and
    /// `URLError` code (curl's error, on Linux), never by its words.
    init(urlSessionError error: any Error, url: URL) {
        let error = error as NSError
        let host = url.host ?? url.absoluteString
        guard error.domain == NSURLErrorDomain else {
            self = .other(error.localizedDescription)
            return
        }
        switch URLError.Code(rawValue: error.code) {
        case .cannotFindHost, .dnsLookupFailed:
            self = .unknownHost(host)
        case .cannotConnectToHost:
            self = .refused(host: host, port: url.port ?? (url.scheme == "https" ? 443 : 80))
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
             .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .clientCertificateRejected, .clientCertificateRequired:
            self = .tlsFailed
        case .timedOut:
            self = .timeout
        case .unknown where url.scheme == "https":
            // Foundation on Linux gives every curl error it has no code for as NSURLErrorUnknown,
            // its TLS errors among them: a handshake with a plain HTTP server, a certificate not
            // trusted. Over https, before any answer, that is the handshake that failed.
            self = .tlsFailed
        default:
            self = .other(error.localizedDescription)
        }
    }
}

extension ConnectionFailure {
    /// The BFF at `url`, named by `option`, that `URLSession` could not reach.
    init(bffURL url: URL, option: String, urlSessionError error: any Error) {
        self.init(url: url.absoluteString, option: option, cause: ConnectionCause(urlSessionError: error, url: url))
    }

    /// One line for people: the BFF's URL, the cause and what to do, in `l10n`'s language.
    public func bffMessage(in l10n: L10n) -> String {
        String(format: l10n[.bffErrorUnreachable], url, causeWords(in: l10n), remedy(in: l10n))
    }

    private func causeWords(in l10n: L10n) -> String {
        switch cause {
        case .unknownHost(let host): String(format: l10n[.connectionUnknownHost], host)
        case .refused(let host, let port): String(format: l10n[.connectionRefused], Self.hostAndPort(host, port))
        case .tlsNotOffered: l10n[.connectionTLSNotOffered]
        case .tlsFailed: l10n[.connectionTLSFailed]
        case .timeout: l10n[.connectionTimeout]
        case .other(let words): words
        }
    }

    private func remedy(in l10n: L10n) -> String {
        switch cause {
        case .unknownHost: String(format: l10n[.bffRemedyUnknownHost], option)
        case .refused(let host, let port): String(format: l10n[.bffRemedyRefused], Self.hostAndPort(host, port), option)
        case .tlsNotOffered, .tlsFailed: String(format: l10n[.bffRemedyTLS], option)
        case .timeout: String(format: l10n[.bffRemedyTimeout], option)
        case .other: String(format: l10n[.bffRemedyOther], option)
        }
    }
}
