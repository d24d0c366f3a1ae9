import AsyncHTTPClient
import Connections
import Foundation
import Foundations
import NIOCore

/// A picture as the image host answered it.
public struct FetchedPicture: Sendable, Equatable {
    /// `image/…`, without parameters.
    public let contentType: String
    public let data: Data

    public init(contentType: String, data: Data) {
        self.contentType = contentType
        self.data = data
    }
}

/// Fetches one picture from wherever the BFF points; the one production type is `MediaFetcher`.
public protocol MediaFetcherType: Sendable {
    func fetch(_ url: URL) async throws(MediaError) -> FetchedPicture
}

/// Fetches pictures with `OutboundHTTP`, refusing internal addresses other than the BFF's own,
/// anything that is not `image/*` and anything past `maxBytes` (stopped as soon as it is known,
/// not after downloading it all). Redirects are followed, at most `maxRedirects`, only to addresses
/// that pass the same check, and without the BFF's credentials.
public struct MediaFetcher: MediaFetcherType {
    /// The cap a picture from a BFF is held to.
    public static let defaultMaxBytes = 5 * 1024 * 1024
    /// How many redirects one picture may take.
    static let maxRedirects = 5

    private let headers: [String: String]
    private let bffOrigin: URL?
    private let maxBytes: Int
    private let timeout: Duration
    private let policy: AddressPolicy
    private let networkLog: NetworkLog?

    /// - Parameters:
    ///   - headers: the BFF's headers (credentials). They go only to pictures on the BFF's own
    ///     origin, never to another host the BFF points at.
    ///   - bffOrigin: the BFF's `scheme://host:port`; its host's addresses may be internal.
    ///   - timeout: how long one picture may take, its redirects included.
    ///   - networkLog: where each fetch is recorded for Area 51's network inspector.
    public init(headers: [String: String] = [:], bffOrigin: URL?, maxBytes: Int = MediaFetcher.defaultMaxBytes,
                timeout: Duration = .seconds(10), networkLog: NetworkLog? = nil) {
        self.headers = headers
        self.networkLog = networkLog
        self.bffOrigin = bffOrigin
        self.maxBytes = maxBytes
        self.timeout = timeout
        policy = AddressPolicy(bffHost: bffOrigin?.host)
    }

    public func fetch(_ url: URL) async throws(MediaError) -> FetchedPicture {
        let started = ContinuousClock.now
        let startedAt = Date()
        let sentHeaders = [("Accept", "image/*")] + (sameOrigin(url) ? headers.map { ($0.key, $0.value) } : [])
        let result: Result<FetchedPicture, MediaError>
        do throws(MediaError) {
            result = .success(try await follow(url, headers: sentHeaders, deadline: .now() + TimeAmount(timeout)))
        } catch {
            result = .failure(error)
        }
        record(url, headers: sentHeaders, result, startedAt: startedAt, duration: ContinuousClock.now - started)
        return try result.get()
    }

    /// Asks for `url`, and for where each redirect leads (each checked, none with credentials),
    /// until an answer that is not one.
    private func follow(_ url: URL, headers: [(String, String)], deadline: NIODeadline) async throws(MediaError) -> FetchedPicture {
        var url = url
        var headers = headers
        var redirectStatus = 0
        for _ in 0...Self.maxRedirects {
            try await policy.check(url)
            let host = url.host ?? ""
            do {
                let response = try await OutboundHTTP.client.execute(OutboundHTTP.request(.GET, url, headers: headers), deadline: deadline)
                let status = Int(response.status.code)
                if (300..<400).contains(status), let location = response.headers.first(name: "Location") {
                    guard let next = URL(string: location, relativeTo: url)?.absoluteURL else { throw MediaError.invalidURL(location) }
                    (url, redirectStatus) = (next, status)
                    // Credentials never follow a redirect: they are the BFF's, not the next host's.
                    headers = headers.filter { $0.0 == "Accept" }
                    continue
                }
                return try await picture(of: response, status: status)
            } catch let error as MediaError {
                throw error
            } catch {
                let cause = ConnectionCause(httpClientError: error, url: url)
                throw cause == .timeout ? .timeout(host: host) : .unreachable(host: host, cause: cause)
            }
        }
        // One redirect too many: the last is the answer.
        throw .badStatus(redirectStatus)
    }

