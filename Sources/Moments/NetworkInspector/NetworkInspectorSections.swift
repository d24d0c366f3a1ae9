import Foundation
import Foundations

// The inspector's forms and the calls held, each drawn once for each change of the faults, mocks
// and breakpoints in force (`drawnFrom`: their versions). They change when QA acts; the list of
// exchanges above them changes at every exchange.

struct NetworkInspectorFaultsItemViewModel: KeptDrawing {
    let content: FaultsViewModel
    let drawnFrom: [Int]
}

struct NetworkInspectorMocksItemViewModel: KeptDrawing {
    let content: MocksViewModel
    let drawnFrom: [Int]
}

struct NetworkInspectorBreakpointsItemViewModel: KeptDrawing {
    let content: BreakpointsViewModel
    let drawnFrom: [Int]
}

struct NetworkInspectorHeldCallsItemViewModel: KeptDrawing {
    let content: BreakpointsViewModel
    let drawnFrom: [Int]
}
