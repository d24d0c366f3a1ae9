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
    /// A page of the exchanges that match, the newest or those after `filter.after`: for a page,
    /// drawn as the list's entries (`items`) and as the table's rows (`rows`).
    let exchanges: Drawn<[NetworkExchangeListItemViewModel]>
    let hasExchanges: Bool
    /// How many exchanges match the filters, over all pages.
    let matchingCount: Int
    /// "1 to 50 of the 312 that match, newest first."; empty when none is shown.
    let shownNote: String
    /// The `after` of the page of older exchanges that match; `nil` on the last page.
    let olderAfter: Int?
    /// The filters as a query followed by `&` when not empty: the pages' links keep them.
    let filterQuery: String
    /// How many exchanges the ring keeps at most (`--network-log-size`).
    let capacity: Int
    let bodyCap: Int
    /// "Keeps the last 500 exchanges; …" in the reader's language.
    let keptNote: String
    /// The forms, for a page as `forms`; the calls held as `held`.
    let faults: Drawn<FaultsViewModel>
    let mocks: Drawn<MocksViewModel>
    let breakpoints: Drawn<BreakpointsViewModel>

    /// How many exchanges a page lists: the whole ring is slow to draw, and an open tab redraws
    /// its list at every new exchange.
    static let pageSize = 50

    /// - Parameter sections: the versions of the faults, mocks and breakpoints in force, read
    ///   before their view-models were made.
    init(log: NetworkLog, filter: NetworkExchangeFilter, filterQuery: String, faults: FaultsViewModel, mocks: MocksViewModel,
         breakpoints: BreakpointsViewModel, sections: [Int], l10n: L10n) {
        title = l10n[.networkInspector]
        self.filter = filter
        self.filterQuery = filterQuery
        let kept = log.latest
        let names = Set(kept.map { $0.operationName }).union(FaultInjector.operations).sorted()
        operations = [Option(value: "", title: l10n[.networkAll], isSelected: filter.operation == nil)]
            + names.map { Option(value: $0, title: $0, isSelected: $0 == filter.operation) }
        outcomes = [Option(value: "", title: l10n[.networkAll], isSelected: filter.outcome == nil)]
            + NetworkExchange.Outcome.allCases.map { Option(value: $0.rawValue, title: l10n[$0.title], isSelected: $0 == filter.outcome) }
        let matching = kept.indices.filter { filter.matches(kept[$0]) }
        let start = filter.after.map { after in matching.firstIndex { kept[$0].id < after } ?? matching.endIndex } ?? matching.startIndex
        let shown = matching[start...].prefix(Self.pageSize).map { kept[$0] }
        let drawn = shown.map { ShownExchange(exchange: $0, l10n: l10n) }
        let items = drawn.map(NetworkExchangeListItemViewModel.init)
        exchanges = Drawn(items, parts: ["items": items, "rows": drawn.map(NetworkExchangeTableRowViewModel.init)])
        hasExchanges = !shown.isEmpty
        matchingCount = matching.count
        shownNote = shown.isEmpty ? "" : String(format: l10n[.networkShown], String(start + 1), String(start + shown.count), String(matching.count))
        olderAfter = start + shown.count < matching.count ? shown.last?.id : nil
        capacity = log.capacity
        bodyCap = log.bodyCap
        keptNote = String(format: l10n[.networkKept], String(log.capacity), String(log.bodyCap / 1024))
        self.faults = Drawn(faults, parts: ["forms": [NetworkInspectorFaultsItemViewModel(content: faults, drawnFrom: sections)]])
        self.mocks = Drawn(mocks, parts: ["forms": [NetworkInspectorMocksItemViewModel(content: mocks, drawnFrom: sections)]])
        self.breakpoints = Drawn(breakpoints, parts: [
            "forms": [NetworkInspectorBreakpointsItemViewModel(content: breakpoints, drawnFrom: sections)],
            "held": [NetworkInspectorHeldCallsItemViewModel(content: breakpoints, drawnFrom: sections)],
        ])
    }
}
