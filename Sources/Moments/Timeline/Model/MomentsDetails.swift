import Foundations

/// The timeline as the BFF answers it (docs/bff.md, "The BFF schema"). Decodes any BFF that follows
/// the schema: `isLiked` and `likes` are absent unless asked for, `title` and `url` optional.
/// A partial answer's field errors are kept on the moments they name (`fieldErrors`).
public struct MomentsDetails: Codable, Sendable, Equatable {
    public var userDetails: UserDetails
    public var moments: [Moment]
    /// The field errors of a partial answer that name no moment; `nil` when there are none.
    public var fieldErrors: [FieldError]?

    public init(userDetails: UserDetails, moments: [Moment], fieldErrors: [FieldError]? = nil) {
        self.userDetails = userDetails
        self.moments = moments
        self.fieldErrors = fieldErrors
    }

    /// A field the BFF could not resolve in an answer that stands: `null` in `data` at `path`
    /// (as GraphQL sent it), with the error's `extensions.code`.
    public struct FieldError: Codable, Sendable, Hashable {
        public var path: [GraphQLErrorDetail.PathSegment]
        public var code: String?

        init(_ error: GraphQLErrorDetail) {
            path = error.path ?? []
            code = error.code
        }

        /// Whether it is an error of a moment's likes (`likes`, or `isLiked`).
        var isOfLikes: Bool {
            path.contains(.field("likes")) || path.contains(.field("isLiked"))
        }
    }

    public struct UserDetails: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var avatar: String
        public var backgroundImage: String
    }

    public struct Moment: Codable, Sendable, Equatable {
        public var id: String
        public var userDetails: MomentUserDetails
        public var type: MomentType
        public var title: String?
        public var url: String?
        public var photos: [String]
        /// Seconds since 1970, as a string.
        public var createdDate: String
        public var isLiked: Bool?
        public var likes: [LikedUserDetails]?
        /// The fields of this moment that failed in the answer it came in; `nil` when none did.
        public var fieldErrors: [FieldError]?
        /// Set when its likes failed and `likes` and `isLiked` are the ones known before.
        public var hasSavedLikes: Bool?

        /// Whether its likes failed in the answer it came in.
        public var likesFailed: Bool {
            fieldErrors?.contains(where: \.isOfLikes) ?? false
        }

        /// Whether its likes failed and left `likes` or `isLiked` unknown.
        var lacksLikes: Bool {
            likesFailed && (likes == nil || isLiked == nil)
        }

        /// This moment, whose likes failed, with the `likes` and `isLiked` it lacks taken from
        /// `known` (the same moment as read before), when that has them; unchanged otherwise.
        func keepingLikes(of known: Moment?) -> Moment {
            guard lacksLikes, let known, likes == nil && known.likes != nil || isLiked == nil && known.isLiked != nil
            else { return self }
            var kept = self
            kept.likes = likes ?? known.likes
            kept.isLiked = isLiked ?? known.isLiked
            kept.hasSavedLikes = true
            return kept
        }
    }

    public struct MomentUserDetails: Codable, Sendable, Equatable {
        public var name: String
        public var avatar: String
    }

    public struct LikedUserDetails: Codable, Sendable, Equatable {
        public var id: String
        public var avatar: String
    }

    public enum MomentType: String, Codable, Sendable {
        case url = "URL"
        case photos = "PHOTOS"
    }
}

/// What can carry the field errors of a partial answer that name it.
protocol FieldErrorsCarrying {
    var fieldErrors: [MomentsDetails.FieldError]? { get set }
}

extension MomentsDetails.Moment: FieldErrorsCarrying {}

extension Array where Element: FieldErrorsCarrying {
    /// Puts each of `errors` whose path runs through an element of this list (at `listPath` in
    /// the answer's `data`) on that element; answers the others.
    @discardableResult
    mutating func mark(_ errors: [GraphQLErrorDetail], at listPath: [GraphQLErrorDetail.PathSegment]) -> [GraphQLErrorDetail] {
        errors.filter { error in
            guard let path = error.path, path.count > listPath.count, path.starts(with: listPath),
                  case .index(let index) = path[listPath.count], indices.contains(index) else { return true }
            self[index].fieldErrors = (self[index].fieldErrors ?? []) + [MomentsDetails.FieldError(error)]
            return false
        }
    }
}

extension MomentsDetails {
    /// These details, the answer of the root field `root`, with the field errors of its answer
    /// put on the moments they name and the others on the details.
    func marking(_ errors: [GraphQLErrorDetail], root: String) -> MomentsDetails {
        guard !errors.isEmpty else { return self }
        var marked = self
        let others = marked.moments.mark(errors, at: [.field(root), .field("moments")])
        if !others.isEmpty { marked.fieldErrors = (fieldErrors ?? []) + others.map(FieldError.init) }
        return marked
    }
}

extension [MomentsDetails.LikedUserDetails] {
    /// These likes after `userID` liked (as `liker`, first: the BFF lists the newest like first)
    /// or unliked. A like by a user already listed, or whose avatar is not known, leaves them.
    func changed(byLikeOf userID: String, isLiked: Bool, liker: MomentsDetails.LikedUserDetails?) -> Self {
        guard isLiked else { return filter { $0.id != userID } }
        guard let liker, !contains(where: { $0.id == userID }) else { return self }
        return [liker] + self
    }
}
