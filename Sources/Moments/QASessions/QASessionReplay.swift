import Foundation
import Foundations

/// Runs again, against a BFF, the operations a QA session file recorded, each with its variables
/// (the acting user among them), and compares each answer with the recorded one
/// (`moments session replay`). Queries always; mutations only when asked, since a replay must not
/// change a team's data by surprise.
public struct QASessionReplay: Sendable {
    /// What moves between two runs on the same data, left out of the comparison unless said
    /// otherwise: the demo data's dates are made relative to the time its database was seeded.
    public static let defaultIgnoredPaths = ["data.*.moments.*.createdDate"]

    /// Every GraphQL operation of the file, in the order recorded, and the paths left out.
    public struct Result: Codable, Sendable {
        public let ignoredPaths: [String]
        public let operations: [Operation]

        /// Whether no answer differs (skipped ones aside).
        public var isSame: Bool { !operations.contains { $0.outcome == .different } }
    }

    /// One recorded operation, run again or skipped.
    public struct Operation: Codable, Sendable {
        public enum Outcome: String, Codable, Sendable {
            case same, different, skipped
        }

        public enum SkipReason: String, Codable, Sendable {
            /// A mutation, run only when mutations are asked for.
            case mutation
            /// The network log kept only the first bytes of its request or its answer, when it was
            /// recorded or now.
            case cutBody
            /// No answer was recorded: the BFF could not be reached then.
            case noRecordedAnswer
            /// A mock set in Area 51 answered then, not the BFF.
            case mocked
        }

        /// Its place among the file's exchanges (`exchanges.log.entries`), from 1.
        public let exchange: Int
        public let operationName: String
        /// `query` or `mutation`.
        public let operationType: String
        /// The variables sent, as JSON with sorted keys.
        public let variables: String?
        public let outcome: Outcome
        public let skipReason: SkipReason?
        /// Why no answer came this time (`APISessionError`'s description), when none did.
        public let failure: String?
        public let differences: [JSONDifference]
    }

    /// Why a file cannot be replayed; nothing was sent when one is thrown.
    public enum FileError: Error, Equatable, CustomStringConvertible {
        case notJSON
        /// The file lacks what a session holds, or holds it in another shape: where.
        case notASession(path: String)
        case unsupportedVersion(Int)

        public var description: String {
            switch self {
            case .notJSON: "it is not JSON"
            case .notASession(let path): "it is not a QA session file (\(path.isEmpty ? "the top" : path) is missing or of another type)"
            case .unsupportedVersion(let version):
                "it is a version \(version) session file; this build reads version \(QASessionFile.currentVersion)"
            }
        }
    }

    private let apiSession: APISession
    private let includesMutations: Bool
    private let ignoredPaths: [String]

    /// - Parameters:
    ///   - apiSession: the client the operations go through; it must have a network log, where
    ///     each answer is read from as the log keeps it.
    ///   - ignoredPaths: `JSONDifference` paths not compared (`*` for any one key or position).
    public init(apiSession: APISession, includesMutations: Bool, ignoredPaths: [String] = QASessionReplay.defaultIgnoredPaths) {
        self.apiSession = apiSession
        self.includesMutations = includesMutations
        self.ignoredPaths = ignoredPaths
    }

    /// Runs the recording's operations one after the other.
    public func run(_ recording: QASessionRecording) async -> Result {
        var operations: [Operation] = []
        for (index, entry) in recording.exchanges.log.entries.enumerated() {
            guard let request = entry.graphQLRequest else { continue }
            operations.append(await replay(entry, request, exchange: index + 1))
        }
        return Result(ignoredPaths: ignoredPaths, operations: operations)
    }

    /// What `file` recorded, read whole before anything is sent or opened: the version first,
    /// alone, so that a file of another version is refused before its shape is looked at.
    public static func read(_ file: Data) throws(FileError) -> QASessionRecording {
        guard (try? JSONSerialization.jsonObject(with: file)) != nil else { throw .notJSON }
        do {
            let header = try JSONDecoder().decode(QASessionSettings.Header.self, from: file)
            guard header.version == QASessionFile.currentVersion else { throw FileError.unsupportedVersion(header.version) }
            return try JSONDecoder().decode(QASessionRecording.self, from: file)
        } catch let error as FileError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw .notASession(path: Self.path(context.codingPath + [key]))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context) {
            throw .notASession(path: Self.path(context.codingPath))
        } catch {
            throw .notASession(path: "")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private func replay(_ entry: QASessionRecording.Entry, _ request: QASessionRecording.GraphQLRequest, exchange: Int) async -> Operation {
        let body = Data((entry.request.postData?.text ?? "").utf8)
        let operationName = request.operationName ?? ""
        let operationType = APISession.operationType(of: request.query)
        func operation(_ outcome: Operation.Outcome, skipped: Operation.SkipReason? = nil, failure: String? = nil,
                       differences: [JSONDifference] = []) -> Operation {
            Operation(exchange: exchange, operationName: operationName, operationType: operationType,
                      variables: RequestVariables.json(of: body), outcome: outcome, skipReason: skipped, failure: failure,
                      differences: differences)
        }
        if operationType == "mutation" && !includesMutations { return operation(.skipped, skipped: .mutation) }
        if entry.isCut { return operation(.skipped, skipped: .cutBody) }
        if entry.response.status == 0 { return operation(.skipped, skipped: .noRecordedAnswer) }
        if entry._mocked == true { return operation(.skipped, skipped: .mocked) }
        // A session with a network log answers every exchange it makes.
        let answer = await apiSession.replay(body: body, operationName: operationName, document: request.query)!
        guard answer.status != nil else { return operation(.different, failure: answer.failure) }
        // The dashboard's own log cuts big answers: a cut one is not compared, whatever it holds.
        if answer.responseBody.isTruncated { return operation(.skipped, skipped: .cutBody) }
        let differences = JSONDifference.between(entry.response.content.text, answer.responseBody.text, ignoring: ignoredPaths)
        return operation(differences.isEmpty ? .same : .different, differences: differences)
    }
}
