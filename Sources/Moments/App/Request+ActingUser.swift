import HTTPServer

extension ActingUser {
    /// The user `request` acts as: its `?userID=`, its `X-Moments-User` header, or its
    /// `moments_user` cookie, in that order.
    public func userID(for request: Request) -> String {
        userID(asked: [request.query["userID"], request.headers[Self.headerName], request.cookies[Self.cookieName]])
    }
}
