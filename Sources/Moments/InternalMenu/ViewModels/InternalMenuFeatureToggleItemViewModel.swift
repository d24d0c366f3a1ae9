import Foundation
import Foundations

/// A toggle as a switch: internal ones can be flipped; remote ones and the A/B value show each
/// layer (default, remote, override, in force) and take a local override. Drawn from the same
/// `ToggleState` `/api/toggles` lists.
public struct InternalMenuFeatureToggleItemViewModel: InternalMenuItemViewModel {
    public let type = InternalMenuItemType.featureToggle
    public let title: String
    public let name: String
    /// On or off in force.
    public let isOn: Bool
    public let isWritable: Bool
    /// The registered default, as text (`false`, `heart`).
    public let defaultValue: String
    /// For an A/B test, its value in force instead of on/off.
    public let value: String?
    /// Where the value comes from and when it last changed.
    public let detail: String
    /// For remote toggles and A/B tests: the remote value, the override and the value in force.
    public let isOverridable: Bool
    public let remoteValue: String?
    public let effectiveValue: String
    /// Who set the override, when and from where; or that there is none.
    public let overrideDetail: String?
    public let isOverridden: Bool
    /// Set when the remote value changed after the override was set.
    public let note: String?
    /// A value each, and follow remote (`value` empty).
    public let overrideOptions: [InternalMenuChoice]

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
        isOverridable = state.isOverridable
        remoteValue = state.remoteValue.map { Self.text($0, l10n) }
        effectiveValue = Self.text(state.effectiveValue, l10n)
        isOverridden = state.override != nil
        overrideDetail = state.isOverridable ? state.override.map {
            String(format: l10n[.overrideSetBy], Self.text($0.value, l10n), $0.setBy, l10n.dateTime($0.setAt), l10n[$0.source.title])
        } ?? l10n[.overrideNone] : nil
        note = state.noted(in: l10n).note
        let values: [ToggleValue] = description.variants.isEmpty ? [.bool(true), .bool(false)] : description.variants.map(ToggleValue.variant)
        overrideOptions = state.isOverridable
            ? [InternalMenuChoice(value: "", label: l10n[.overrideFollowRemote], isSelected: state.override == nil)]
                + values.map { InternalMenuChoice(value: $0.description, label: Self.text($0, l10n), isSelected: state.override?.value == $0) }
            : []
    }

    /// `On`, `Off`, or the variant's name.
    private static func text(_ value: ToggleValue, _ l10n: L10n) -> String {
        switch value {
        case .bool(let isOn): l10n[isOn ? .on : .off]
        case .variant(let variant): variant
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, name, isOn, isWritable, defaultValue, value, detail
        case isOverridable, remoteValue, effectiveValue, overrideDetail, isOverridden, note, overrideOptions
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
        case .remote: .sourceRemote
        case .expired: .sourceExpired
        case .session: .sourceSession
        }
    }
}
