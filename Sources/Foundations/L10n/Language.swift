import Foundation

/// The languages the dashboard speaks.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    public var locale: Locale { Locale(identifier: rawValue) }

    /// The value for `<html lang>`.
    public var htmlLang: String { self == .english ? "en" : "zh-CN" }

    /// The one rule for the reader's language: the choice this request names (`?lang=`), else
    /// the choice kept from an earlier one (a cookie), else the first `Accept-Language` range we
    /// speak, by quality, else English. Asking for `.browser` skips the kept choice.
    public static func resolve(requested: LanguageChoice?, kept: LanguageChoice?, acceptLanguage: String?) -> Language {
        if case .language(let language) = requested ?? kept { return language }
        let ranges = (acceptLanguage ?? "").split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map(\.trimmingOptionalWhitespace)
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (String(tag), quality, index)
        }
        let ordered = ranges.filter { $0.1 > 0 }.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }
        return ordered.lazy.compactMap { match($0.0) }.first ?? .english
    }

    /// The language a tag names (`zh-CN`, `en-GB`), if we speak it.
    static func match(_ tag: String) -> Language? {
        let lowered = tag.lowercased()
        if lowered.hasPrefix("zh") {
            // Traditional-script and Taiwan/Hong Kong tags are not Simplified Chinese.
            let traditional = ["zh-hant", "zh-tw", "zh-hk", "zh-mo"].contains { lowered.hasPrefix($0) }
            return traditional ? nil : .simplifiedChinese
        }
        if lowered.hasPrefix("en") { return .english }
        return nil
    }
}

/// What a reader picked: a language, or to follow the browser's `Accept-Language` again.
public enum LanguageChoice: Equatable, Sendable {
    case language(Language)
    case browser

    /// The word that asks for `.browser` (`?lang=browser`).
    public static let browserValue = "browser"

    /// The choice `value` names (`zh-Hans`, `zh-CN`, `en`, `browser`); `nil` for anything else.
    public init?(_ value: String) {
        if value == Self.browserValue {
            self = .browser
        } else if let language = Language.match(value) {
            self = .language(language)
        } else {
            return nil
        }
    }

    /// The value that names this choice in a URL or a cookie.
    public var value: String {
        switch self {
        case .language(let language): language.rawValue
        case .browser: Self.browserValue
        }
    }
}

extension Substring {
    /// Without the spaces and tabs HTTP allows around a header's list items (its "OWS"): read for
    /// every page drawn, so without Foundation's character sets.
    fileprivate var trimmingOptionalWhitespace: Substring {
        let isContent = { (character: Character) in character != " " && character != "\t" }
        guard let first = firstIndex(where: isContent), let last = lastIndex(where: isContent) else { return "" }
        return self[first...last]
    }
}
