/// The documents of the timeline. The query asks for the whole selection, `isLiked` and `likes`
/// only when the like feature is on; the like mutation asks only for what a like changes
/// (`isLiked`, `likes`), which the repository puts into the moment it holds.
enum MomentsDetailsFields {
    static let selection = """
        userDetails { id name avatar backgroundImage }
        moments {
          \(momentFields)
          isLiked @include(if: $withLikes)
          likes @include(if: $withLikes) { id avatar }
        }
        """

    /// A moment as the timeline shows it, but for what a like changes (`likeFields`).
    static let momentFields = "id userDetails { name avatar } type title url photos createdDate"

    /// What a like changes of a moment.
    static let likeFields = "isLiked likes { id avatar }"

    /// What a like changes of a moment, and its ID to find it by: a like's answer, a live change.
    static let momentLikeFields = "id \(likeFields)"

    /// What a like changes of each moment answered.
    static let likeSelection = "moments { \(momentLikeFields) }"

    /// `operation` (`query name`) on `field` with `arguments` (`userID: ID!`, passed as
    /// variables of the same name), the optional ones `optional` allows, and `selection`
    /// (`$withLikes` is declared when it uses it).
    static func document(_ operation: String, field: String, arguments: [String], optional: BFFPagination.Arguments,
                         selection: String = selection) -> String {
        let optionalArguments = switch optional {
        case .none: [String]()
        case .paging: ["first: Int", "after: ID"]
        case .pagingFromMoment: ["first: Int", "after: ID", "from: ID"]
        }
        let declared = arguments + optionalArguments
        let variables = declared.map { "$\($0)" } + (selection.contains("$withLikes") ? ["$withLikes: Boolean!"] : [])
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
