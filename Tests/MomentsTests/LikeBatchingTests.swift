import BFF
import Foundation
import Foundations
@testable import Moments
import Locking
import Testing
import TestSupport

/// Likes that arrive together go to the BFF in one `updateMomentLikes` document when its schema
/// offers it; each like is still answered with its own moment, and a refused batch is sent again
/// like by like, so each learns its own outcome.
@Suite struct LikeBatchingTests {
    /// A `send` for `LikeBatcher` that records each document's changes and holds each answer until
    /// the test lets it go.
    private final class HeldBFF: Sendable {
        let documents = Locked<[[MomentLikeChange]]>([])
        private let held = Locked<[CheckedContinuation<Void, Never>]>([])

        func send(_ changes: [MomentLikeChange]) async -> [MomentLikes] {
            await withCheckedContinuation { continuation in
                documents.withLock { $0.append(changes) }
                held.withLock { $0.append(continuation) }
            }
            return changes.map { MomentLikes(id: $0.momentID, isLiked: $0.isLiked, likes: [.init(id: $0.userID, avatar: "/a.png")]) }
        }

        var heldCount: Int { held.withLock { $0.count } }

        func releaseAll() {
            for continuation in held.withLock({ held in defer { held.removeAll() }; return held }) { continuation.resume() }
        }
    }

    private static func change(_ momentID: String, _ isLiked: Bool = true) -> MomentLikeChange {
        MomentLikeChange(momentID: momentID, userID: "0", isLiked: isLiked)
    }

    /// Sends one like per entry of `momentIDs` with `batcher`, each once the documents on their
    /// way number `inFlight[i]`, and answers each like's outcome by moment.
    private static func send(_ momentIDs: [String], with batcher: LikeBatcher<MomentLikes>, whenHeld held: @escaping @Sendable () -> Int,
                             inFlight: [Int]) -> Task<[String: LikeBatcher<MomentLikes>.Outcome], Never> {
        Task {
            await withTaskGroup(of: (String, LikeBatcher<MomentLikes>.Outcome).self) { group in
                for (index, id) in momentIDs.enumerated() {
                    try? await eventually { held() == inFlight[index] }
                    group.addTask { (id, await batcher.send(change(id, id != "4"))) }
                }
                return await group.reduce(into: [String: LikeBatcher<MomentLikes>.Outcome]()) { $0[$1.0] = $1.1 }
            }
        }
    }

    @Test func likesArrivingWhileDocumentsAreOnTheirWay_goTogetherInTheNext_eachAnsweredWithItsMoment() async throws {
        let bff = HeldBFF()
        let batcher = LikeBatcher<MomentLikes> { changes in await bff.send(changes) }
        // Like 1 goes at once, like 2 beside it, and 3 to 7 arrive while both are on their way.
        let outcomes = Self.send((1...7).map { "\($0)" }, with: batcher, whenHeld: { bff.heldCount }, inFlight: [0, 1, 2, 2, 2, 2, 2])
        try await eventually { bff.heldCount == LikeBatcher<MomentLikes>.maximumInFlight }
        try await eventually { batcher.waitingCount == 5 }
        #expect(bff.documents.withLock { $0.map { $0.map(\.momentID) } } == [["1"], ["2"]], "the later likes wait")
        bff.releaseAll()
        try await eventually { bff.heldCount == 1 }
        #expect(bff.documents.withLock { $0.count } == 3)
        #expect(Set(bff.documents.withLock { $0.last?.map(\.momentID) ?? [] }) == ["3", "4", "5", "6", "7"], "then go in one")
        bff.releaseAll()
        let answered = await outcomes.value
        for id in (1...7).map({ "\($0)" }) {
            guard case .answered(let likes) = answered[id] else {
                Issue.record("like \(id): \(String(describing: answered[id]))")
                continue
            }
            #expect(likes?.id == id && likes?.isLiked == (id != "4"), "each like gets its own moment")
        }
    }

