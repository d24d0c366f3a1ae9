import Graphiti

/// The BFF schema of DESIGN.md ("BFF schema"), the contract between the dashboard and any BFF.
enum MomentsSchema {
    static func make() throws -> Schema<MomentsResolver, NoContext> {
        try Schema<MomentsResolver, NoContext> {
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
                }
            }

            Mutation {
                Field("updateMomentLike", at: MomentsResolver.updateMomentLike) {
                    Argument("momentID", at: \.momentID)
                    Argument("userID", at: \.userID)
                    Argument("isLiked", at: \.isLiked)
                }
            }
        }
    }
}
