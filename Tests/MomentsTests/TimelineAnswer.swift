import Foundation
import HTTPServer
import Moments

/// `GET /api/timeline` as `MomentsTimelineViewModel` encodes it. The view-model holds its
/// repositories and writes its JSON by hand (its sections' items by `reuseIdentifier`), so it
/// cannot be decoded itself: this reads the same keys, each into the product's own type.
struct TimelineAnswer: Decodable, Sendable {
    /// One item of a section, of the kind its `reuseIdentifier` names.
    enum Item: Decodable, Sendable {
        case profile(UserProfileListItemViewModel)
        case moment(MomentListItemViewModel)

        private enum CodingKeys: String, CodingKey { case reuseIdentifier }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .reuseIdentifier) {
            case UserProfileListItemViewModel.reuseIdentifier: self = .profile(try UserProfileListItemViewModel(from: decoder))
            case MomentListItemViewModel.reuseIdentifier: self = .moment(try MomentListItemViewModel(from: decoder))
            case let other:
                throw DecodingError.dataCorruptedError(forKey: .reuseIdentifier, in: container, debugDescription: "no timeline item is a \(other)")
            }
        }
    }

    /// `ListSection` as it encodes itself.
    struct Section: Decodable, Sendable {
        let title: String
        let items: [Item]
        let footer: String?
    }

    let sections: [Section]
    let hasContent: Bool
    let hasError: Bool
    let notice: String?
    let stale: MomentsTimelineViewModel.Stale?
    let error: ErrorBody.Detail?
    let errorMessage: String?
    let isLikeEnabled: Bool
    let after: String?
    let nextCursor: String?
    let nextPageQuery: String?
    let partial: [MomentsTimelineViewModel.PartialField]?

    /// The moment items, in order.
    var momentItems: [MomentListItemViewModel] {
        sections.flatMap(\.items).compactMap { if case .moment(let item) = $0 { item } else { nil } }
    }

    /// The profile header, on the newest page.
    var profile: UserProfileListItemViewModel? {
        sections.flatMap(\.items).compactMap { if case .profile(let profile) = $0 { profile } else { nil } }.first
    }
}

/// `GET /api/moments/{id}` as `MomentPageViewModel` encodes it: the moment's item (which holds
/// its tracking and language, so it cannot be decoded itself), and its photos beside the item's keys.
struct MomentPageAnswer: Decodable, Sendable {
    let item: MomentListItemViewModel
    let photos: [MomentPageViewModel.Photo]

    private enum CodingKeys: String, CodingKey { case photos }

    init(from decoder: any Decoder) throws {
        item = try MomentListItemViewModel(from: decoder)
        photos = try decoder.container(keyedBy: CodingKeys.self).decode([MomentPageViewModel.Photo].self, forKey: .photos)
    }
}