    /// At shutdown the batcher is drained: that returns only once every document on its way,
    /// and the changes that waited behind them, are answered.
    @Test(.timeLimit(.minutes(1))) func drained_returnsOnlyOnceEveryLikeOnItsWayIsAnswered() async throws {
        let bff = HeldBFF()
        let batcher = LikeBatcher<MomentLikes> { changes in await bff.send(changes) }
        await batcher.drained()
        let outcomes = Self.send(["1", "2", "3"], with: batcher, whenHeld: { bff.heldCount }, inFlight: [0, 1, 2])
        try await eventually { bff.heldCount == LikeBatcher<MomentLikes>.maximumInFlight }
        // Like 3 is sent once both documents are held: it must be waiting in the batcher before the
        // drain starts, or a drain that returns at once is right to.
        try await eventually { batcher.waitingCount == 1 }
        let drained = Locked(false)
        let draining = Task {
            await batcher.drained()
            drained.withLock { $0 = true }
        }
        bff.releaseAll()
        // Like 3 waited behind the first two: its document is on its way now.
        try await eventually { bff.heldCount == 1 }
        // Nothing to wait for: a drain that wrongly returned now would have 100 ms to show it.
        try await Task.sleep(for: .milliseconds(100))
        #expect(!drained.withLock { $0 }, "like 3 is still on its way")
        bff.releaseAll()
        await draining.value
        #expect(await outcomes.value.count == 3)
    }

    /// A like then an unlike of one moment by one user, both waiting: they go in two documents,
    /// the unlike after the like's answer, so the BFF applies them in order and each is answered
    /// with the moment as it left it (in one document, both were answered with the unlike's state).
    @Test func aUsersSecondChangeOfAMoment_goesAfterTheFirstIsAnswered_neverBesideIt() async throws {
        let bff = HeldBFF()
        let batcher = LikeBatcher<MomentLikes> { changes in await bff.send(changes) }
        let first = Task { await batcher.send(Self.change("1")) }
        try await eventually { bff.heldCount == 1 }
        let second = Task { await batcher.send(Self.change("2")) }
        try await eventually { bff.heldCount == 2 }
        let like = Task { await batcher.send(Self.change("9", true)) }
        try await eventually { batcher.waitingCount == 1 }
        let unlike = Task { await batcher.send(Self.change("9", false)) }
        let other = Task { await batcher.send(Self.change("8")) }
        try await eventually { batcher.waitingCount == 3 }
        bff.releaseAll()
        try await eventually { bff.heldCount == 1 }
        // Nothing to wait for: an unlike wrongly sent beside the like would have 100 ms to show.
        try await Task.sleep(for: .milliseconds(100))
        #expect(bff.documents.withLock { $0.dropFirst(2).map { $0.map(\.momentID) } } == [["9", "8"]], "the unlike waits for the like's answer")
        bff.releaseAll()
        try await eventually { bff.heldCount == 1 }
        #expect(bff.documents.withLock { $0.last } == [Self.change("9", false)])
        bff.releaseAll()
        for (task, isLiked) in [(like, true), (unlike, false)] {
            guard case .answered(let likes) = await task.value else { Issue.record("no answer"); continue }
            #expect(likes?.id == "9" && likes?.isLiked == isLiked)
        }
        for task in [first, second, other] { _ = await task.value }
    }

    @Test func aBatchRefusedWithGraphQLErrors_isSentAgainLikeByLike_aLoneLikeKeepsItsError() async throws {
        let refusal = APISessionError.graphQL([GraphQLErrorDetail(message: "no", code: "UNKNOWN_MOMENT")], hasData: false)
        let alone = LikeBatcher<MomentLikes> { _ async throws(APISessionError) in throw refusal }
        guard case .failed(.graphQL) = await alone.send(Self.change("1")) else {
            Issue.record("a document of one like fails with its own error")
            return
        }
        let bff = HeldBFF()
        let batcher = LikeBatcher<MomentLikes> { changes async throws(APISessionError) in
            let answer = await bff.send(changes)
            if changes.count > 1 { throw refusal }
            return answer
        }
        let outcomes = Self.send(["1", "2", "3", "5"], with: batcher, whenHeld: { bff.heldCount }, inFlight: [0, 1, 2, 2])
        try await eventually { bff.heldCount == LikeBatcher<MomentLikes>.maximumInFlight }
        try await eventually { batcher.waitingCount == 2 }
        bff.releaseAll()
        try await eventually { bff.heldCount == 1 }
        bff.releaseAll()
        let all = await outcomes.value
        for id in ["1", "2"] {
            guard case .answered = all[id] else { Issue.record("like \(id) went alone: \(String(describing: all[id]))"); continue }
        }
        for id in ["3", "5"] {
            guard case .refusedInBatch = all[id] else { Issue.record("like \(id) was refused together: \(String(describing: all[id]))"); continue }
        }
    }

