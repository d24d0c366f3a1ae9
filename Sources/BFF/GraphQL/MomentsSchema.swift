import Graphiti

/// The BFF schema (docs/bff.md, "The BFF schema"), the contract between the dashboard and any BFF,
/// with optional cursor pagination on both root fields.
///
/// `moments` is newest first. `after: ID` starts the page strictly after that moment (an unknown
/// ID is a `BAD_PAGE_ARGUMENTS` error); `from: ID`, an addition of this BFF, starts it at that
/// moment itself (an unknown ID is `UNKNOWN_MOMENT`), so `first: 1, from:` reads one moment by
/// its ID at the cost of an index lookup; `first: Int` keeps at most that many moments (0 to
/// 1000, else an error).
/// Without them the answer holds every moment, as clients that do not page expect; a client
/// learns whether more follow by asking for one moment more than it shows.
enum MomentsSchema {
    static func make() throws -> Schema<MomentsResolver, NoContext> {
        let schema = try Schema<MomentsResolver, NoContext> {
            Identifier.scalar()

            Enum(MomentType.self) {
                Value(.url)
                Value(.photos)
            }

            Type(MomentsDetails.self) {
                Field("userDetails", at: \.userDetails)
                Field("moments", at: \.moments)
            }

            Type(UserDetails.self) {
                Field("id", at: \.id)
                Field("name", at: \.name)
                Field("avatar", at: \.avatar)
                Field("backgroundImage", at: \.backgroundImage)
            }

            Type(Moment.self) {
                Field("id", at: \.id)
                Field("userDetails", at: \.userDetails)
                Field("type", at: \.type)
                Field("title", at: \.title)
                Field("url", at: \.url)
                Field("photos", at: \.photos)
                Field("createdDate", at: \.createdDate)
                Field("isLiked", at: \.isLiked)
                Field("likes", at: \.likes)
            }

            Input(MomentLikeChange.self) {
                InputField("momentID", at: \.momentID)
                InputField("userID", at: \.userID)
                InputField("isLiked", at: \.isLiked)
            }

            Type(MomentUserDetails.self) {
                Field("name", at: \.name)
                Field("avatar", at: \.avatar)
            }

            Type(LikedUserDetails.self) {
                Field("id", at: \.id)
                Field("avatar", at: \.avatar)
            }

            Query {
                Field("getMomentsDetailsByUserID", at: MomentsResolver.getMomentsDetailsByUserID) {
                    Argument("userID", at: \.userID)
                    Argument("first", at: \.first).description(firstDescription)
                    Argument("after", at: \.after).description(afterDescription)
                    Argument("from", at: \.from).description(fromDescription)
                }
            }

            Mutation {
                Field("updateMomentLike", at: MomentsResolver.updateMomentLike) {
                    Argument("momentID", at: \.momentID)
                    Argument("userID", at: \.userID)
                    Argument("isLiked", at: \.isLiked)
                    Argument("first", at: \.first).description(firstDescription)
                    Argument("after", at: \.after).description(afterDescription)
                    Argument("from", at: \.from).description(fromDescription)
                }
                Field("updateMomentLikes", at: MomentsResolver.updateMomentLikes) {
                    Argument("changes", at: \.changes).description(changesDescription)
                }
                .description(likesDescription)
            }

            Subscription {
                SubscriptionField("momentLikesChanged", at: MomentLikesChange.moment, atSub: MomentsResolver.momentLikesChanged) {
                    Argument("userID", at: \.userID)
                }
                .description(likesChangedDescription)
            }
        }
        // GraphQLSwift 4.3.0 cannot answer standard introspection without it; see the type.
        InputValueDeprecation.install(on: schema.schema)
        try InputFieldsOnce.install(on: schema.schema)
        return schema
    }

    private static let firstDescription =
        "At most this many moments, 0 to \(MomentsPage.maximumFirst); every moment when absent."
    private static let afterDescription =
        "The ID of a moment: the page starts strictly after it, newest first; at the newest when absent."
    private static let changesDescription =
        "At most \(MomentLikeChange.maximumCount) likes and unlikes, applied together."
    private static let likesDescription = """
        Likes and unlikes in one document: each changed moment as its change's user sees it, in \
        the order of the changes. When one fails, the field fails with its error and the others \
        stay applied (a like is idempotent: send them again one by one to learn which failed).
        """
    private static let likesChangedDescription = """
        Each moment whose likes change from now on, liked or unliked through any BFF on this \
        database, as userID sees it. Served over server-sent events (GraphQL over SSE, distinct \
        connections: POST with Accept: text/event-stream).
        """
    private static let fromDescription =
        "The ID of a moment: the page starts with it (first: 1 reads that moment alone); not with after."
}
