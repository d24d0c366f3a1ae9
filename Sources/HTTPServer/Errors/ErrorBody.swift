/// `{"error": {"code": …, "message": …}}`: the shape of every error a JSON endpoint answers.
public struct ErrorBody: Codable, Sendable, Equatable {
    /// What went wrong, for scripts (`code`) and people (`message`).
    public struct Detail: Codable, Sendable, Equatable {
        public let code: String
        public let message: String
    }

    public let error: Detail

    public init(_ error: any HTTPResponseError) {
        self.error = Detail(code: error.code, message: error.message)
    }
}

extension Response {
    /// `error` as JSON (`ErrorBody`) with its status; the router adds its headers.
    public static func json(error: any HTTPResponseError) -> Response {
        (try? Response.json(ErrorBody(error), status: error.status)) ?? .text(error.message, status: error.status)
    }
}