    /// A dashboard with the embedded BFF in process (on `generated` moments, else the demo's), likes
    /// on, nothing read yet; stopped after `body`.
    private static func withLikesOn(generated: Int? = nil, onRequest: @escaping @Sendable (Data) -> Void = { _ in },
                                    _ body: (Dashboard, EmbeddedBFF) async throws -> Void) async throws {
        let (dashboard, bff) = try await Dashboard.startEmbedded(dataDirectory: Dashboard.temporaryDirectory(), generated: generated,
                                                                 onRequest: onRequest)
        do {
            try await dashboard.setLikeFeature(true)
            try await body(dashboard, bff)
        } catch {
            await dashboard.stop()
            throw error
        }
        await dashboard.stop()
    }

    /// `withLikesOn` with the first page read.
    private static func withEmbedded(onRequest: @escaping @Sendable (Data) -> Void = { _ in },
                                     _ body: (Dashboard, EmbeddedBFF, _ firstPage: [String]) async throws -> Void) async throws {
        try await withLikesOn(onRequest: onRequest) { dashboard, bff in
            let ids = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems.map(\.momentID)
            try await body(dashboard, bff, ids)
        }
    }

    /// The item a like answers, which must be 200.
    private static func item(_ answer: (status: Int, text: String)) throws -> MomentListItemViewModel {
        try #require(answer.status == 200, "\(answer.text)")
        return try Dashboard.decode(MomentListItemViewModel.self, from: answer.text)
    }

