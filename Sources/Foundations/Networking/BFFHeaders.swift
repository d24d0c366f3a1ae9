import Foundation

/// The extra headers sent with every request to a remote BFF (credentials such as
/// `Authorization: Bearer …`): read from `Name: value` lines, and shown only masked.
public enum BFFHeaders {
    /// Why a `Name: value` line cannot be a header.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case missingColon(line: Int)
        /// Not named back: a name that is not a token may be a pasted secret.
        case invalidName(line: Int)
        case emptyValue(name: String)
        case invalidValue(name: String)

        public var description: String {
            switch self {
            case .missingColon(let line): "line \(line) is not of the form 'Name: value'"
            case .invalidName(let line): "the name before ':' on line \(line) is empty or holds characters a header name cannot (letters, digits and !#$%&'*+-.^_`|~ only)"
            case .emptyValue(let name): "header \(name) has an empty value"
            case .invalidValue(let name): "the value of header \(name) holds a line break or control character"
            }
        }
    }

    /// Characters RFC 9110 allows in a field name (a "token").
    private static let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// Headers from `lines`, each `Name: value`; blank lines are skipped. A later line with the
    /// same name (case-insensitive) replaces the earlier one. The error names the line, never
    /// the value, which may be a secret.
    public static func parse(_ lines: [String]) throws(ParseError) -> [String: String] {
        var headers: [String: String] = [:]
        for (index, line) in lines.enumerated() {
            let trimmedLine = line.trimmingCharacters(in: .whitespaces)
            if trimmedLine.isEmpty { continue }
            guard let colon = trimmedLine.firstIndex(of: ":") else { throw .missingColon(line: index + 1) }
            let name = String(trimmedLine[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(trimmedLine[trimmedLine.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy(tokenCharacters.contains) else { throw .invalidName(line: index + 1) }
            guard !value.isEmpty else { throw .emptyValue(name: name) }
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalidValue(name: name)
            }
            if let existing = headers.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                headers.removeValue(forKey: existing)
            }
            headers[name] = value
        }
        return headers
    }

    /// `lines` of the environment variable `MOMENTS_BFF_HEADERS`: one header a line.
    public static func parse(environmentValue: String) throws(ParseError) -> [String: String] {
        try parse(environmentValue.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init))
    }

    /// The mask that stands for a hidden value.
    public static let mask = "••••"

    /// `value` as people may see it: an authentication scheme word (`Bearer`, `Basic`) is kept,
    /// everything else hidden.
    public static func masked(_ value: String) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return mask }
        return "\(parts[0]) \(mask)"
    }

    /// `Name: masked value` lines of `headers`, sorted by name, for Area 51 and logs.
    public static func maskedLines(_ headers: [String: String]) -> [String] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "\($0.key): \(masked($0.value))" }
    }
}
