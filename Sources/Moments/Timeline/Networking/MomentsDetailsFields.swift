/// The documents of the timeline: both ask for the same selection, so the query and the
/// mutation answer the same shape; `isLiked` and `likes` only when the like feature is on.
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

    /// `operation` (`query name`) on `field` with `arguments` (`userID: ID!`, passed as
    /// variables of the same name), and the optional `first` and `after` when `paginated`.
    static func document(_ operation: String, field: String, arguments: [String], paginated: Bool) -> String {
        let declared = arguments + (paginated ? ["first: Int", "after: ID"] : [])
        let variables = declared.map { "$\($0)" } + ["$withLikes: Boolean!"]
        let passed = declared.map { $0.prefix { $0 != ":" } }.map { "\($0): $\($0)" }
        return """
            \(operation)(\(variables.joined(separator: ", "))) {
              \(field)(\(passed.joined(separator: ", "))) {
            \(selection)
              }
            }
            """
    }
}
