/// State an answer may be drawn from, with a number that changes whenever the state does: an
/// answer stamped with it (`AnswerValidity`) is reused only while the number stays.
///
/// The number must change after the state has (whoever reads the new number reads the new
/// state), and the stamp is taken before the state is read: a change while an answer is drawn
/// then leaves the answer already out of date, never one that looks current and is not.
public protocol StateVersioned: AnyObject, Sendable {
    var stateVersion: Int { get }
}
