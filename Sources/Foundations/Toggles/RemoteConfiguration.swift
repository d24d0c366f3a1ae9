import Connections
import Foundation

/// The heart or star favorite button: the A/B test the BFF side runs.
public enum LikeButtonStyle: String, Codable, Sendable, CaseIterable {
    case heart
    case star
}

/// The BFF side's remote config as the dashboard reads it. Missing keys and values this build
/// does not know fall back to the defaults, so a newer BFF cannot break an older dashboard.
public struct RemoteConfiguration: Sendable, Equatable, Codable {
    public var isRoundedAvatar: Bool
    public var likeButtonStyle: LikeButtonStyle

    public static let defaults = RemoteConfiguration(isRoundedAvatar: false, likeButtonStyle: .heart)

    public init(isRoundedAvatar: Bool, likeButtonStyle: LikeButtonStyle) {
        self.isRoundedAvatar = isRoundedAvatar
        self.likeButtonStyle = likeButtonStyle
    }

    /// The value of `toggle` in this config.
    public subscript(toggle: RemoteToggle) -> Bool {
        switch toggle {
        case .isRoundedAvatar: isRoundedAvatar
        }
    }

    /// The variant of `test` in this config.
    public subscript(test: ABTest) -> String {
        switch test {
        case .likeButtonStyle: likeButtonStyle.rawValue
        }
    }

    /// The value of the remote toggle or A/B test `name`, as text (`true`, `heart`).
    public func value(named name: String) -> String {
        if let toggle = RemoteToggle(rawValue: name) { return String(self[toggle]) }
        return ABTest(rawValue: name).map { self[$0] } ?? ""
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isRoundedAvatar = try container.decodeIfPresent(Bool.self, forKey: .isRoundedAvatar)
            ?? Self.defaults.isRoundedAvatar
        likeButtonStyle = (try? container.decodeIfPresent(LikeButtonStyle.self, forKey: .likeButtonStyle))
            .flatMap { $0 } ?? Self.defaults.likeButtonStyle
    }
}

/// Where the remote config comes from: the embedded BFF in-process, or a BFF over HTTP.
public struct RemoteConfigurationSource: Sendable {
    /// Where it is read from, for Area 51 ("embedded BFF", a URL).
    public let description: String
    /// The headers sent with each read (a remote BFF's credentials); recorded only masked.
    public let headers: [String: String]
    private let load: @Sendable () async throws -> Data
    private let observe: (@Sendable (@escaping @Sendable () -> Void) async -> Void)?

    /// - Parameter observe: for a source that can tell when it changes (the embedded BFF, a BFF
    ///   that waits for changes), calls the function it is given at each change until the calling
    ///   task is cancelled, so the dashboard reads the source at once instead of on the next poll.
    public init(description: String, headers: [String: String] = [:], load: @escaping @Sendable () async throws -> Data,
                observe: (@Sendable (@escaping @Sendable () -> Void) async -> Void)? = nil) {
        self.description = description
        self.headers = headers
        self.load = load
        self.observe = observe
    }

    /// Calls `changed` whenever the source changes, until the calling task is cancelled; returns
    /// at once for a source that cannot tell.
    func watch(_ changed: @escaping @Sendable () -> Void) async {
        await observe?(changed)
    }

    /// Reads the document at `url` over HTTP, sending `headers` (the BFF's credentials), and hears
    /// of its changes from a BFF that waits for them (`RemoteConfigLongPoll`). `option` names the
    /// option `url` came from, for the remedy of a failure to reach it.
    public static func http(_ url: URL, headers: [String: String] = [:], timeout: TimeInterval = 3,
                            option: String = "--bff-url") -> RemoteConfigurationSource {
        RemoteConfigurationSource(description: url.absoluteString, headers: headers, load: {
            let request = OutboundHTTP.request(.GET, url, headers: [("Accept", "application/json")], extra: headers)
            let status: Int, data: Data
            do {
                (status, _, data) = try await OutboundHTTP.send(request, timeout: .seconds(timeout))
            } catch {
                let failure = ConnectionFailure(bffURL: url, option: option, httpClientError: error)
                if failure.cause == .timeout { throw APISessionError.timeout(seconds: timeout) }
                throw APISessionError.transport(failure)
            }
            if status == 401 || status == 403 { throw APISessionError.credentialsRefused(status: status) }
            guard status == 200 else { throw APISessionError.httpStatus(status) }
            return data
        }, observe: { changed in
            await RemoteConfigLongPoll(url: url, headers: headers).run(changed)
        })
    }

    /// This source with each read shaped by the `remoteConfig` fault in force and recorded in
    /// `networkLog`, as the API session does for GraphQL calls.
    /// The source's change notification passes through unchanged.
    public func instrumented(networkLog: NetworkLog?, faults: FaultInjector?, timeout: Duration = .seconds(3)) -> RemoteConfigurationSource {
        RemoteConfigurationSource(description: description, headers: headers, load: { [self] in
            let started = ContinuousClock.now
            let startedAt = Date()
            let fault = await faults?.take(Self.operationName)
            var answer: (status: Int, body: Data)?
            var failure: APISessionError?
            defer {
                networkLog?.record(NetworkExchange(
                    kind: .remoteConfig, operationName: Self.operationName, operationType: "GET", method: "GET", url: description,
                    requestHeaders: NetworkExchange.headers(headers, credentialNames: headers.keys), requestBody: .none,
                    status: answer?.status ?? failure?.httpStatus, responseBody: answer.map { networkLog?.body($0.body) ?? .none } ?? .none,
                    failure: failure?.description, outcome: NetworkExchange.Outcome(error: failure, fault: fault), fault: fault,
                    startedAt: startedAt, duration: ContinuousClock.now - started), failure: failure)
            }
            do {
                let received: (status: Int, body: Data)
                if let fault {
                    received = try await fault.answer(reaching: description, timeout: timeout) { (200, try await load()) }
                } else {
                    received = (200, try await load())
                }
                answer = received
                guard received.status == 200 else { throw APISessionError.httpStatus(received.status) }
                guard (try? JSONSerialization.jsonObject(with: received.body)) != nil else {
                    throw APISessionError.notJSON("\(received.body.count) bytes that do not parse as JSON")
                }
                return received.body
            } catch let error as APISessionError {
                failure = error
                throw error
            } catch {
                // A source of another kind (the embedded BFF's) failing: no connection to classify.
                failure = .transport(ConnectionFailure(url: description, option: "--bff-url",
                                                       cause: .other(String(describing: error))))
                throw error
            }
        }, observe: observe)
    }

    /// The name faults and the inspector give remote-config reads.
    public static let operationName = "remoteConfig"

    func fetch() async throws -> RemoteConfiguration {
        try JSONDecoder().decode(RemoteConfiguration.self, from: await load())
    }
}
