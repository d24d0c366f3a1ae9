import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundations
import Locking

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

/// Fetches pictures with `URLSession`, refusing internal addresses other than the BFF's own,
/// anything that is not `image/*` and anything past `maxBytes` (stopped as soon as it is known,
/// not after downloading it all). Redirects are followed only to addresses that pass the same check.
public final class MediaFetcher: MediaFetcherType {
    /// The cap a picture from a BFF is held to.
    public static let defaultMaxBytes = 5 * 1024 * 1024

    private let headers: [String: String]
    private let bffOrigin: URL?
    private let maxBytes: Int
    private let delegate: Delegate
    private let session: URLSession
    private let networkLog: NetworkLog?

    /// - Parameters:
    ///   - headers: the BFF's headers (credentials). They go only to pictures on the BFF's own
    ///     origin, never to another host the BFF points at.
    ///   - bffOrigin: the BFF's `scheme://host:port`; its host's addresses may be internal.
    ///   - networkLog: where each fetch is recorded for Area 51's network inspector.
    public init(headers: [String: String] = [:], bffOrigin: URL?, maxBytes: Int = MediaFetcher.defaultMaxBytes,
                timeout: Duration = .seconds(10), networkLog: NetworkLog? = nil) {
        self.headers = headers
        self.networkLog = networkLog
        self.bffOrigin = bffOrigin
        self.maxBytes = maxBytes
        delegate = Delegate(policy: AddressPolicy(bffHost: bffOrigin?.host))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = Double(timeout.components.seconds)
        configuration.timeoutIntervalForResource = Double(timeout.components.seconds) * 3
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func fetch(_ url: URL) async throws(MediaError) -> FetchedPicture {
        try await delegate.policy.check(url)
        var request = URLRequest(url: url)
        request.setValue("image/*", forHTTPHeaderField: "Accept")
        if sameOrigin(url) {
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        }
        let started = ContinuousClock.now
        let startedAt = Date()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<FetchedPicture, MediaError>, Never>) in
            let task = session.dataTask(with: request)
            delegate.begin(task, maxBytes: maxBytes, credentialNames: sameOrigin(url) ? Array(headers.keys) : [],
                           continuation: continuation)
            task.resume()
        }
        record(request, result, startedAt: startedAt, duration: ContinuousClock.now - started)
        return try result.get()
    }

    /// The fetch as an exchange of the network log: the picture itself is kept as a note of its size.
    private func record(_ request: URLRequest, _ result: Result<FetchedPicture, MediaError>, startedAt: Date, duration: Duration) {
        guard let networkLog, let url = request.url else { return }
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
            requestHeaders: NetworkExchange.headers(request.allHTTPHeaderFields ?? [:], credentialNames: headers.keys),
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
        guard !addresses.isEmpty else { throw .unreachable(host: host, reason: "its name does not resolve") }
        let internalAddresses = addresses.filter(\.isInternal)
        guard !internalAddresses.isEmpty else { return }
        var bffAddresses: Set<NetworkAddress> = []
        if let bffHost { bffAddresses = Set(await NetworkAddress.resolve(bffHost)) }
        guard internalAddresses.allSatisfy(bffAddresses.contains) else { throw .internalAddress(host: host) }
    }
}

/// The session's delegate: one pending fetch per task, fed as bytes arrive.
private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
    struct Pending {
        let maxBytes: Int
        let credentialNames: [String]
        let continuation: CheckedContinuation<Result<FetchedPicture, MediaError>, Never>
        var contentType = ""
        var data = Data()
        /// Set when the fetch was stopped for a reason of ours; the task's own error is then moot.
        var failure: MediaError?
    }

    let policy: AddressPolicy
    private let pending = Locked<[Int: Pending]>([:])

    init(policy: AddressPolicy) {
        self.policy = policy
    }

    func begin(_ task: URLSessionTask, maxBytes: Int, credentialNames: [String],
               continuation: CheckedContinuation<Result<FetchedPicture, MediaError>, Never>) {
        pending.withLock {
            $0[task.taskIdentifier] = Pending(maxBytes: maxBytes, credentialNames: credentialNames, continuation: continuation)
        }
    }

    /// Stops `task` with `failure` unless it already has one.
    private func fail(_ task: URLSessionTask, _ failure: MediaError) {
        pending.withLock { pending in
            if pending[task.taskIdentifier]?.failure == nil { pending[task.taskIdentifier]?.failure = failure }
        }
        task.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let contentType = ((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? "")
            .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let maxBytes = pending.withLock { pending in
            pending[dataTask.taskIdentifier]?.contentType = contentType
            return pending[dataTask.taskIdentifier]?.maxBytes ?? 0
        }
        let failure: MediaError? = if !(200..<300).contains(status) {
            .badStatus(status)
        } else if !contentType.hasPrefix("image/") {
            .notAnImage(contentType: contentType.isEmpty ? "none" : contentType)
        } else if response.expectedContentLength > Int64(maxBytes) {
            .tooLarge(limit: maxBytes)
        } else {
            nil
        }
        if let failure {
            pending.withLock { $0[dataTask.taskIdentifier]?.failure = failure }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = pending.withLock { pending -> Int? in
            guard var entry = pending[dataTask.taskIdentifier], entry.failure == nil else { return nil }
            entry.data.append(data)
            let over = entry.data.count > entry.maxBytes ? entry.maxBytes : nil
            if over != nil { entry.data = Data() }
            pending[dataTask.taskIdentifier] = entry
            return over
        }
        if let overLimit { fail(dataTask, .tooLarge(limit: overLimit)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let credentialNames = pending.withLock { $0[task.taskIdentifier]?.credentialNames ?? [] }
        let policy = policy
        nonisolated(unsafe) let completionHandler = completionHandler
        Task {
            guard let url = request.url, (try? await policy.check(url)) != nil else {
                self.fail(task, .internalAddress(host: request.url?.host ?? ""))
                completionHandler(nil)
                return
            }
            var request = request
            // Credentials never follow a redirect: they are the BFF's, not the next host's.
            for name in credentialNames { request.setValue(nil, forHTTPHeaderField: name) }
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let host = task.originalRequest?.url?.host ?? ""
        if let failure = entry.failure {
            entry.continuation.resume(returning: .failure(failure))
        } else if let error = error as? URLError, error.code == .timedOut {
            entry.continuation.resume(returning: .failure(.timeout(host: host)))
        } else if let error {
            entry.continuation.resume(returning: .failure(.unreachable(host: host, reason: error.localizedDescription)))
        } else {
            entry.continuation.resume(returning: .success(FetchedPicture(contentType: entry.contentType, data: entry.data)))
        }
    }
}
