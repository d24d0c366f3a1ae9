import Foundation
import Logging
import Locking

/// Toggles decided on the BFF side; here only a local override can stand in for them.
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
    /// Where a fetch that changed a value in force is announced (`ToggleCatalog.changes`).
    private let changes: Broadcaster<ToggleChange>
    /// Whether a local override stands in for the toggle named: its remote value changes nothing in force.
    private let isOverridden: @Sendable (String) -> Bool
    private let state = Locked(State())
    private let logger = Logger(label: "moments.toggles.remote")

    public init(source: RemoteConfigurationSource, changes: Broadcaster<ToggleChange> = Broadcaster(),
                isOverridden: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.source = source
        self.changes = changes
        self.isOverridden = isOverridden
    }

    public var configuration: RemoteConfiguration { state.withLock { $0.configuration } }
    public var origin: Origin { state.withLock { $0.origin } }

    public func isToggleOn(_ toggle: ToggleType) -> Bool {
        RemoteToggle(rawValue: toggle.name).map { configuration[$0] } ?? false
    }

    /// The variant of the A/B test `test` (`heart`), or `""` when it is no A/B test.
    public func variant(of test: ToggleType) -> String {
        ABTest(rawValue: test.name).map { configuration[$0] } ?? ""
    }

    public func update(toggle: ToggleType, value: Bool) async throws {
        throw TogglesDataStoreError.readOnly(toggle.name, kind: .remote)
    }

    /// Fetches the config once; on failure falls back to the defaults and says why.
    public func refresh() async {
        let new: State
        do {
            new = State(configuration: try await source.fetch(), origin: .remote(fetchedAt: Date()))
        } catch {
            logger.warning("remote config unavailable, using defaults", metadata: ["source": "\(source.description)", "error": "\(error)"])
            new = State(configuration: .defaults, origin: .defaults(reason: String(describing: error)))
        }
        let old = state.withLock { state in
            defer { state = new }
            return state.configuration
        }
        let now = Date()
        for description in ToggleCatalog.descriptions where description.isOverridable && !isOverridden(description.name) {
            let before = ToggleValue(text: old.value(named: description.name))
            let after = ToggleValue(text: new.configuration.value(named: description.name))
            if before != after {
                changes.send(ToggleChange(name: description.name, oldValue: before, newValue: after, source: .remote, changedAt: now))
            }
        }
    }

    /// Refreshes now and then every `interval` until cancelled, and at once whenever the source
    /// says it changed.
    public func refresh(every interval: Duration) async {
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await source.watch { [self] in Task { await refresh() } } }
            while !Task.isCancelled {
                await NetworkCause.$current.withValue("remote config refresh") { await refresh() }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
