import DesignKit
import Foundation
import Foundations

/// What Area 51 shows, read from the services at one moment: plain values, so the view-model
/// needs no server and its specs build one by hand.
public struct InternalMenuState: Sendable {
    /// What the dashboard learned about its BFF: reachable, latency, headers (masked), last error.
    public var bff: BFFStatus
    public var dataDirectory: String
    public var lastCrash: CrashReport?
    /// Every toggle with its state, in catalog order.
    public var toggles: [(description: ToggleDescription, state: ToggleState)]
    /// Internal toggle changes, newest first.
    public var audit: [ToggleChange]
    public var remoteOrigin: RemoteTogglesDataStore.Origin
    public var trackingEvents: [RecordedTrackingEvent]
    /// The latest exchanges with the BFF, newest first.
    public var exchanges: [NetworkExchange]
    /// The tools, in the order they are listed.
    public var actions: [any InternalMenuAction]
    /// The faults in force.
    public var faults: [FaultInjector.Active]
    /// Fault sets and clears, newest first.
    public var faultAudit: [FaultChange]
    /// Whom pages act as for this browser, and whom the switcher offers.
    public var actingUserID: String
    public var users: [KnownUser]

    public init(bff: BFFStatus, dataDirectory: String, lastCrash: CrashReport?,
                toggles: [(description: ToggleDescription, state: ToggleState)], audit: [ToggleChange],
                remoteOrigin: RemoteTogglesDataStore.Origin, trackingEvents: [RecordedTrackingEvent],
                exchanges: [NetworkExchange], actions: [any InternalMenuAction], faults: [FaultInjector.Active] = [],
                faultAudit: [FaultChange] = [], actingUserID: String = MomentsTimelineViewModel.currentUserID,
                users: [KnownUser] = []) {
        self.bff = bff
        self.dataDirectory = dataDirectory
        self.lastCrash = lastCrash
        self.toggles = toggles
        self.audit = audit
        self.remoteOrigin = remoteOrigin
        self.trackingEvents = trackingEvents
        self.exchanges = exchanges
        self.actions = actions
        self.faults = faults
        self.faultAudit = faultAudit
        self.actingUserID = actingUserID
        self.users = users
    }
}

/// Area 51, as the seed's `InternalMenuViewModel`: sections of description, feature-toggle and
/// action-trigger rows. Toggle rows come from `ToggleCatalog`, tool rows from the actions list.
public struct InternalMenuViewModel: Encodable, Sendable {
    public let title: String
    public let sections: [InternalMenuSection]
    /// The sentence of the tool just run, shown once after its redirect.
    public let done: String?

    public init(state: InternalMenuState, l10n: L10n, done: String? = nil) {
        title = l10n[.area51]
        self.done = done
        sections = [
            Self.generalInfoSection(state, l10n),
            InternalMenuSection(title: l10n[.sectionDesignKit], items: [
                InternalMenuActionTriggerItemViewModel(title: l10n[.designKitDemo], detail: l10n[.designKitDemoDetail],
                                                       href: "/area51/designkit?productName=DesignKit&version=\(DesignKitInfo.version)"),
            ]),
            InternalMenuSection(title: l10n[.sectionFeatureToggles], items: state.toggles.filter(\.description.isShownInArea51).map { toggle in
                InternalMenuFeatureToggleItemViewModel(description: toggle.description, state: toggle.state,
                                                       lastChange: state.audit.first { $0.name == toggle.state.name },
                                                       remoteOrigin: state.remoteOrigin, l10n: l10n)
            }, footer: l10n[.sectionFeatureTogglesFooter]),
            InternalMenuSection(title: l10n[.sectionTools],
                                items: state.actions.map { InternalMenuActionTriggerItemViewModel(action: $0, l10n: l10n) },
                                footer: l10n[.sectionToolsFooter]),
            InternalMenuSection(title: l10n[.sectionActingUser], items: [
                InternalMenuUserSwitcherItemViewModel(actingUserID: state.actingUserID, users: state.users, l10n: l10n),
            ]),
            Self.networkSection(state, l10n),
            Self.activitySection(state, l10n),
        ]
    }

    private static func generalInfoSection(_ state: InternalMenuState, _ l10n: L10n) -> InternalMenuSection {
        var items = [
            InternalMenuDescriptionItemViewModel(title: l10n[.infoVersion], detail: AppInfo.identity),
            InternalMenuDescriptionItemViewModel(title: l10n[.infoBuildTarget], detail: AppInfo.buildTarget.rawValue),
            InternalMenuDescriptionItemViewModel(title: l10n[.infoDesignKit], detail: DesignKitInfo.version),
        ] + bffItems(state.bff, l10n) + [
            InternalMenuDescriptionItemViewModel(title: l10n[.infoDataDir], detail: state.dataDirectory),
        ]
        if let crash = state.lastCrash {
            items.append(InternalMenuDescriptionItemViewModel(
                title: l10n[.infoLastCrash],
                detail: "\(l10n.dateTime(crash.crashedAt)) — \(crash.reason)", isWarning: true))
        }
        return InternalMenuSection(title: l10n[.sectionGeneralInfo], items: items)
    }

