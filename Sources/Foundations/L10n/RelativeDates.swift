import Foundation
import Locking

/// The relative dates said during one second of the clock, by language and date. A like answers
/// its moment's item with its "3 days ago", and formatting one (`Date.AnchoredRelativeFormatStyle`)
/// is a large part of a like's CPU: here a thousand likes a second of thirty moments format thirty
/// dates a second. Dates are counted from the whole second `now` is in,
/// so every instant of a second says a date the same way, and the memo holds one second's answers
/// and starts afresh at the next.
final class RelativeDates: Sendable {
    private struct Key: Hashable {
        let language: Language
        let date: Date
    }

    private struct Said {
        /// The whole second of the clock the answers are counted from.
        var second: TimeInterval = -.infinity
        var byKey: [Key: String] = [:]
    }

    private let said = Locked(Said())

    /// `date` relative to the whole second `now` is in, in `language`.
    func relativeDate(_ date: Date, now: Date, language: Language) -> String {
        let second = now.timeIntervalSince1970.rounded(.down)
        let key = Key(language: language, date: date)
        if let answer = said.withLock({ $0.second == second ? $0.byKey[key] : nil }) {
            return answer
        }
        var style = Date.AnchoredRelativeFormatStyle(anchor: date, presentation: .named, unitsStyle: .wide)
        style.locale = language.locale
        let answer = style.format(Date(timeIntervalSince1970: second))
        said.withLock { said in
            if said.second != second { said = Said(second: second) }
            said.byKey[key] = answer
        }
        return answer
    }
}
