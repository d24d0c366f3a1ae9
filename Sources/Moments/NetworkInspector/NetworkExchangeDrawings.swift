import Foundation
import Foundations

extension Drawn<NetworkExchangeListItemViewModel> {
    /// `exchange` as a script reads its row, and as a page draws it twice: as its list entry
    /// (`item`) and as its table row (`row`).
    init(_ exchange: NetworkExchange, l10n: L10n) {
        let item = NetworkExchangeListItemViewModel(exchange: exchange, l10n: l10n)
        self.init(item, parts: ["item": item, "row": NetworkExchangeTableRowViewModel(exchange: exchange, l10n: l10n)])
    }
}

/// An exchange as the list of a narrow page shows it.
struct NetworkExchangeListItemViewModel: NetworkExchangeDrawing {
    let exchange: NetworkExchange
    let l10n: L10n
}

/// An exchange as the table of a wide page shows it.
struct NetworkExchangeTableRowViewModel: NetworkExchangeDrawing {
    let exchange: NetworkExchange
    let l10n: L10n
}

/// A drawing of one exchange, found again by the exchange's id: the log gives each id once, and
/// a recorded exchange never changes; the language is the look's.
protocol NetworkExchangeDrawing: KeptDrawing {
    var exchange: NetworkExchange { get }
    var l10n: L10n { get }
}

extension NetworkExchangeDrawing {
    var content: NetworkExchangeRowViewModel { NetworkExchangeRowViewModel(exchange, l10n: l10n) }

    var drawnFrom: [Int] { [exchange.id] }
}
