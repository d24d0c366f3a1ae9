import Connections
import Foundation
import Foundations
import Locking
@testable import Moments
import Testing

/// The seed's view-model specs: values in, values out, with an injected clock and a repository
/// that answers what the spec says. No server, no database.
@Suite struct ViewModelSpecs {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let refused = APISessionError.transport(ConnectionFailure(url: "http://127.0.0.1:9/graphql", option: "--bff-url",
                                                                     cause: .refused(host: "127.0.0.1", port: 9)))

    static func moment(_ id: String, photos: Int = 1, minutesAgo: Double = 9, isLiked: Bool? = true) -> MomentsDetails.Moment {
        MomentsDetails.Moment(
            id: id, userDetails: .init(name: "Alice", avatar: "/a.png"), type: .photos, title: "Title \(id)", url: nil,
            photos: (0..<photos).map { "/p\($0).jpg" }, createdDate: String(Int(now.timeIntervalSince1970 - minutesAgo * 60)),
            isLiked: isLiked, likes: isLiked == true ? [.init(id: "0", avatar: "/me.png")] : [])
    }

    static let details = MomentsDetails(userDetails: .init(id: "0", name: "Alex", avatar: "/me.png", backgroundImage: "/bg.jpg"),
                                        moments: [moment("1", photos: 3), moment("2", isLiked: false)])

    /// A repository that answers one result for every page.
    final class StubMomentsRepo: MomentsRepoType {
        let result: Result<MomentsSnapshot, MomentsRepoError>
        let likeChanges = Broadcaster<LikeChange>()
        /// One answer, never changed.
        let stateVersion = 0

        init(_ result: Result<MomentsSnapshot, MomentsRepoError>) { self.result = result }

        func getMoments(userID: String, page: MomentsPage, refresh: Bool) async throws(MomentsRepoError) -> MomentsSnapshot { try result.get() }
        func moment(id momentID: String, userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment { throw .unknownMoment(momentID) }
        func updateLike(isLiked: Bool, momentID: String, fromUserID userID: String) async throws(MomentsRepoError) -> MomentsDetails.Moment {
            throw .unknownMoment(momentID)
        }
        func clearSaved() async throws {}
        func flush() async {}
    }

    struct Toggles: TogglesDataStoreType {
        let isLikeOn: Bool
        func isToggleOn(_ toggle: ToggleType) -> Bool { toggle.name == InternalToggle.isLikeButtonForMomentEnabled.name && isLikeOn }
        func update(toggle: ToggleType, value: Bool) async throws {}
    }

    static func timeline(_ result: Result<MomentsSnapshot, MomentsRepoError>, likeOn: Bool = true, page: MomentsPage = .newest) -> MomentsTimelineViewModel {
        MomentsTimelineViewModel(page: page, l10n: L10n(language: .english), momentsRepo: StubMomentsRepo(result),
                                 togglesDataStore: Toggles(isLikeOn: likeOn), trackingRepo: TrackingRepo(providers: []), now: now)
    }

    @Test func momentListItem_describesTheMomentAsOfNow() {
        let item = MomentListItemViewModel(moment: Self.moment("1", photos: 3), isLikeEnabled: true, l10n: L10n(language: .english),
                                           now: Self.now)
        #expect(item.postDateDescription == "9 minutes ago")
        #expect(item.photoURL == "/p0.jpg")
        #expect(item.morePhotosCount == 2)
        #expect(item.isLiked == true)
        #expect(item.likes == ["/me.png"])
    }

    /// A BFF we did not write may send any URL: only web addresses become links.
    @Test(arguments: [("https://example.com/a?b=1", "example.com"), ("HTTP://Example.com", "Example.com"),
                      ("javascript:alert(1)", nil), ("JavaScript:alert(1)", nil), ("data:text/html,<b>x</b>", nil),
                      ("//example.com/no-scheme", nil), ("not a url", nil)])
    func momentListItem_linksOnlyToWebAddresses(url: String, host: String?) {
        var moment = Self.moment("1")
        (moment.type, moment.url) = (.url, url)
        let item = MomentListItemViewModel(moment: moment, isLikeEnabled: false, l10n: L10n(language: .english), now: Self.now)
        #expect(item.link?.host == host)
        #expect(item.link.map { $0.url == url } ?? true)
    }

