import Foundation
import Foundations

/// A toggle as a switch: internal ones can be flipped, remote ones and the A/B value are shown
/// read-only with where they come from.
public struct InternalMenuFeatureToggleItemViewModel: InternalMenuItemViewModel {
    public let type = InternalMenuItemType.featureToggle
    public let title: String
    public let name: String
    public let isOn: Bool
    public let isWritable: Bool
    /// The registered default, as text (`false`, `heart`).
    public let defaultValue: String
    /// For an A/B test, its current value instead of on/off.
    public let value: String?
    /// Where the value comes from and when it last changed.
    public let detail: String

    private let toggle: (any ToggleType)?
    private let togglesDataStore: InternalTogglesDataStore?

    /// An internal toggle, which QA can flip here.
    public init(title: String, toggle: InternalToggle, togglesDataStore: InternalTogglesDataStore, lastChange: ToggleChange?, l10n: L10n) {
        self.title = title
        name = toggle.name
        isOn = togglesDataStore.isToggleOn(toggle)
        isWritable = true
        defaultValue = String(toggle.defaultValue)
        value = nil
        detail = lastChange.map {
            String(format: l10n["toggleChanged"], l10n.dateTime($0.changedAt), l10n["source.\($0.source.rawValue)"])
        } ?? l10n["toggleNeverChanged"]
        self.toggle = toggle
        self.togglesDataStore = togglesDataStore
    }

    /// A remote toggle or A/B value, read-only, with its origin.
    public init(title: String, name: String, isOn: Bool, value: String?, defaultValue: String, origin: RemoteTogglesDataStore.Origin, l10n: L10n) {
        self.title = title
        self.name = name
        self.isOn = isOn
        isWritable = false
        self.defaultValue = defaultValue
        self.value = value
        detail = switch origin {
        case .remote(let fetchedAt): String(format: l10n["remoteFetched"], l10n.time(fetchedAt))
        case .defaults(let reason): String(format: l10n["remoteDefaults"], reason)
        }
        toggle = nil
        togglesDataStore = nil
    }

    /// Flips the toggle, as the seed's `toggle(isOn:)`, recording where the change came from.
    public func toggle(isOn: Bool, source: ToggleChangeSource) throws {
        guard let toggle, let togglesDataStore else {
            throw TogglesDataStoreError.readOnly(name, reason: "Remote toggles are changed on the BFF side.")
        }
        try togglesDataStore.update(toggle: toggle, value: isOn, source: source)
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, name, isOn, isWritable, defaultValue, value, detail
    }
}
