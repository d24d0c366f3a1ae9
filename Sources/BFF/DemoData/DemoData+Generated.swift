/// A timeline as large as asked, for trying the BFF and the dashboard at scale
/// (`moments bff generate`).
///
/// Everything comes from a seeded generator: the same sizes and seed give the same users, moments
/// and likes (dates are ages, counted from when they are written). User `"0"` is the demo's
/// current user, Alex Chen. Every picture is one of the standard demo data's, so each is a file
/// under `Public/images`.
extension DemoData {
    /// The oldest a generated moment is.
    static let generatedTimelineSpan = Age.days(180)

    /// The most likes a generated moment has.
    static let generatedMaximumLikes = 20

    /// `userCount` users (at least the current user) and `momentCount` moments, newest minutes old,
    /// the oldest about six months: photo moments of 1 to 9 photos and link moments, titled in
    /// English or Chinese, each liked by 0 to 20 users, now and then the current user among them.
    static func generated(users userCount: Int, moments momentCount: Int, seed: UInt64) -> DemoData {
        precondition(userCount >= 1, "the current user is always there")
        precondition(momentCount >= 0, "a count of moments")
        var generator = TimelineGenerator(seed: seed)
        let users = generator.users(count: userCount)
        return DemoData(users: users.map(\.user), moments: generator.moments(count: momentCount, by: users))
    }
}

/// Draws the users and moments of `DemoData.generated`, in an order that fixes every value by the seed.
///
/// What the `n`th newest moment shows (author, title, pictures, likes) comes from its own
/// generator, seeded by the seed and `n`: data sets of different sizes with the same seed and
/// users start with the same moments, so their first pages cost the same to read.
private struct TimelineGenerator {
    let seed: UInt64
    var random: SeededRandomNumberGenerator

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandomNumberGenerator(seed: seed)
    }

    private static let standard = DemoData.standard
    private static let avatars = standard.users.map(\.avatar)
    /// Backgrounds other than the current user's.
    private static let backgrounds = Array(Set(standard.users.dropFirst().map(\.backgroundImage))).sorted()
    private static let photos = Array(Set(standard.moments.flatMap { moment -> [String] in
        if case .photos(let paths) = moment.content { return paths }
        return []
    })).sorted()
    private static let linkURLs = standard.moments.compactMap { moment -> String? in
        if case .url(let url) = moment.content { return url }
        return nil
    }
    /// How many photos a photo moment has: mostly few, as people post.
    private static let photoCounts = [1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9]

    /// A user and the language they mostly write in.
    struct GeneratedUser {
        var user: DemoData.User
        var writesChinese: Bool
    }

    mutating func users(count: Int) -> [GeneratedUser] {
        var users = [GeneratedUser(user: Self.standard.users[0], writesChinese: false)]
        users.reserveCapacity(count)
        for id in 1..<count {
            let writesChinese = Int.random(in: 0..<5, using: &random) < 2
            let name = GeneratedPhrases.name(chinese: writesChinese, using: &random)
            let user = DemoData.User(id: String(id), name: name, avatar: Self.avatars[id % Self.avatars.count],
                                     backgroundImage: pick(Self.backgrounds))
            users.append(GeneratedUser(user: user, writesChinese: writesChinese))
        }
        return users
    }

    /// `count` moments by `users`, newest first, with IDs `"1"` (the newest) to `"count"`.
    mutating func moments(count: Int, by users: [GeneratedUser]) -> [DemoData.Moment] {
        let newest = Int.random(in: 120...600, using: &random)
        var ages = (0..<count).map { _ in Int.random(in: newest...DemoData.generatedTimelineSpan.seconds, using: &random) }
        ages.sort()
        if !ages.isEmpty { ages[0] = newest }
        return ages.enumerated().map { index, age in
            var content = TimelineGenerator(seed: seed ^ (UInt64(index + 1) &* 0xD1B5_4A32_D192_ED03))
            return content.moment(id: String(index + 1), age: age, by: users)
        }
    }

    private mutating func moment(id: String, age: Int, by users: [GeneratedUser]) -> DemoData.Moment {
        let author = users[Int.random(in: users.indices, using: &random)]
        // Most people write in their own language, now and then in the other.
        let chinese = Int.random(in: 0..<8, using: &random) == 0 ? !author.writesChinese : author.writesChinese
        let isPhotos = Int.random(in: 0..<10, using: &random) < 7
        let content: DemoData.Content = isPhotos
            ? .photos(distinctIndices(pick(Self.photoCounts), below: Self.photos.count).map { Self.photos[$0] })
            : .url(pick(Self.linkURLs))
        let title = GeneratedPhrases.title(forPhotos: isPhotos, chinese: chinese, using: &random)
        return DemoData.Moment(id: id, authorID: author.user.id, age: .seconds(age), title: title,
                               content: content, likedBy: likers(among: users.count))
    }

    /// 0 to 20 distinct users (fewer when there are fewer users), the current user in about one
    /// moment in eight that has likes.
    private mutating func likers(among userCount: Int) -> [String] {
        let count = Int.random(in: 0...min(DemoData.generatedMaximumLikes, userCount), using: &random)
        let likedByCurrentUser = count > 0 && Int.random(in: 0..<8, using: &random) == 0
        let friends = min(count - (likedByCurrentUser ? 1 : 0), userCount - 1)
        var likers = distinctIndices(friends, below: userCount - 1).map { String($0 + 1) }
        if likedByCurrentUser {
            likers.insert("0", at: Int.random(in: 0...likers.count, using: &random))
        }
        return likers
    }

    /// `count` distinct numbers in `0..<bound`, in the order drawn.
    private mutating func distinctIndices(_ count: Int, below bound: Int) -> [Int] {
        if count * 2 >= bound {
            return Array((0..<bound).shuffled(using: &random).prefix(count))
        }
        var drawn: [Int] = []
        drawn.reserveCapacity(count)
        while drawn.count < count {
            let number = Int.random(in: 0..<bound, using: &random)
            if !drawn.contains(number) { drawn.append(number) }
        }
        return drawn
    }

    private mutating func pick<Element>(_ list: [Element]) -> Element {
        list[Int.random(in: list.indices, using: &random)]
    }
}
