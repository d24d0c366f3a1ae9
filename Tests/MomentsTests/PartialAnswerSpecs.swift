import Foundations
@testable import Moments
import Testing

/// A partial answer's field errors land on the moments their paths run through, and a moment
/// whose likes failed keeps the likes known before instead of none.
@Suite struct PartialAnswerSpecs {
    static let root = "getMomentsDetailsByUserID"

    static func error(_ path: [GraphQLErrorDetail.PathSegment], code: String? = "LIKES_UNAVAILABLE") -> GraphQLErrorDetail {
        GraphQLErrorDetail(message: "failed", code: code, path: path)
    }

    static var details: MomentsDetails {
        var details = ViewModelSpecs.details
        details.moments[1].likes = nil
        return details
    }

    @Test func marking_putsEachErrorOnTheMomentItsPathRunsThrough_andTheOthersOnTheDetails() {
        let likes = Self.error([.field(Self.root), .field("moments"), .index(1), .field("likes")])
        let outside = Self.error([.field("somethingElse")], code: nil)
        let beyond = Self.error([.field(Self.root), .field("moments"), .index(9), .field("likes")])
        let marked = Self.details.marking([likes, outside, beyond], root: Self.root)
        #expect(marked.moments[0].fieldErrors == nil && !marked.moments[0].likesFailed)
        #expect(marked.moments[1].fieldErrors == [MomentsDetails.FieldError(likes)])
        #expect(marked.moments[1].likesFailed)
        #expect(marked.fieldErrors == [MomentsDetails.FieldError(outside), MomentsDetails.FieldError(beyond)])
    }

    @Test func keepingLikes_ofAMomentWhoseLikesFailed_takesTheKnownLikesAndIsLiked_andSaysSo() {
        let known = ViewModelSpecs.moment("2")
        var failed = Self.details.marking([Self.error([.field(Self.root), .field("moments"), .index(1), .field("isLiked")])],
                                          root: Self.root).moments[1]
        failed.isLiked = nil
        failed.likes = nil
        let kept = failed.keepingLikes(of: known)
        #expect(kept.likes == known.likes && kept.isLiked == known.isLiked)
        #expect(kept.hasSavedLikes == true)
        #expect(kept.fieldErrors == failed.fieldErrors, "still marked")
    }

    @Test func keepingLikes_changesNothing_whenTheLikesCameBack_orNothingIsKnown() {
        let whole = ViewModelSpecs.moment("1")
        #expect(whole.keepingLikes(of: ViewModelSpecs.moment("1", isLiked: false)) == whole)
        let failed = Self.details.marking([Self.error([.field(Self.root), .field("moments"), .index(1), .field("likes")])],
                                          root: Self.root).moments[1]
        #expect(failed.keepingLikes(of: nil) == failed)
        var unknown = ViewModelSpecs.moment("2", isLiked: nil)
        unknown.likes = nil
        #expect(failed.keepingLikes(of: unknown) == failed)
    }

    @Test func momentItem_ofFailedLikes_isMarked_withTheSavedOnesSaidToBeSaved() {
        var failed = Self.details.marking([Self.error([.field(Self.root), .field("moments"), .index(1), .field("likes")])],
                                          root: Self.root).moments[1]
        let l10n = L10n(language: .english)
        let drawn = MomentListItemViewModel(moment: failed, isLikeEnabled: true, l10n: l10n)
        #expect(drawn.likes == [] && drawn.likesNotice == "Likes could not be loaded")
        #expect(drawn.partial?.first?.code == "LIKES_UNAVAILABLE")
        failed = failed.keepingLikes(of: ViewModelSpecs.moment("2"))
        let saved = MomentListItemViewModel(moment: failed, isLikeEnabled: true, l10n: l10n)
        #expect(saved.likes?.count == 1 && saved.likesNotice == "Likes could not be loaded. Showing the likes saved earlier.")
        #expect(MomentListItemViewModel(moment: failed, isLikeEnabled: false, l10n: l10n).likesNotice == nil)
    }
}
