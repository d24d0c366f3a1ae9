"""The documents the dashboard sends, as the seed app writes them."""

# The seed's documents (docs/bff.md, "The BFF schema"): likes only when the like toggle is on.
TIMELINE = """
query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) {
  getMomentsDetailsByUserID(userID: $userID) {
    userDetails { id name avatar backgroundImage }
    moments {
      id
      userDetails { name avatar }
      type title url photos createdDate
      isLiked @include(if: $withLikes)
      likes @include(if: $withLikes) { id avatar }
    }
  }
}
"""

LIKE = """
mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
  updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) {
    userDetails { id }
    moments { id isLiked likes { id avatar } }
  }
}
"""
