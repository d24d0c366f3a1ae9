import Foundation
import Graphiti
import GraphQL
import HTTPServer

/// Runs GraphQL requests against the schema with the library's parser, validator and executor,
/// and gives each outcome the status GraphQL over HTTP asks for, the same in both media types:
/// 400 for a request that cannot run (a document that does not parse or validate, or over
/// `limits`; its answer has no `data`), 200 once execution has started, field errors included,
/// but 503 when `data` is null because the database is down (`DATABASE_UNAVAILABLE`): a "try
/// again" the specification allows, since non-null `data` MUST be 2xx. Documents are parsed and
/// validated once (`ValidatedDocuments`); each request's cost is counted before it runs; a
/// document that reads the schema alone runs once (`IntrospectionAnswers`).
struct GraphQLEndpoint: Sendable {
    let schema: Schema<MomentsResolver, NoContext>
    let resolver: MomentsResolver
    let validatedDocuments = ValidatedDocuments(capacity: 256)
    let introspectionAnswers = IntrospectionAnswers(capacity: 8)
    var limits = GraphQLDocumentLimits()
    let documentCost: GraphQLDocumentCost

    init(schema: Schema<MomentsResolver, NoContext>, resolver: MomentsResolver) {
        self.schema = schema
        self.resolver = resolver
        documentCost = GraphQLDocumentCost(schema: schema.schema)
    }

    /// Answers `request`; `allowsMutations` is false for GET, which may only read. A subscription
    /// is answered only as an event stream (`stream`).
    func answer(_ request: GraphQLRequest, allowsMutations: Bool) async -> (status: HTTPStatus, result: GraphQLResult) {
        let document: Document
        do {
            document = try self.document(request.query)
            try checkCost(of: document, for: request)
        } catch {
            return (.badRequest, error.result)
        }
        let operation = document.operation(named: request.operationName)
        switch operation?.operation {
        case .mutation where !allowsMutations: return GraphQLRequestError.mutationOverGET.refusal
        case .subscription: return GraphQLRequestError.subscriptionWithoutEventStream.refusal
        default: break
        }
        let introspectionKey = operation.flatMap { IntrospectionQueryKey(request, operation: $0) }
        if let introspectionKey, let kept = introspectionAnswers[introspectionKey] {
            return (.ok, kept)
        }
        var result: GraphQLResult
        do {
            result = try await execute(schema: schema.schema, documentAST: document, rootValue: resolver, context: (),
                                       variableValues: request.variables, operationName: request.operationName)
        } catch {
            return (.internalServerError, GraphQLResult(errors: [GraphQLError(error)]))
        }
        // Without data, errors with no path come from choosing the operation or coercing the
        // variables: the request could not run. Errors with a path are field errors.
        if result.data == nil, result.errors.allSatisfy({ $0.path.elements.isEmpty }) {
            return (.badRequest, result)
        }
        let unavailable = result.data?.isNull ?? true
            && result.errors.contains { ($0.originalError as? any CodedError)?.isServiceUnavailable == true }
        result = result.addingErrorCodes()
        result.data = result.data ?? .null
        if let introspectionKey, result.errors.isEmpty {
            introspectionAnswers.keep(result, for: introspectionKey)
        }
        return (unavailable ? .serviceUnavailable : .ok, result)
    }

    /// Answers `request` as the results of an event stream, handed to `send`, which answers
    /// `false` once the client has gone: each event of a subscription until it ends, else the one
    /// answer `answer` gives (a refusal included).
    func stream(_ request: GraphQLRequest, allowsMutations: Bool, to send: (GraphQLResult) -> Bool) async {
        guard let document = try? document(request.query),
              document.operation(named: request.operationName)?.operation == .subscription else {
            _ = send(await answer(request, allowsMutations: allowsMutations).result)
            return
        }
        do {
            try checkCost(of: document, for: request)
        } catch {
            _ = send(error.result)
            return
        }
        do {
            let subscription = try await graphqlSubscribe(schema: schema.schema, request: request.query, rootValue: resolver,
                                                          variableValues: request.variables, operationName: request.operationName)
            switch subscription {
            case .success(let events):
                for try await event in events where !send(event.addingErrorCodes()) { return }
            case .failure(let refusal):
                _ = send(GraphQLResult(errors: refusal.errors).addingErrorCodes())
            }
        } catch {
            _ = send(GraphQLResult(errors: [error as? GraphQLError ?? GraphQLError(error)]))
        }
    }

    /// Why a document cannot run: the answer that says so, without `data`.
    struct Refusal: Error {
        let result: GraphQLResult

        init(result: GraphQLResult) {
            self.result = result
        }

        init(_ violation: GraphQLDocumentLimits.Violation) {
            result = GraphQLResult(errors: [GraphQLError(message: violation.message, extensions: violation.extensions)])
        }
    }

    /// Refuses `request` when its operation of `document` costs more than `limits` allow: per
    /// request, since the cost depends on its variables, and before anything runs.
    private func checkCost(of document: Document, for request: GraphQLRequest) throws(Refusal) {
        // Without that operation there is nothing to run: execution says so.
        guard let operation = document.operation(named: request.operationName) else { return }
        do {
            try limits.checkCost(documentCost.cost(of: operation, in: document, variables: request.variables))
        } catch {
            throw Refusal(error)
        }
    }

    /// The document of `query`, parsed and validated against the schema once.
    private func document(_ query: String) throws(Refusal) -> Document {
        if let validated = validatedDocuments[query] { return validated }
        let document: Document
        do {
            try limits.check(query)
            document = try parse(source: Source(body: query, name: "GraphQL request"))
            try limits.checkAliases(in: document)
        } catch let violation as GraphQLDocumentLimits.Violation {
            throw Refusal(violation)
        } catch {
            throw Refusal(result: GraphQLResult(errors: [error as? GraphQLError ?? GraphQLError(error)]))
        }
        let nameErrors = GraphQLDefinitionNames.errors(in: document)
        guard nameErrors.isEmpty else { throw Refusal(result: GraphQLResult(errors: nameErrors)) }
        let validationErrors = validate(schema: schema.schema, ast: document)
        guard validationErrors.isEmpty else { throw Refusal(result: GraphQLResult(errors: validationErrors)) }
        validatedDocuments.keep(document, for: query)
        return document
    }
}

private extension Document {
    /// The operation `execute` will run: the one named, or the only one.
    func operation(named name: String?) -> OperationDefinition? {
        let operations = definitions.compactMap { $0 as? OperationDefinition }
        guard let name else { return operations.count == 1 ? operations[0] : nil }
        return operations.first { $0.name?.value == name }
    }
}
