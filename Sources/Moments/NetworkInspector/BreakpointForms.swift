import Foundation
import Foundations

/// A breakpoint from the inspector's form: `variables` as JSON text (empty: every call),
/// `timeoutSeconds` empty for the default.
struct BreakpointForm: Decodable {
    let stage: Breakpoint.Stage
    let variables: String?
    let timeoutSeconds: Int?

    func breakpoint() throws(BreakpointError) -> Breakpoint {
        Breakpoint(stage: stage, variables: try HeldEditForm.object(variables, field: "variables", expected: .variablesObject),
                   timeoutSeconds: timeoutSeconds)
    }
}

/// A held call's editor: `edit` empty or absent for "Continue" as it is, `1` for "Continue with
/// the edit", whose fields are JSON text (a request's `variables` and `headers`, an answer's
/// `status` and `body`). Text that is not JSON is refused, and the call stays held.
struct HeldEditForm: Decodable {
    let edit: String?
    let variables: String?
    let headers: String?
    let status: Int?
    let body: String?

    func edit(at stage: HeldExchange.Stage) throws(BreakpointError) -> BreakpointEdit? {
        guard edit == "1" else { return nil }
        switch stage {
        case .request:
            var texts: [String: String]?
            if let headers = try Self.object(headers, field: "headers", expected: .headersObject) {
                texts = [:]
                for (name, value) in headers {
                    guard case .string(let text) = value else { throw .invalidField("headers", expected: .headersObject) }
                    texts?[name] = text
                }
            }
            return BreakpointEdit(variables: try Self.object(variables, field: "variables", expected: .variablesToSend), headers: texts)
        case .response:
            let text = body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let response = JSONValue(data: Data(text.utf8)) else { throw .invalidField("body", expected: .json) }
            return BreakpointEdit(status: status, response: response)
        }
    }

    /// `text` as a JSON object; `nil` when empty.
    static func object(_ text: String?, field: String, expected: BreakpointError.Expected) throws(BreakpointError) -> [String: JSONValue]? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        guard case .object(let members) = JSONValue(data: Data(text.utf8)) else { throw .invalidField(field, expected: expected) }
        return members
    }
}

/// A held call's abort form: `kind` `status` aborts with `status`, `graphQLError` with
/// `message` and `code`.
struct HeldAbortForm: Decodable {
    let kind: String
    let status: Int?
    let message: String?
    let code: String?

    func abort() -> BreakpointAbort {
        guard kind == "graphQLError" else { return BreakpointAbort(status: status) }
        return BreakpointAbort(graphQLError: .init(message: message ?? "", code: code ?? ""))
    }
}
