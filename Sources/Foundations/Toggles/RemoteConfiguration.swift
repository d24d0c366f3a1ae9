import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    private let load: @Sendable () async throws -> Data
    private let observe: (@Sendable (@escaping @Sendable () -> Void) -> Void)?

    /// - Parameter observe: for a source that knows when it changes (the embedded BFF), hands it
    ///   the function to call then, so the dashboard reads it at once instead of on the next poll.
    public init(description: String, load: @escaping @Sendable () async throws -> Data,
                observe: (@Sendable (@escaping @Sendable () -> Void) -> Void)? = nil) {
        self.description = description
        self.load = load
        self.observe = observe
    }

    /// Asks the source to call `changed` whenever it changes; a source that cannot tell ignores it.
    func onChange(_ changed: @escaping @Sendable () -> Void) {
        observe?(changed)
    }

    /// Reads the document at `url` over HTTP, sending `headers` (the BFF's credentials).
    public static func http(_ url: URL, headers: [String: String] = [:], timeout: TimeInterval = 3) -> RemoteConfigurationSource {
        RemoteConfigurationSource(description: url.absoluteString) {
            var request = URLRequest(url: url, timeoutInterval: timeout)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            for (name, value) in headers {
                request.setValue(value, forHTTPHeaderField: name)
            }
            let (data, response) = try await HTTPClient.session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            if status == 401 || status == 403 { throw APISessionError.credentialsRefused(status: status) }
            guard status == 200 else { throw APISessionError.httpStatus(status) }
            return data
        }
    }

    func fetch() async throws -> RemoteConfiguration {
        try JSONDecoder().decode(RemoteConfiguration.self, from: await load())
    }
}
