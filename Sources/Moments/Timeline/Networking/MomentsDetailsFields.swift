/// The selection both timeline documents ask for, so the query and the mutation answer the
/// same shape; `isLiked` and `likes` only when the like feature is on.
enum MomentsDetailsFields {
    static let selection = """
        userDetails { id name avatar backgroundImage }
        moments {
          id
          userDetails { name avatar }
          type
          title
          url
          photos
          createdDate
          isLiked @include(if: $withLikes)
          likes @include(if: $withLikes) { id avatar }
        }
        """
}
