import Foundation
import Foundations
import HTTPServer

/// Area 51's user switch: `POST /area51/user` (form field `userID`; empty goes back to the
/// configured user) remembers the user in this browser's cookie and goes back to the form's
/// page (`back`, Area 51 by default); `GET /api/area51/users` lists
/// the users the BFF is known to have. Mounted with Area 51, so absent from production builds.
public struct ActingUserRoutes: RouteCollection {
    struct UserList: Encodable {
        let actingUserID: String
        let configuredUserID: String
        let users: [KnownUser]
    }

    private let actingUser: ActingUser
    private let userDirectory: UserDirectory
    private let momentsRepo: any MomentsRepoType

    public init(actingUser: ActingUser, userDirectory: UserDirectory, momentsRepo: any MomentsRepoType) {
        self.actingUser = actingUser
        self.userDirectory = userDirectory
        self.momentsRepo = momentsRepo
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/api/area51/users") { request in
            try .json(UserList(actingUserID: actingUser.userID(for: request), configuredUserID: actingUser.configuredUserID,
                               users: await userDirectory.users()))
        }
        routes.post("/area51/user") { request in
            let form = try request.decode(UserSwitchForm.self)
            // The page after a switch is not one a person opened (`PageVisit`).
            var response = PageVisit.redirectAfterAction(to: PageVisit.localPath(form.back) ?? "/area51#acting-user")
            guard let userID = form.userID else {
                response.headers.add("Set-Cookie", "\(ActingUser.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
                return response
            }
            try await checkKnown(userID)
            response.headers.add("Set-Cookie", "\(ActingUser.cookieName)=\(userID); Path=/; HttpOnly; SameSite=Lax")
            return response
        }
    }

    /// Throws the BFF's unknown user; a BFF that cannot answer now does not stop the switch
    /// (the timeline then says what is wrong).
    private func checkKnown(_ userID: String) async throws {
        do {
            _ = try await momentsRepo.getMoments(userID: userID, page: .newest, refresh: false)
        } catch .unknownUser(let id) {
            throw MomentsRepoError.unknownUser(id)
        } catch {}
    }
}

/// The switcher's form: `userID` (empty: back to the configured user) and the page to return to.
struct UserSwitchForm: Decodable {
    private enum CodingKeys: String, CodingKey { case userID, back }

    /// `nil` for the configured user.
    let userID: String?
    let back: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let field = try container.decode(String.self, forKey: .userID)
        back = try container.decodeIfPresent(String.self, forKey: .back)
        guard !field.trimmingCharacters(in: .whitespaces).isEmpty else {
            userID = nil
            return
        }
        guard let userID = ActingUser.validUserID(field) else {
            throw DecodingError.dataCorruptedError(forKey: .userID, in: container,
                                                   debugDescription: "[A-Za-z0-9._-]{1,64}")
        }
        self.userID = userID
    }
}
