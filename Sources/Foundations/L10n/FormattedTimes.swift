import Foundation
import Locking

/// Dates as a language writes them, kept by the whole second: Area 51 shows thirty timestamps at
/// each drawing, nearly all of them the ones it showed the last time, and each
/// `Date.FormatStyle.format` costs ICU a formatter's work.
final class FormattedTimes: Sendable {
    enum Style: Hashable, Sendable {
        /// "1:08:04 AM" / "01:08:04"
        case time
        /// "22 Nov 2026, 1:08:04 AM" / "2026年11月22日 01:08:04"
        case dateTime
    }

    private struct Key: Hashable, Sendable {
        let style: Style
        let language: Language
        let second: TimeInterval
    }

    private let said = BoundedMemo<Key, String>(capacity: 1024)

    /// `date` in `style` and `language`. Both styles stop at the second, so the whole second the
    /// date is in is what is written.
    func text(_ date: Date, _ style: Style, language: Language) -> String {
        let second = date.timeIntervalSince1970.rounded(.down)
        return said.value(for: Key(style: style, language: language, second: second)) {
            let format = switch style {
            case .time: Date.FormatStyle(date: .omitted, time: .standard)
            case .dateTime: Date.FormatStyle(date: .abbreviated, time: .standard)
            }
            return Date(timeIntervalSince1970: second).formatted(format.locale(language.locale))
        }
    }
}