    /// The BFF's rows: where it is and whether it answers, how fast, the headers sent (masked
    /// only), the latest error with its class, and what it supports once that is known.
    private static func bffItems(_ bff: BFFStatus, _ l10n: L10n) -> [InternalMenuDescriptionItemViewModel] {
        let answer = bff.problem.map { String(format: l10n[.infoBffDown], "\($0.code) — \($0.message(in: l10n))") } ?? l10n[.infoBffUp]
        var items = [
            InternalMenuDescriptionItemViewModel(title: l10n[.infoBff], detail: "\(bff.endpoint) — \(answer)",
                                                 isWarning: bff.isReachable == false),
        ]
        if let latency = bff.latencyMilliseconds {
            items.append(InternalMenuDescriptionItemViewModel(title: l10n[.infoBffLatency], detail: String(format: "%.1f ms", latency)))
        }
        items.append(InternalMenuDescriptionItemViewModel(
            title: l10n[.infoBffHeaders],
            detail: bff.maskedHeaders.isEmpty ? l10n[.infoBffHeadersNone] : bff.maskedHeaders.joined(separator: ", ")))
        items.append(InternalMenuDescriptionItemViewModel(
            title: l10n[.infoBffLastError],
            detail: bff.lastFailure.map { failure in
                "\(failure.error.code) — \(failure.error.message(in: l10n)) (\(failure.operationName), \(l10n.dateTime(failure.failedAt)))"
            } ?? l10n[.infoBffLastErrorNone],
            isWarning: bff.lastFailure != nil))
        // Filled by whoever learns them (introspection, the paging fallback); absent until then.
        if let supportsPaging = bff.supportsPaging {
            items.append(InternalMenuDescriptionItemViewModel(title: l10n[.infoBffPaging], detail: l10n[supportsPaging ? .on : .off]))
        }
        if let introspection = bff.introspection {
            items.append(InternalMenuDescriptionItemViewModel(title: l10n[.infoBffIntrospection], detail: l10n[introspection ? .on : .off]))
        }
        return items
    }

    /// The way to the network inspector and its fault forms, and the faults in force.
    private static func networkSection(_ state: InternalMenuState, _ l10n: L10n) -> InternalMenuSection {
        InternalMenuSection(title: l10n[.sectionNetwork], items: [
            InternalMenuActionTriggerItemViewModel(title: l10n[.networkInspector], detail: l10n[.networkInspectorDetail], href: "/area51/network"),
            InternalMenuActionTriggerItemViewModel(title: l10n[.contract], detail: l10n[.contractDetail], href: "/area51/contract"),
        ] + state.faults.map { active in
            InternalMenuDescriptionItemViewModel(title: "\(l10n[.faultActive]) · \(active.operation)", detail: active.summary, isWarning: true)
        })
    }

    /// How many of each kind of activity (tracking events, exchanges, toggle and fault changes)
    /// the activity section picks its thirty newest from.
    static let activityPerKind = 20

    /// Tracking events, exchanges with the BFF, toggle changes and fault changes, newest first.
    /// Each entry is written out only once it is among the thirty shown.
    private static func activitySection(_ state: InternalMenuState, _ l10n: L10n) -> InternalMenuSection {
        typealias Entry = (at: Date, item: () -> InternalMenuDescriptionItemViewModel)
        let events = state.trackingEvents.prefix(activityPerKind).map { event -> Entry in
            (event.recordedAt, { InternalMenuDescriptionItemViewModel(
                title: "\(l10n[.activityTracking]) · \(event.name)",
                detail: ([l10n.time(event.recordedAt)] + event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: "  ")) })
        }
        let requests = state.exchanges.prefix(activityPerKind).map { exchange -> Entry in
            (exchange.startedAt, { InternalMenuDescriptionItemViewModel(
                title: "\(l10n[.activityGraphQL]) · \(exchange.operationName)",
                detail: "\(l10n.time(exchange.startedAt))  \(l10n[exchange.outcome.title])  \(String(format: "%.1f", exchange.durationMilliseconds)) ms  \(exchange.variables?.json ?? exchange.url)",
                isWarning: exchange.outcome != .ok) })
        }
        let faultChanges = state.faultAudit.prefix(activityPerKind).map { change -> Entry in
            (change.changedAt, { InternalMenuDescriptionItemViewModel(
                title: "\(l10n[.activityFault]) · \(change.operation)",
                detail: "\(l10n.time(change.changedAt))  \(change.fault?.summary(in: l10n) ?? l10n[.faultCleared])  (\(l10n[change.source.title]))") })
        }
        let changes = state.audit.prefix(activityPerKind).map { change -> Entry in
            // An override's absent value is "follow remote".
            let text = { (value: ToggleValue?) in value?.description ?? l10n[.overrideFollowRemote] }
            return (change.changedAt, { InternalMenuDescriptionItemViewModel(
                title: "\(l10n[change.isOverride ? .overrideTitle : .activityToggle]) · \(change.name)",
                detail: "\(l10n.time(change.changedAt))  \(text(change.oldValue)) → \(text(change.newValue))  (\(l10n[change.source.title]))") })
        }
        let items = (events + requests + changes + faultChanges).sorted { $0.at > $1.at }.prefix(30).map { $0.item() }
        return InternalMenuSection(title: l10n[.sectionActivity],
                                   items: items.isEmpty ? [InternalMenuDescriptionItemViewModel(title: l10n[.activityNone])] : Array(items))
    }
}