    @Test func momentListItem_withLikeFeatureOff_hasNoLikes() {
        let item = MomentListItemViewModel(moment: Self.moment("1"), isLikeEnabled: false, l10n: L10n(language: .simplifiedChinese),
                                           now: Self.now)
        #expect(item.isLiked == nil && item.likes == nil)
        #expect(item.postDateDescription == "9分钟前")
    }

    @Test func timeline_loadItems_showsTheProfileThenEachMoment() async {
        var viewModel = Self.timeline(.success(MomentsSnapshot(momentsDetails: Self.details, version: 1, staleBecause: nil, nextCursor: "2")))
        await viewModel.loadItems()
        #expect(viewModel.hasContent && !viewModel.hasError)
        let items = viewModel.listItems.flatMap(\.items)
        #expect(items.map { type(of: $0).reuseIdentifier } == ["UserProfileListItemViewModel", "MomentListItemViewModel", "MomentListItemViewModel"])
        #expect(viewModel.nextCursor == "2")
        #expect(viewModel.notice == nil)
    }

    @Test func timeline_whenTheRepoServesSavedMoments_saysSo() async {
        var viewModel = Self.timeline(.success(MomentsSnapshot(momentsDetails: Self.details, version: 1,
                                                               staleBecause: Self.refused, nextCursor: nil)))
        await viewModel.loadItems()
        #expect(viewModel.hasContent)
        #expect(viewModel.notice == "Showing moments saved just now. The BFF at http://127.0.0.1:9/graphql can’t be reached: "
            + "nothing accepts connections on 127.0.0.1:9 (connection refused). "
            + "Is the BFF running and listening on 127.0.0.1:9? Check the port in --bff-url.")
        #expect(viewModel.stale?.code == "bff_unreachable")
    }

    @Test(arguments: [(Language.english, "Showing moments saved 3 minutes ago. The BFF refused the credentials (HTTP 401)"),
                      (.simplifiedChinese, "正在显示3分钟前保存的朋友圈。BFF 拒绝了凭据（HTTP 401）")])
    func timeline_servingSavedMoments_saysWhyAndHowOld(language: Language, notice: String) async {
        let savedAt = Self.now.addingTimeInterval(-200)
        var viewModel = MomentsTimelineViewModel(
            l10n: L10n(language: language),
            momentsRepo: StubMomentsRepo(.success(MomentsSnapshot(momentsDetails: Self.details, version: 1,
                                                                  staleBecause: .credentialsRefused(status: 401), savedAt: savedAt,
                                                                  nextCursor: nil))),
            togglesDataStore: Toggles(isLikeOn: true), trackingRepo: TrackingRepo(providers: []), now: Self.now)
        await viewModel.loadItems()
        #expect(viewModel.notice?.hasPrefix(notice) == true, "\(viewModel.notice ?? "")")
        #expect(viewModel.stale?.code == "bff_credentials_refused")
        #expect(viewModel.stale?.savedAt == savedAt)
    }

    @Test func timeline_facets_changeWhenTheSavedTimesMinuteTurns() async {
        let savedAt = Self.now.addingTimeInterval(-50)
        func key(at now: Date) async -> [String] {
            var viewModel = MomentsTimelineViewModel(
                l10n: L10n(language: .english),
                momentsRepo: StubMomentsRepo(.success(MomentsSnapshot(momentsDetails: Self.details, version: 1,
                                                                      staleBecause: Self.refused, savedAt: savedAt,
                                                                      nextCursor: nil))),
                togglesDataStore: Toggles(isLikeOn: true), trackingRepo: TrackingRepo(providers: []), now: now)
            await viewModel.loadItems()
            return viewModel.facets
        }
        // 50 s and 70 s after the save: the same minute of the clock (1_800_000_000 starts one) but
        // "just now" then "1 minute ago".
        #expect(await key(at: Self.now) != key(at: Self.now.addingTimeInterval(20)))
    }

