import Foundation
import Foundations

/// An exchange a page shows, held once by its two drawings (its list entry and its table row):
/// copying an exchange retains each of its many fields, and the request threads that draw the
/// same page retain the same ones.
final class ShownExchange: Sendable {
    let exchange: NetworkExchange
    let l10n: L10n

    init(exchange: NetworkExchange, l10n: L10n) {
        self.exchange = exchange
        self.l10n = l10n
    }
}

/// An exchange as the list of a narrow page shows it.
struct NetworkExchangeListItemViewModel: NetworkExchangeDrawing {
    let shown: ShownExchange
}

/// An exchange as the table of a wide page shows it.
struct NetworkExchangeTableRowViewModel: NetworkExchangeDrawing {
    let shown: ShownExchange
}

/// A drawing of one exchange, found again by the exchange's id: the log gives each id once, and
/// a recorded exchange never changes; the language is the look's.
protocol NetworkExchangeDrawing: KeptDrawing {
    var shown: ShownExchange { get }
}

extension NetworkExchangeDrawing {
    var content: NetworkExchangeRowViewModel { NetworkExchangeRowViewModel(shown.exchange, l10n: shown.l10n) }

    var drawnFrom: [Int] { [shown.exchange.id] }
}
