import Foundations

/// The user switcher: whom pages act as, and the users the BFF is known to have to pick from.
public struct InternalMenuUserSwitcherItemViewModel: InternalMenuItemViewModel {
    public let type = InternalMenuItemType.userSwitcher
    public let title: String
    public let detail: String
    public let actingUserID: String
    /// One user each (`value` the user's ID).
    public let options: [InternalMenuChoice]

    public init(actingUserID: String, users: [KnownUser], l10n: L10n) {
        title = String(format: l10n[.actingUser], actingUserID)
        detail = l10n[.actingUserDetail]
        self.actingUserID = actingUserID
        // The user acted as is listed even when no answer named it yet.
        let listed = users.contains { $0.id == actingUserID } ? users : [KnownUser(id: actingUserID, name: nil, avatar: nil)] + users
        options = listed.map { user in
            InternalMenuChoice(value: user.id, label: user.name.map { "\(user.id) · \($0)" } ?? user.id, isSelected: user.id == actingUserID)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, detail, actingUserID, options
    }
}
