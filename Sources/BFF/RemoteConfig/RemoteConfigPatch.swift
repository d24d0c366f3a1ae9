import Foundation

/// A change to some fields of a `RemoteConfig`, decoded strictly: an unknown key or a value of
/// the wrong type refuses the whole change.
struct RemoteConfigPatch: Decodable {
    var isRoundedAvatar: Bool?
    var likeButtonStyle: LikeButtonStyle?

    /// The keys a patch may hold, which are the keys of `RemoteConfig`.
    static let keys = Key.allCases.map(\.rawValue)

    enum Key: String, CodingKey, CaseIterable {
        case isRoundedAvatar
        case likeButtonStyle
    }

    /// A key of any name, so that unknown ones can be reported rather than ignored.
    private struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue _: Int) { nil }
    }

    /// Decodes `json`, a JSON object of some `RemoteConfig` keys.
    init(json: Data) throws(RemoteConfigError) {
        do {
            self = try JSONDecoder().decode(RemoteConfigPatch.self, from: json)
        } catch let error as RemoteConfigError {
            throw error
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .notJSON
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw .notAnObject
        } catch DecodingError.typeMismatch(_, let context) {
            throw Self.invalidValue(at: context.codingPath)
        } catch DecodingError.valueNotFound(_, let context) {
            throw Self.invalidValue(at: context.codingPath)
        } catch DecodingError.dataCorrupted(let context) {
            throw Self.invalidValue(at: context.codingPath)
        } catch {
            throw .notJSON
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.first(where: { Key(stringValue: $0.stringValue) == nil }) {
            throw RemoteConfigError.unknownKey(unknown.stringValue)
        }
        let known = try decoder.container(keyedBy: Key.self)
        // `decode`, not `decodeIfPresent`: an explicit null is a wrong value, not "unchanged".
        isRoundedAvatar = known.contains(.isRoundedAvatar) ? try known.decode(Bool.self, forKey: .isRoundedAvatar) : nil
        likeButtonStyle = known.contains(.likeButtonStyle)
            ? try known.decode(LikeButtonStyle.self, forKey: .likeButtonStyle) : nil
    }

    /// `config` with the fields this patch sets replaced.
    func applied(to config: RemoteConfig) -> RemoteConfig {
        var config = config
        if let isRoundedAvatar { config.isRoundedAvatar = isRoundedAvatar }
        if let likeButtonStyle { config.likeButtonStyle = likeButtonStyle }
        return config
    }

    private static func invalidValue(at path: [any CodingKey]) -> RemoteConfigError {
        let key = path.first?.stringValue ?? ""
        return switch Key(rawValue: key) {
        case .isRoundedAvatar: .invalidValue(key: key, expected: "true or false")
        case .likeButtonStyle, nil:
            .invalidValue(key: key, expected: LikeButtonStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
        }
    }
}
