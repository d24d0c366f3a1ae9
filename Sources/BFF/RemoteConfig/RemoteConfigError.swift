/// Why a change to the remote config was refused, or the stored config could not be read.
public enum RemoteConfigError: Error, CustomStringConvertible {
    case notJSON
    case notAnObject
    case unknownKey(String)
    case invalidValue(key: String, expected: String)
    /// The file on disk is not a config this version understands.
    case unreadableFile(path: String, reason: String)
    case unwritableFile(path: String, reason: String)
    /// The database that holds the config (PostgreSQL) cannot be reached.
    case databaseUnavailable

    /// A short machine-readable word for JSON answers.
    public var code: String {
        switch self {
        case .notJSON: "invalid_json"
        case .notAnObject: "invalid_body"
        case .unknownKey: "unknown_key"
        case .invalidValue: "invalid_value"
        case .unreadableFile: "unreadable_config"
        case .unwritableFile: "unwritable_config"
        case .databaseUnavailable: "database_unavailable"
        }
    }

    public var description: String {
        switch self {
        case .notJSON: "The body is not valid JSON."
        case .notAnObject: "The remote config must be a JSON object."
        case .unknownKey(let key):
            "\"\(key)\" is not a remote config key; known keys: \(RemoteConfigPatch.keys.joined(separator: ", "))."
        case .invalidValue(let key, let expected): "\"\(key)\" must be \(expected)."
        case .unreadableFile(let path, let reason): "The remote config at \(path) cannot be read: \(reason)"
        case .unwritableFile(let path, let reason): "The remote config at \(path) cannot be written: \(reason)"
        case .databaseUnavailable: "The BFF could not reach its database."
        }
    }
}
