import Foundation
import Foundations

/// A toggle as a switch: internal ones can be flipped, remote ones and the A/B value are shown
/// read-only with where they come from. Drawn from the same `ToggleState` `/api/toggles` lists.
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

    /// - Parameters:
    ///   - lastChange: the audit's latest change of this toggle, for internal ones.
    ///   - remoteOrigin: where remote values come from, for remote ones and A/B tests.
    public init(description: ToggleDescription, state: ToggleState, lastChange: ToggleChange?,
                remoteOrigin: RemoteTogglesDataStore.Origin, l10n: L10n) {
        title = l10n[description.title]
        name = state.name
        isOn = state.isOn ?? false
        isWritable = state.isWritable
        defaultValue = state.defaultValue
        value = state.value
        detail = switch description.kind {
        case .internal:
            lastChange.map {
                String(format: l10n[.toggleChanged], l10n.dateTime($0.changedAt), l10n[$0.source.title])
            } ?? l10n[.toggleNeverChanged]
        case .remote, .abTest:
            switch remoteOrigin {
            case .remote(let fetchedAt): String(format: l10n[.remoteFetched], l10n.time(fetchedAt))
            case .defaults(let reason): String(format: l10n[.remoteDefaults], reason)
            }
        case .buildTarget: l10n[.readOnly]
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, name, isOn, isWritable, defaultValue, value, detail
    }
}

extension ToggleChangeSource {
    /// How Area 51 names the source of a change.
    var title: L10nKey {
        switch self {
        case .page: .sourcePage
        case .api: .sourceApi
        case .reset: .sourceReset
        case .app: .sourceApp
        case .expired: .sourceExpired
        }
    }
}
