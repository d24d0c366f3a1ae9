import Foundation
import Logging
import Synchronization

/// Toggles decided on the BFF side, read-only here.
public enum RemoteToggle: String, ToggleType, CaseIterable, Sendable {
    case isRoundedAvatar
}

/// Remote toggles and the A/B value, fetched from the BFF side at start and on an interval;
/// the defaults while it cannot be reached.
public final class RemoteTogglesDataStore: TogglesDataStoreType {
    /// Where the values in force come from.
    public enum Origin: Sendable, Equatable {
        case remote(fetchedAt: Date)
        case defaults(reason: String)
    }

    private struct State {
        var configuration = RemoteConfiguration.defaults
        var origin = Origin.defaults(reason: "not fetched yet")
    }

    public let source: RemoteConfigurationSource
    private let state = Mutex(State())
    private let logger = Logger(label: "moments.toggles.remote")

    public init(source: RemoteConfigurationSource) {
        self.source = source
    }

    public var configuration: RemoteConfiguration { state.withLock { $0.configuration } }
    public var origin: Origin { state.withLock { $0.origin } }

    public func isToggleOn(_ toggle: ToggleType) -> Bool {
        RemoteToggle(rawValue: toggle.name).map { configuration[$0] } ?? false
    }

    /// The variant of the A/B test `test` (`heart`), or its default's when it is no A/B test.
    public func variant(of test: ToggleType) -> String {
        ABTest(rawValue: test.name).map { configuration[$0] } ?? ""
    }

    public func update(toggle: ToggleType, value: Bool) async throws {
        throw TogglesDataStoreError.readOnly(toggle.name, kind: .remote)
    }

    /// Fetches the config once; on failure falls back to the defaults and says why.
    public func refresh() async {
        do {
            let configuration = try await source.fetch()
            state.withLock { $0 = State(configuration: configuration, origin: .remote(fetchedAt: Date())) }
        } catch {
            logger.warning("remote config unavailable, using defaults", metadata: ["source": "\(source.description)", "error": "\(error)"])
            state.withLock { $0 = State(configuration: .defaults, origin: .defaults(reason: String(describing: error))) }
        }
    }

    /// Refreshes now and then every `interval` until the returned task is cancelled.
    public func startRefreshing(every interval: Duration) -> Task<Void, Never> {
        Task { [self] in
            while !Task.isCancelled {
                await NetworkCause.$current.withValue("remote config refresh") { await refresh() }
                try? await Task.sleep(for: interval)
            }
        }
    }
}

/// The A/B tests the dashboard takes part in, from the same remote config.
public struct ABTestProvider: Sendable {
    private let remoteTogglesDataStore: RemoteTogglesDataStore

    public init(remoteTogglesDataStore: RemoteTogglesDataStore) {
        self.remoteTogglesDataStore = remoteTogglesDataStore
    }

    public var likeButtonStyle: LikeButtonStyle { remoteTogglesDataStore.configuration.likeButtonStyle }
}
