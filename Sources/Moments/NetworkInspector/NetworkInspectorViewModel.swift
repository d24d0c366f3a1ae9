import Foundation
import Foundations

/// Area 51's network inspector (`/area51/network`, `/api/area51/network`): the exchanges kept,
/// newest first and filtered, the filters' choices, the fault, mock and breakpoint forms and
/// the calls held now.
struct NetworkInspectorViewModel: Encodable, Sendable {
    /// A choice of a filter's drop-down.
    struct Option: Encodable, Sendable {
        let value: String
        let title: String
        let isSelected: Bool
    }

    let title: String
    let filter: NetworkExchangeFilter
    let operations: [Option]
    let outcomes: [Option]
    let exchanges: [NetworkExchangeRowViewModel]
    let hasExchanges: Bool
    /// How many exchanges the ring keeps at most (`--network-log-size`).
    let capacity: Int
    let bodyCap: Int
    /// "Keeps the last 500 exchanges; …" in the reader's language.
    let keptNote: String
    let faults: FaultsViewModel
    let mocks: MocksViewModel
    let breakpoints: BreakpointsViewModel

    init(log: NetworkLog, filter: NetworkExchangeFilter, faults: FaultsViewModel, mocks: MocksViewModel, breakpoints: BreakpointsViewModel,
         l10n: L10n) {
        title = l10n[.networkInspector]
        self.filter = filter
        let kept = log.latest
        let names = Set(kept.map(\.operationName)).union(FaultInjector.operations).sorted()
        operations = [Option(value: "", title: l10n[.networkAll], isSelected: filter.operation == nil)]
            + names.map { Option(value: $0, title: $0, isSelected: $0 == filter.operation) }
        outcomes = [Option(value: "", title: l10n[.networkAll], isSelected: filter.outcome == nil)]
            + NetworkExchange.Outcome.allCases.map { Option(value: $0.rawValue, title: l10n[$0.title], isSelected: $0 == filter.outcome) }
        exchanges = kept.filter(filter.matches).map { NetworkExchangeRowViewModel($0, l10n: l10n) }
        hasExchanges = !exchanges.isEmpty
        capacity = log.capacity
        bodyCap = log.bodyCap
        keptNote = String(format: l10n[.networkKept], String(log.capacity), String(log.bodyCap / 1024))
        self.faults = faults
        self.mocks = mocks
        self.breakpoints = breakpoints
    }
}
