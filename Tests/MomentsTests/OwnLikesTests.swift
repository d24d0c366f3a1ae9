@testable import Moments
import Testing

/// How the BFF's live events are weighed against the dashboard's own likes: an event about a
/// moment this dashboard liked may be older than the like, however late it comes, so it is never
/// kept as it is; the moment is read again once no like of it is on its way.
@Suite struct OwnLikesTests {
    private let liked = MomentLikeChange.Target(momentID: "7", userID: "0")
    private let other = MomentLikeChange.Target(momentID: "8", userID: "0")

    /// Bookkeeping after one like of `liked`, sent and answered.
    private var afterOneAnsweredLike: OwnLikes {
        var ownLikes = OwnLikes()
        ownLikes.sent(liked)
        _ = ownLikes.ended(liked)
        return ownLikes
    }

    @Test func anEventAboutAMomentNeverLikedHere_isKept() {
        var ownLikes = afterOneAnsweredLike
        let verdict = ownLikes.verdict(on: other)
        #expect(verdict == .keep)
    }

    @Test func anEventLongAfterAnAnsweredLike_isNotKept_butTheMomentIsReadAgain() {
        var ownLikes = OwnLikes()
        ownLikes.sent(liked)
        let readAtOnce = ownLikes.ended(liked)
        #expect(!readAtOnce)
        // However late the event: no clock decides.
        let verdict = ownLikes.verdict(on: liked)
        #expect(verdict == .readAgain)
        let read = ownLikes.readAgainEnded(liked, sentBefore: 1)
        #expect(read.keep && !read.readAgain)
    }

    @Test func anEventWhileALikeIsOnItsWay_waits_andTheMomentIsReadAgainWhenTheLikeIsAnswered() {
        var ownLikes = OwnLikes()
        ownLikes.sent(liked)
        let verdict = ownLikes.verdict(on: liked)
        #expect(verdict == .wait)
        let readAgain = ownLikes.ended(liked)
        #expect(readAgain, "read again once answered: the event may be of a change made after the like")
    }

    @Test func aReadAgainDuringWhichALikeWasSent_isNotKept() {
        var ownLikes = afterOneAnsweredLike
        let verdict = ownLikes.verdict(on: liked)
        #expect(verdict == .readAgain)
        let sentBefore = ownLikes.sentCount(liked)
        ownLikes.sent(liked)
        _ = ownLikes.ended(liked)
        let read = ownLikes.readAgainEnded(liked, sentBefore: sentBefore)
        #expect(!read.keep)
    }

    @Test func anEventDuringAReadAgain_readsAgainOnceMore() {
        var ownLikes = afterOneAnsweredLike
        let first = ownLikes.verdict(on: liked)
        let second = ownLikes.verdict(on: liked)
        #expect(first == .readAgain)
        #expect(second == .wait, "one read at a time")
        let read = ownLikes.readAgainEnded(liked, sentBefore: ownLikes.sentCount(liked))
        #expect(read.keep && read.readAgain)
        let last = ownLikes.readAgainEnded(liked, sentBefore: ownLikes.sentCount(liked))
        #expect(!last.readAgain)
    }
}
