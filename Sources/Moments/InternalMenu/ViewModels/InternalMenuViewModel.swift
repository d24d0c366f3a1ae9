import Foundation
import Foundations

/// Area 51, as the seed's `InternalMenuViewModel`: sections of description, feature-toggle and
/// action-trigger rows. Adding a toggle to the menu is one line in `featureTogglesSection`.
public struct InternalMenuViewModel: Encodable, Sendable {
    public let title: String
    public let sections: [InternalMenuSection]

    /// - Parameter bffProblem: why the BFF does not answer, `nil` when it does.
    public init(dependencies: AppDependencies, l10n: L10n, bffProblem: APISessionError?) throws {
        title = l10n["area51"]
        let audit = try dependencies.internalTogglesDataStore.audit()
        sections = [
            Self.generalInfoSection(dependencies, l10n, bffProblem),
            InternalMenuSection(title: l10n["section.designKit"], items: [
                InternalMenuActionTriggerItemViewModel(title: l10n["designKitDemo"], detail: l10n["designKitDemo.detail"],
                                                       href: "/area51/designkit?productName=DesignKit&version=1.0.1"),
            ]),
            Self.featureTogglesSection(dependencies, l10n, audit),
            InternalMenuSection(title: l10n["section.tools"],
                                items: InternalMenuActions.all(dependencies, l10n).map { InternalMenuActionTriggerItemViewModel(action: $0, l10n: l10n) }),
            Self.activitySection(dependencies, l10n, audit),
        ]
    }

    private static func generalInfoSection(_ dependencies: AppDependencies, _ l10n: L10n, _ bffProblem: APISessionError?) -> InternalMenuSection {
        var items = [
            InternalMenuDescriptionItemViewModel(title: l10n["info.version"], detail: AppInfo.version),
            InternalMenuDescriptionItemViewModel(title: l10n["info.buildTarget"], detail: AppInfo.buildTarget.rawValue),
            InternalMenuDescriptionItemViewModel(
                title: l10n["info.bff"],
                detail: "\(dependencies.bffDescription) — \(bffProblem.map { String(format: l10n["info.bffDown"], $0.description) } ?? l10n["info.bffUp"])",
                isWarning: bffProblem != nil),
            InternalMenuDescriptionItemViewModel(title: l10n["info.dataDir"], detail: dependencies.dataDirectory.path),
        ]
        if let crash = dependencies.lastCrash {
            items.append(InternalMenuDescriptionItemViewModel(
                title: l10n["info.lastCrash"],
                detail: "\(l10n.dateTime(crash.crashedAt)) — \(crash.reason)", isWarning: true))
        }
        return InternalMenuSection(title: l10n["section.generalInfo"], items: items)
    }

    private static func featureTogglesSection(_ dependencies: AppDependencies, _ l10n: L10n, _ audit: [ToggleChange]) -> InternalMenuSection {
        let internalToggles = dependencies.internalTogglesDataStore
        let remote = dependencies.remoteTogglesDataStore
        func internalItem(_ toggle: InternalToggle) -> InternalMenuFeatureToggleItemViewModel {
            InternalMenuFeatureToggleItemViewModel(title: l10n["toggle.\(toggle.name)"], toggle: toggle, togglesDataStore: internalToggles,
                                                   lastChange: audit.first { $0.name == toggle.name }, l10n: l10n)
        }
        return InternalMenuSection(title: l10n["section.featureToggles"], items: [
            internalItem(.isLikeButtonForMomentEnabled),
            internalItem(.isNewTimelineLayoutEnabled),
            InternalMenuFeatureToggleItemViewModel(
                title: l10n["toggle.isRoundedAvatar"], name: RemoteToggle.isRoundedAvatar.name, isOn: remote.isToggleOn(RemoteToggle.isRoundedAvatar),
                value: nil, defaultValue: String(RemoteConfiguration.defaults.isRoundedAvatar), origin: remote.origin, l10n: l10n),
            InternalMenuFeatureToggleItemViewModel(
                title: l10n["toggle.likeButtonStyle"], name: "likeButtonStyle", isOn: false,
                value: dependencies.abTestProvider.likeButtonStyle.rawValue,
                defaultValue: RemoteConfiguration.defaults.likeButtonStyle.rawValue, origin: remote.origin, l10n: l10n),
        ])
    }

    /// Tracking events, GraphQL calls and toggle changes, newest first.
    private static func activitySection(_ dependencies: AppDependencies, _ l10n: L10n, _ audit: [ToggleChange]) -> InternalMenuSection {
        let events = dependencies.recordingTrackingProvider.recordedEvents.prefix(20).map { event in
            (event.recordedAt, InternalMenuDescriptionItemViewModel(
                title: "\(l10n["activity.tracking"]) · \(event.name)",
                detail: ([l10n.time(event.recordedAt)] + event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: "  ")))
        }
        let requests = dependencies.graphQLRequestLog.latest.prefix(20).map { request in
            (request.sentAt, InternalMenuDescriptionItemViewModel(
                title: "\(l10n["activity.graphQL"]) · \(request.operationName)",
                detail: "\(l10n.time(request.sentAt))  \(request.status)  \(String(format: "%.1f", request.durationMilliseconds)) ms  \(request.variables)",
                isWarning: request.status != "ok"))
        }
        let changes = audit.prefix(20).map { change in
            (change.changedAt, InternalMenuDescriptionItemViewModel(
                title: "\(l10n["activity.toggle"]) · \(change.name)",
                detail: "\(l10n.time(change.changedAt))  \(change.oldValue) → \(change.newValue)  (\(l10n["source.\(change.source.rawValue)"]))"))
        }
        let items = (events + requests + changes).sorted { $0.0 > $1.0 }.prefix(30).map(\.1)
        return InternalMenuSection(title: l10n["section.activity"],
                                   items: items.isEmpty ? [InternalMenuDescriptionItemViewModel(title: l10n["activity.none"])] : Array(items))
    }
}

/// The tools of Area 51, in the order they are listed.
enum InternalMenuActions {
    static func all(_ dependencies: AppDependencies, _ l10n: L10n) -> [any InternalMenuAction] {
        [
            CrashAppAction(crashRecorder: dependencies.crashRecorder, l10n: l10n),
            ClearCacheAction(momentsRepo: dependencies.momentsRepo, l10n: l10n),
            ResetTogglesAction(togglesDataStore: dependencies.internalTogglesDataStore, l10n: l10n),
        ]
    }
}