    /// The picture of an answer that is no redirect, read until it passes `maxBytes`.
    private func picture(of response: HTTPClientResponse, status: Int) async throws -> FetchedPicture {
        let contentType = (response.headers.first(name: "Content-Type") ?? "")
            .split(separator: ";").first.map { $0.withoutOptionalWhitespace.lowercased() } ?? ""
        guard (200..<300).contains(status) else { throw MediaError.badStatus(status) }
        guard contentType.hasPrefix("image/") else { throw MediaError.notAnImage(contentType: contentType) }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
            throw MediaError.tooLarge(limit: maxBytes)
        }
        var data = Data()
        for try await bytes in response.body {
            data.append(contentsOf: bytes.readableBytesView)
            if data.count > maxBytes { throw MediaError.tooLarge(limit: maxBytes) }
        }
        return FetchedPicture(contentType: contentType, data: data)
    }

    /// The fetch as an exchange of the network log: the picture itself is kept as a note of its size.
    private func record(_ url: URL, headers sent: [(String, String)], _ result: Result<FetchedPicture, MediaError>,
                        startedAt: Date, duration: Duration) {
        guard let networkLog else { return }
        var status: Int? = 200
        var failure: String?
        var outcome = NetworkExchange.Outcome.ok
        var body = NetworkBody.none
        switch result {
        case .success(let picture):
            body = NetworkBody(note: "\(picture.data.count) bytes of \(picture.contentType)", size: picture.data.count, mimeType: picture.contentType)
        case .failure(let error):
            failure = String(describing: error)
            switch error {
            case .badStatus(let code): (status, outcome) = (code, .httpError)
            case .unreachable, .timeout, .invalidURL, .unknownURL, .internalAddress: (status, outcome) = (nil, .transportError)
            case .notAnImage, .tooLarge: outcome = .invalidAnswer
            }
        }
        networkLog.record(NetworkExchange(
            kind: .media, operationName: "media", operationType: "GET", method: "GET", url: url.absoluteString,
            requestHeaders: NetworkExchange.headers(Dictionary(sent, uniquingKeysWith: { _, last in last }), credentialNames: headers.keys),
            requestBody: .none, status: status, responseBody: body, failure: failure, outcome: outcome, fault: nil,
            startedAt: startedAt, duration: duration))
    }

    private func sameOrigin(_ url: URL) -> Bool {
        guard let bffOrigin else { return false }
        return url.scheme?.lowercased() == bffOrigin.scheme?.lowercased() && url.host?.lowercased() == bffOrigin.host?.lowercased()
            && url.port == bffOrigin.port
    }
}

/// Which hosts a picture may come from: any on the public internet, and the BFF's own host
/// even when it is this machine or a private network (a team BFF on the LAN, tests on 127.0.0.1).
struct AddressPolicy: Sendable {
    let bffHost: String?

    func check(_ url: URL) async throws(MediaError) {
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
        let addresses = await NetworkAddress.resolve(host)
        guard !addresses.isEmpty else { throw .unreachable(host: host, cause: .unknownHost(host)) }
        let internalAddresses = addresses.filter(\.isInternal)
        guard !internalAddresses.isEmpty else { return }
        var bffAddresses: Set<NetworkAddress> = []
        if let bffHost { bffAddresses = Set(await NetworkAddress.resolve(bffHost)) }
        guard internalAddresses.allSatisfy(bffAddresses.contains) else { throw .internalAddress(host: host) }
    }
}
