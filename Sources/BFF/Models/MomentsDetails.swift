/// What the BFF answers about one user: their profile and the moments they see, newest first.
struct MomentsDetails: Sendable {
    var userDetails: UserDetails
    var moments: [Moment]
}

/// The profile header of the user asked about.
struct UserDetails: Sendable {
    var id: Identifier
    var name: String
    var avatar: String
    var backgroundImage: String
}