    private static func like(_ dashboard: Dashboard, _ momentID: String, _ isLiked: Bool = true) async throws -> (status: Int, text: String) {
        let answer = try await dashboard.send("PUT", "/api/moments/\(momentID)/like", contentType: "application/json",
                                              body: #"{"isLiked": \#(isLiked)}"#)
        return (answer.status, answer.text)
    }

    @Test func likesAtOnce_throughTheDashboard_goInFewerDocuments_andEachCounts() async throws {
        let documents = SentDocuments()
        try await Self.withEmbedded(onRequest: documents.record) { dashboard, _, ids in
            try #require(ids.count >= 10, "the demo timeline's first page")
            let start = documents.count
            // Three changes of each of ten moments, the last a like: every one of them ends liked.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for id in ids.prefix(10) {
                    for isLiked in [true, false, true] {
                        group.addTask { try await Self.like(dashboard, id, isLiked).status }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 30))
            let sent = documents.since(start)
            #expect(sent.count < 30, "30 likes at once in fewer documents: \(sent.count)")
            #expect(sent.contains { $0.contains("updateMomentLikes") })
            // Each moment's own changes ran in the order they arrived only per request; liking
            // once more makes every moment's state known, and the BFF holds it.
            for id in ids.prefix(10) { #expect(try await Self.like(dashboard, id).status == 200) }
            let liked = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
                .filter { $0.isLiked == true }.map(\.momentID)
            #expect(Set(ids.prefix(10)).isSubset(of: Set(liked)))
        }
    }

    @Test func likesAtOnce_ofMomentsTheBFFNoLongerHas_failAlone_andTheOthersCount() async throws {
        try await Self.withEmbedded { dashboard, bff, ids in
            try #require(Set(ids.prefix(10)) == Set((1...10).map(String.init)), "the demo timeline's first page: \(ids)")
            // The BFF's data is replaced under the dashboard, which still holds its page: moments
            // 6 to 10 are gone, 1 to 5 are new moments with the same IDs and no likes.
            _ = try await bff.replaceWithGeneratedData(users: 50, moments: 5, seed: 1)
            let answers = try await withThrowingTaskGroup(of: (String, Int, String).self) { group in
                for id in 1...10 {
                    group.addTask {
                        let answer = try await Self.like(dashboard, "\(id)")
                        return ("\(id)", answer.status, answer.text)
                    }
                }
                return try await group.reduce(into: [String: (Int, String)]()) { $0[$1.0] = ($1.1, $1.2) }
            }
            for id in 1...5 { #expect(answers["\(id)"]?.0 == 200, "moment \(id): \(String(describing: answers["\(id)"]))") }
            for id in 6...10 {
                #expect(answers["\(id)"]?.0 == 404, "moment \(id): \(String(describing: answers["\(id)"]))")
                #expect(answers["\(id)"]?.1.contains(#""code":"unknown_moment""#) == true)
            }
            let liked = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
                .filter { $0.isLiked == true }.map(\.momentID)
            #expect(liked.sorted() == (1...5).map(String.init), "every like answered 200 is in the BFF, and no other")
        }
    }

    @Test func aBatchAnsweredWithNoMoments_keepsTheMomentsTheDashboardHolds_andTheLikesCount() async throws {
        let documents = SentDocuments()
        try await Self.withEmbedded(onRequest: documents.record) { dashboard, _, ids in
            #expect(try await dashboard.putFault("updateMomentLike", #"{"kind": "emptyMoments"}"#).status == 200)
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for id in ids.prefix(6) { group.addTask { try await Self.like(dashboard, id) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.map(\.0) == Array(repeating: 200, count: 6), "\(answers.map(\.1))")
            #expect(answers.allSatisfy { $0.1.contains(#""isLiked":true"#) }, "each item drawn from the page, liked")
            #expect(documents.since(0).contains { $0.contains("updateMomentLikes") }, "the likes went in batches")
            let emptied = try await dashboard.exchanges("operation=updateMomentLike&q=%22updateMomentLikes%22%3A%5B%5D")
            #expect(!emptied.isEmpty, "the fault emptied the batch's answer")
            _ = try await dashboard.send("DELETE", "/api/area51/faults/updateMomentLike", contentType: "application/json", body: "")
            let liked = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
                .filter { $0.isLiked == true }.map(\.momentID)
            #expect(Set(ids.prefix(6)).isSubset(of: Set(liked)), "the BFF counted every like")
        }
    }

    @Test func aLikeInABatch_asksForIsLikedAlone_andShowsTheLikersTheBFFThenHas() async throws {
        let documents = SentDocuments()
        try await Self.withEmbedded(onRequest: documents.record) { dashboard, _, ids in
            let page = try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value
            let avatar = try #require(page.profile?.avatarURL, "the acting user's avatar, in the profile header")
            // A moment others liked and the acting user did not.
            let moment = try #require(page.momentItems.first { $0.isLiked == false && ($0.likes?.count ?? 0) >= 2 })
            let id = moment.momentID
            let before = try #require(moment.likes)
            let start = documents.count

            let liked = try Self.item(try await Self.like(dashboard, id, true))
            #expect(liked.isLiked == true)
            #expect(liked.likes == [avatar] + before, "the acting user first, the others as they were")
            let sent = documents.since(start).filter { $0.hasPrefix("mutation") }
            #expect(sent.count == 1 && sent.allSatisfy { $0.contains("updateMomentLikes(changes: $changes) { id isLiked }") },
                    "one batch that asks for isLiked alone: \(sent)")
            let reread = try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
            // By a dictionary: `reread.first { $0.momentID == id }` here crashes Swift 6.3.1's region analysis.
            let likesByMoment = Dictionary(uniqueKeysWithValues: reread.map { ($0.momentID, $0.likes) })
            #expect(likesByMoment[id] == liked.likes, "as the BFF then lists them")

            let unliked = try Self.item(try await Self.like(dashboard, id, false))
            #expect(unliked.isLiked == false)
            #expect(unliked.likes == before)
            #expect(ids.contains(id))
        }
    }

    @Test func aLikeAnsweredAfterThePageWasReadAgain_addsTheActingUserToTheLikersReadSince() async throws {
        try await Self.withEmbedded { dashboard, bff, _ in
            let before = try #require(try await dashboard.decode(TimelineAnswer.self, "/api/timeline").value.momentItems
                .first { $0.momentID == "2" }?.likes, "moment 2 of the demo")
            try #require(!before.contains("/images/avatars/03.png"), "\(before)")
            // Long enough for the other like and the reread to finish first under ThreadSanitizer in
            // CI, where 1.5 s was once too short.
            // One call: the fault is gone once the like has taken it and waits in its delay.
            #expect(try await dashboard.putFault("updateMomentLike", #"{"kind": "delay", "delayMs": 5000, "remainingCalls": 1}"#).status == 200)
            let like = Task { try await Self.like(dashboard, "2") }
            // While the like waits: user 3 likes moment 2 at the BFF, and the page is read again.
            try await eventually("the like to wait in the delay") {
                dashboard.application.faults?.active(in: L10n(language: .english)).isEmpty == true
            }
            let other = #"{"query":"mutation { updateMomentLike(momentID: \"2\", userID: \"3\", isLiked: true) { userDetails { id } } }"}"#
            #expect(await bff.execute(body: Data(other.utf8)).status == .ok)
            let reread = try #require(try await dashboard.decode(TimelineAnswer.self, "/api/timeline?refresh=1").value.momentItems
                .first { $0.momentID == "2" }?.likes)
            #expect(reread == ["/images/avatars/03.png"] + before)
            let liked = try Self.item(try await like.value)
            #expect(liked.likes == ["/images/avatars/00.png"] + reread, "the likers read since, and the like")
        }
    }

