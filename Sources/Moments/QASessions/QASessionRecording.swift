import Foundation

/// The exchanges a QA session file recorded, read from any version-1 file: for each, the
/// request body and the answer as HAR keeps them (`request.postData`, `response.content`), and
/// their whole sizes, which tell a body the network log cut.
public struct QASessionRecording: Decodable, Sendable {
    struct Exchanges: Decodable, Sendable {
        let log: Log
    }

    struct Log: Decodable, Sendable {
        let entries: [Entry]
    }

    struct Entry: Decodable, Sendable {
        struct Request: Decodable, Sendable {
            let postData: PostData?
            let bodySize: Int
        }

        struct PostData: Decodable, Sendable {
            let text: String
        }

        struct Response: Decodable, Sendable {
            /// 0 when no answer came.
            let status: Int
            let content: Content
        }

        struct Content: Decodable, Sendable {
            let size: Int
            let text: String
        }

        let request: Request
        let response: Response
        /// Whether a mock set in Area 51 answered instead of the BFF (`HARDocument`'s `_mocked`).
        let _mocked: Bool?

        /// The GraphQL request the body holds; `nil` for an exchange that is no GraphQL
        /// operation (a remote-config read, a picture).
        var graphQLRequest: GraphQLRequest? {
            request.postData.flatMap { try? JSONDecoder().decode(GraphQLRequest.self, from: Data($0.text.utf8)) }
        }

        /// Whether the log kept only the first bytes of the request or of the answer.
        var isCut: Bool {
            request.bodySize > (request.postData?.text.utf8.count ?? 0) || response.content.size > response.content.text.utf8.count
        }
    }

    /// What a recorded GraphQL request body names; its variables go again as they were, in the body.
    struct GraphQLRequest: Decodable, Sendable {
        let query: String
        let operationName: String?
    }

    let exchanges: Exchanges
}
