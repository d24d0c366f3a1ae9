import Foundation
import GraphQL
import HTTPServer

/// Reads the GraphQL request out of an HTTP request, as GraphQL over HTTP lays it out:
/// a JSON body for POST, query arguments for GET.
enum GraphQLHTTPRequest {
    /// The request in a POST body: `{"query": …, "variables": {…}, "operationName": …}`.
    static func decode(body: Data) throws(GraphQLRequestError) -> GraphQLRequest {
        do {
            let body = try JSONDecoder().decode(Body.self, from: body)
            return GraphQLRequest(query: body.query, operationName: body.operationName,
                                  variables: VariableValue.variables(body.variables ?? [:]))
        } catch let DecodingError.keyNotFound(key, _) where key.stringValue == "query" {
            throw .missingQuery
        } catch let DecodingError.valueNotFound(_, context) where context.codingPath.first?.stringValue == "query" {
            throw .missingQuery
        } catch let DecodingError.typeMismatch(_, context) {
            throw parameterError(at: context.codingPath)
        } catch {
            throw .bodyIsNotJSON
        }
    }

    /// The request in the arguments of `GET /graphql?query=…&variables=…&operationName=…`.
    static func decode(query arguments: QueryArguments) throws(GraphQLRequestError) -> GraphQLRequest {
        guard let query = arguments["query"] else { throw .missingQuery }
        var variables: [String: Map] = [:]
        if let text = arguments["variables"] {
            do {
                variables = VariableValue.variables(try JSONDecoder().decode([String: VariableValue].self, from: Data(text.utf8)))
            } catch {
                throw .invalidParameter(name: "variables", expected: "a JSON object")
            }
        }
        return GraphQLRequest(query: query, operationName: arguments["operationName"], variables: variables)
    }

    /// A POST body's fields: the library's `GraphQLRequest`, its variables read as `VariableValue`s.
    private struct Body: Decodable {
        let query: String
        let operationName: String?
        let variables: [String: VariableValue]?
    }

    private static func parameterError(at path: [any CodingKey]) -> GraphQLRequestError {
        switch path.first?.stringValue {
        case nil: .bodyIsNotAnObject
        case "query": .invalidParameter(name: "query", expected: "a string")
        case "operationName": .invalidParameter(name: "operationName", expected: "a string")
        default: .invalidParameter(name: "variables", expected: "a JSON object")
        }
    }
}
