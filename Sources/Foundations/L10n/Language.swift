import Foundation

/// The languages the dashboard speaks.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    public var locale: Locale { Locale(identifier: rawValue) }

    /// The value for `<html lang>`.
    public var htmlLang: String { self == .english ? "en" : "zh-CN" }

    /// `?lang=` wins; then the first `Accept-Language` range we speak, by quality; then English.
    public static func negotiate(override: String?, acceptLanguage: String?) -> Language {
        if let override, let language = match(override) { return language }
        let ranges = (acceptLanguage ?? "").split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (tag, quality, index)
        }
        let ordered = ranges.filter { $0.1 > 0 }.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }
        return ordered.lazy.compactMap { match($0.0) }.first ?? .english
    }

    private static func match(_ tag: String) -> Language? {
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