    @Test func timeline_whenTheBFFIsDownAndNothingIsSaved_hasError() async {
        var viewModel = Self.timeline(.failure(.unavailable(.timeout(seconds: 5))))
        await viewModel.loadItems()
        #expect(viewModel.hasError && !viewModel.hasContent && !viewModel.isUnknownPage)
        #expect(viewModel.listItems.isEmpty)
    }

    @Test func timeline_whoseCursorNamesNoMoment_isAnUnknownPage() async {
        var viewModel = Self.timeline(.failure(.unknownMoment("99")), page: MomentsPage(after: "99"))
        await viewModel.loadItems()
        #expect(viewModel.isUnknownPage)
    }

    @Test func internalMenu_drawsOneRowPerCatalogToggleAndPerAction() {
        let state = InternalMenuState(
            bff: BFFStatus(endpoint: "embedded BFF", isReachable: false, problem: Self.refused), dataDirectory: "/data", lastCrash: nil,
            toggles: ToggleCatalog.descriptions.map { description in
                (description, ToggleState(name: description.name, kind: description.kind, isOn: false, value: nil,
                                          defaultValue: description.defaultValue.description, isWritable: description.isWritable))
            },
            audit: [ToggleChange(name: InternalToggle.isLikeButtonForMomentEnabled.name, oldValue: false, newValue: true, source: .api, changedAt: Self.now)],
            remoteOrigin: .remote(fetchedAt: Self.now), trackingEvents: [], exchanges: [],
            actions: [ClearCacheAction(momentsRepo: StubMomentsRepo(.failure(.unknownMoment(""))))])
        let l10n = L10n(language: .english)
        let viewModel = InternalMenuViewModel(state: state, l10n: l10n)
        #expect(viewModel.sections.map(\.title) == [l10n[.sectionGeneralInfo], l10n[.sectionDesignKit], l10n[.sectionFeatureToggles],
                                                    l10n[.sectionTools], l10n[.sectionActingUser], l10n[.sectionNetwork],
                                                    l10n[.sectionActivity]])
        let toggleRows = viewModel.sections[2].items.compactMap { $0 as? InternalMenuFeatureToggleItemViewModel }
        #expect(toggleRows.map(\.name) == ToggleCatalog.descriptions.filter(\.isShownInArea51).map(\.name))
        #expect(toggleRows.first?.detail.contains("API") == true, "the audit's latest change is shown on its row")
        #expect(viewModel.sections[3].items.compactMap { ($0 as? InternalMenuActionTriggerItemViewModel)?.title } == [l10n[.actionClearCache]])
        let bffRow = viewModel.sections[0].items.compactMap { $0 as? InternalMenuDescriptionItemViewModel }.first { $0.title == l10n[.infoBff] }
        #expect(bffRow?.isWarning == true)
    }

    @Test func everyAction_hasItsTitleDetailAndDoneStrings() throws {
        let folder = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions: [any InternalMenuAction] = [
            CrashAppAction(crashRecorder: CrashRecorder(directory: folder)),
            ClearCacheAction(momentsRepo: StubMomentsRepo(.failure(.unknownMoment("")))),
            ResetTogglesAction(togglesDataStore: try InternalTogglesDataStore(database: try AppDatabase(directory: folder))),
        ]
        for action in actions {
            #expect(action.strings.title.rawValue == "action.\(action.id)")
            #expect(action.strings.detail.rawValue == "action.\(action.id).detail")
            #expect(action.strings.done.rawValue == "action.\(action.id).done")
        }
    }
}
