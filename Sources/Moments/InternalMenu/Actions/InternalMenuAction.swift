import Foundations

/// A tool in Area 51: pressed from the page or posted by a script.
public protocol InternalMenuAction: Sendable {
    /// The id in `/area51/actions/{id}`.
    /// Its title, detail and done message are the strings `action.{id}`, `action.{id}.detail`
    /// and `action.{id}.done`.
    var id: String { get }
    var isDestructive: Bool { get }
    /// Does the work; the answer says what happened, for the page and the JSON.
    func perform() async throws -> InternalMenuActionResult
}

/// What an action did.
public struct InternalMenuActionResult: Encodable, Sendable {
    public let action: String
    public let message: String
    /// Set when the process ends right after answering (Crash App).
    public let terminatesProcess: Bool
}

/// Clears the saved timeline, so the next page must reach the BFF.
struct ClearCacheAction: InternalMenuAction {
    let momentsRepo: any MomentsRepoType
    let l10n: L10n

    var id: String { "clear-cache" }
    var isDestructive: Bool { false }

    func perform() async throws -> InternalMenuActionResult {
        try momentsRepo.clearSaved()
        return InternalMenuActionResult(action: id, message: l10n["action.\(id).done"], terminatesProcess: false)
    }
}

/// Puts every internal toggle back to its default.
struct ResetTogglesAction: InternalMenuAction {
    let togglesDataStore: InternalTogglesDataStore
    let l10n: L10n

    var id: String { "reset-toggles" }
    var isDestructive: Bool { false }

    func perform() async throws -> InternalMenuActionResult {
        try togglesDataStore.reset()
        return InternalMenuActionResult(action: id, message: l10n["action.\(id).done"], terminatesProcess: false)
    }
}

/// Crashes the dashboard on purpose, as the seed's Crash App: the crash is recorded in the
/// data dir first, so the next start shows it in General info.
struct CrashAppAction: InternalMenuAction {
    let crashRecorder: CrashRecorder
    let l10n: L10n

    var id: String { "crash-app" }
    var isDestructive: Bool { true }

    func perform() async throws -> InternalMenuActionResult {
        try crashRecorder.record(reason: "Crash App pressed in Area 51")
        return InternalMenuActionResult(action: id, message: l10n["action.\(id).done"], terminatesProcess: true)
    }
}
