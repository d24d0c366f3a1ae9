import Foundation

/// The users and moments a new BFF starts with, and what `resetDemoData` puts back.
///
/// Dates are ages, not instants, so that the timeline always reads "8 minutes ago" right after
/// seeding. The first user is the current user (`"0"`), the one the dashboard asks about.
struct DemoData: Sendable, Equatable {
    /// A person: the current user or one of their friends.
    struct User: Sendable, Equatable {
        var id: String
        var name: String
        var avatar: String
        var backgroundImage: String
    }

    /// A post: photos or a link, with a title, an age and the users who liked it.
    struct Moment: Sendable, Equatable {
        var id: String
        var authorID: String
        var age: Age
        var title: String?
        var content: Content
        /// Users who liked the moment, in the order they liked it.
        var likedBy: [String]
    }

    /// What a moment shows besides its title.
    enum Content: Sendable, Equatable {
        case photos([String])
        case url(String)
    }

    /// How long before seeding a moment was posted.
    enum Age: Sendable, Equatable {
        case seconds(Int)
        case minutes(Int)
        case hours(Int)
        case days(Int)
        case weeks(Int)

        var seconds: Int {
            switch self {
            case .seconds(let count): count
            case .minutes(let count): count * 60
            case .hours(let count): count * 3600
            case .days(let count): count * 86400
            case .weeks(let count): count * 7 * 86400
            }
        }
    }

    var users: [User]
    var moments: [Moment]
}