    @Test func aLikeOfAMomentReadAlone_beforeTheTimeline_showsTheActingUserAmongItsLikers() async throws {
        try await Self.withLikesOn { dashboard, _ in
            // Moment 2 of the demo: liked by four others, not by user 0, whose avatar is 00.png.
            let read = try await dashboard.decode(MomentPageAnswer.self, "/api/moments/2").value.item
            let before = try #require(read.likes)
            try #require(!before.contains("/images/avatars/00.png"), "\(before)")
            let liked = try Self.item(try await Self.like(dashboard, "2"))
            #expect(liked.likes == ["/images/avatars/00.png"] + before,
                    "no page of this user is held to draw their avatar from: the like reads the moment")
        }
    }

    @Test func theActingUsersAvatar_learnedFromOneLike_drawsTheNext_withoutReadingItsMoment() async throws {
        let documents = SentDocuments()
        try await Self.withLikesOn(onRequest: documents.record) { dashboard, _ in
            // Moments 2 and 4, read alone: neither lists user 0, and no timeline of theirs is held.
            for id in ["2", "4"] { #expect(try await dashboard.get("/api/moments/\(id)").status == 200) }
            let first = try Self.item(try await Self.like(dashboard, "2"))
            #expect(first.likes?.first == "/images/avatars/00.png")
            let start = documents.count
            let second = try Self.item(try await Self.like(dashboard, "4"))
            #expect(second.likes == ["/images/avatars/00.png"], "moment 4 had no likes")
            let sent = documents.since(start).filter { $0.hasPrefix("mutation") }
            #expect(sent.count == 1 && sent.allSatisfy { $0.contains("{ id isLiked }") }, "the avatar came from the first like: \(sent)")
        }
    }

    @Test func likesAtOnce_ofMomentsNotReadYet_goInBatchesThatAnswerWholeMoments_anUnknownOneFailsAlone() async throws {
        let documents = SentDocuments()
        try await Self.withLikesOn(generated: 600, onRequest: documents.record) { dashboard, _ in
            // Nothing read yet: IDs count from the newest, so "300" to "319" are deep in the timeline.
            let ids = (300..<320).map { "\($0)" }
            let start = documents.count
            let answers = try await withThrowingTaskGroup(of: (String, Int, String).self) { group in
                for id in ids {
                    group.addTask {
                        let answer = try await Self.like(dashboard, id)
                        return (id, answer.status, answer.text)
                    }
                }
                return try await group.reduce(into: [String: (Int, String)]()) { $0[$1.0] = ($1.1, $1.2) }
            }
            for id in ids {
                #expect(answers[id]?.0 == 200, "moment \(id): \(String(describing: answers[id]))")
                #expect(answers[id]?.1.contains(#""isLiked":true"#) == true)
            }
            let sent = documents.since(start)
            #expect(sent.filter { $0.contains("BFFCapabilities") }.count == 1, "the schema asked once, not once per like")
            let likes = sent.filter { $0.hasPrefix("mutation") }
            #expect(likes.allSatisfy { $0.contains("updateMomentLikes") && $0.contains("createdDate") }, "batches with the whole moment")
            #expect(likes.count < ids.count, "\(ids.count) likes in \(likes.count) documents")
            var liked: [String] = []
            for after in ["299", "309"] {
                liked += try await dashboard.decode(TimelineAnswer.self, "/api/timeline?after=\(after)").value.momentItems
                    .filter { $0.isLiked == true }.map(\.momentID)
            }
            #expect(Set(liked) == Set(ids), "every like answered 200 is in the BFF")
            let unknown = try await Self.like(dashboard, "99999")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains(#""code":"unknown_moment""#))
        }
    }
}

/// The GraphQL documents a BFF received, as its transport saw them.
private final class SentDocuments: Sendable {
    private let documents = Locked<[String]>([])

    /// Records the `query` of a request `body`.
    @Sendable func record(_ body: Data) {
        let document = (try? JSONDecoder().decode(GraphQLRequestBody<JSONValue>.self, from: body))?.query ?? ""
        documents.withLock { $0.append(document) }
    }

    var count: Int { documents.withLock { $0.count } }

    /// The documents received after the first `start`.
    func since(_ start: Int) -> [String] { documents.withLock { Array($0.dropFirst(start)) } }
}
