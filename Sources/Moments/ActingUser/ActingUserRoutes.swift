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
        routes.post("/area51/user", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            guard let field = request.formFields["userID"] else {
                throw InvalidFormError(expected: "userID=<ID>|<empty: the configured user>")
            }
            // The page after a switch is not one a person opened (`PageVisit`).
            var response = PageVisit.redirectAfterAction(to: PageVisit.localPath(request.formFields["back"]) ?? "/area51#acting-user")
            if field.trimmingCharacters(in: .whitespaces).isEmpty {
                response.headers.add("Set-Cookie", "\(ActingUser.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
                return response
            }
            guard let userID = ActingUser.validUserID(field) else {
                throw InvalidFormError(expected: "userID=[A-Za-z0-9._-]{1,64}")
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
