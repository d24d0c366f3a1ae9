import Foundation
import Foundations
import HTTPServer

/// The OpenFeature Remote Evaluation Protocol, read-only, so any OpenFeature SDK with an OFREP
/// provider reads the dashboard's toggles: `POST /ofrep/v1/evaluate/flags/{key}` evaluates one,
/// `POST /ofrep/v1/evaluate/flags` all (with an `ETag`; `If-None-Match` gets a 304 while
/// nothing changed). Every toggle is the same for every context, so the context is checked,
/// not used. Mounted with Area 51: absent from production builds.
public struct OFREPRoutes: RouteCollection {
    struct BulkAnswer: Encodable {
        let flags: [OFREPEvaluation]
    }

    /// `{"context": {…}}`: only its shape is checked.
    struct EvaluationRequest: Decodable {
        private enum CodingKeys: String, CodingKey { case context }

        /// Any attribute name of a context.
        private struct AttributeKey: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue _: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.context), try !container.decodeNil(forKey: .context) {
                _ = try container.nestedContainer(keyedBy: AttributeKey.self, forKey: .context)
            }
        }
    }

    private let toggles: ToggleCatalog

    public init(toggles: ToggleCatalog) {
        self.toggles = toggles
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.post("/ofrep/v1/evaluate/flags/{key}", maxBodySize: Self.maxBodySize) { request in
            let key = request.parameters["key"] ?? ""
            do {
                try Self.checkContext(of: request, key: key)
                guard let description = ToggleCatalog.descriptions.first(where: { $0.name == key }) else {
                    throw OFREPError(key: key, errorCode: .flagNotFound, errorDetails: "There is no flag named \(key).")
                }
                return try .json(OFREPEvaluation(toggles.state(of: description), remoteOrigin: toggles.remoteTogglesDataStore.origin))
            } catch let error as OFREPError {
                return try Self.answer(error)
            }
        }
        routes.post("/ofrep/v1/evaluate/flags", maxBodySize: Self.maxBodySize) { request in
            do {
                try Self.checkContext(of: request, key: nil)
            } catch let error as OFREPError {
                return try Self.answer(error)
            }
            let origin = toggles.remoteTogglesDataStore.origin
            let body = try JSONCoding.encoder().encode(BulkAnswer(flags: toggles.states.map { OFREPEvaluation($0, remoteOrigin: origin) }))
            return FixedResponse(data: body, contentType: "application/json").respond(to: request)
        }
    }

    /// A context is a few attributes; anything near this is not one.
    static let maxBodySize = 16 * 1024

    /// The body, when there is one, must be a JSON object whose `context`, when present, is an
    /// object: JSON that does not parse is OFREP's `PARSE_ERROR`, any other shape `INVALID_CONTEXT`.
    private static func checkContext(of request: Request, key: String?) throws {
        guard !request.body.isEmpty else { return }
        do {
            _ = try JSONCoding.decoder().decode(EvaluationRequest.self, from: request.body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw OFREPError(key: key, errorCode: .parseError, errorDetails: "The body is not valid JSON.")
        } catch {
            throw OFREPError(key: key, errorCode: .invalidContext, errorDetails: "The body must be a JSON object whose context is an object.")
        }
    }

    private static func answer(_ error: OFREPError) throws -> Response {
        try .json(error, status: error.errorCode == .flagNotFound ? .notFound : .badRequest)
    }
}
