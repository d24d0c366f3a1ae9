import Foundations

/// A tool in Area 51: pressed from the page or posted by a script. Adding one is a type here
/// and one line in the composition root's list, plus its strings `action.{id}`,
/// `action.{id}.detail` and `action.{id}.done` in each language (`L10nTests` checks them).
public protocol InternalMenuAction: Sendable {
    /// The id in `/area51/actions/{id}`.
    var id: String { get }
    var isDestructive: Bool { get }
    /// Set when the process ends right after answering (Crash App).
    var terminatesProcess: Bool { get }
    /// Set when it runs only once confirmed: a second press on a confirmation page, or
    /// `?confirm=1` from a script.
    var needsConfirmation: Bool { get }
    /// Does the work; throws when it could not, having changed nothing.
    func perform() async throws
}

extension InternalMenuAction {
    public var isDestructive: Bool { false }
    public var terminatesProcess: Bool { false }
    public var needsConfirmation: Bool { terminatesProcess }

    /// Its title, detail and done sentence; a missing one fails `L10nTests`.
    public var strings: (title: L10nKey, detail: L10nKey, done: L10nKey) {
        (L10nKey.named("action.\(id)") ?? .area51,
         L10nKey.named("action.\(id).detail") ?? .area51,
         L10nKey.named("action.\(id).done") ?? .area51)
    }
}

/// What an action did, for the page and the JSON.
public struct InternalMenuActionResult: Encodable, Sendable {
    public let action: String
    public let message: String
    /// Set when the process ends right after answering (Crash App).
    public let terminatesProcess: Bool
}

/// Why Area 51 refused a request.
public enum InternalMenuError: Error, Equatable, Sendable {
    case unknownAction(String)
    /// An action that needs confirming was sent without `confirm=1`.
    case confirmationRequired(String)
}

/// Clears the saved timeline, so the next page must reach the BFF.
public struct ClearCacheAction: InternalMenuAction {
    let momentsRepo: any MomentsRepoType

    public init(momentsRepo: any MomentsRepoType) { self.momentsRepo = momentsRepo }

    public var id: String { "clear-cache" }

    public func perform() async throws {
        try await momentsRepo.clearSaved()
    }
}

/// Puts every internal toggle back to its default.
public struct ResetTogglesAction: InternalMenuAction {
    let togglesDataStore: InternalTogglesDataStore

    public init(togglesDataStore: InternalTogglesDataStore) { self.togglesDataStore = togglesDataStore }

    public var id: String { "reset-toggles" }

    public func perform() async throws {
        try await togglesDataStore.reset()
    }
}

/// Crashes the dashboard on purpose, as the seed's Crash App: the crash is recorded in the
/// data dir first, so the next start shows it in General info.
public struct CrashAppAction: InternalMenuAction {
    let crashRecorder: CrashRecorder

    public init(crashRecorder: CrashRecorder) { self.crashRecorder = crashRecorder }

    public var id: String { "crash-app" }
    public var isDestructive: Bool { true }
    public var terminatesProcess: Bool { true }

    public func perform() async throws {
        try crashRecorder.record(reason: "Crash App pressed in Area 51")
    }
}

/// Clears every local override: remote toggles and A/B tests follow the remote config again.
public struct ClearOverridesAction: InternalMenuAction {
    let overridesDataStore: ToggleOverridesDataStore

    public init(overridesDataStore: ToggleOverridesDataStore) { self.overridesDataStore = overridesDataStore }

    public var id: String { "clear-overrides" }

    public func perform() async throws {
        try await overridesDataStore.clearAll()
    }
}

/// Reads the remote config now instead of at the next poll (a BFF at `--bff-url`).
public struct FetchRemoteConfigAction: InternalMenuAction {
    let remoteTogglesDataStore: RemoteTogglesDataStore

    public init(remoteTogglesDataStore: RemoteTogglesDataStore) { self.remoteTogglesDataStore = remoteTogglesDataStore }

    public var id: String { "fetch-remote-config" }

    public func perform() async throws {
        await remoteTogglesDataStore.refresh()
    }
}
