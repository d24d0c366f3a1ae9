import Foundation
import Mustache

/// The Mustache templates of the dashboard, parsed once at start for each language.
///
/// Templates in `cards/` draw the same view-models a second way: the `cards` set is the base
/// set with those registered over the base names, so `{{>*reuseIdentifier}}` picks the card
/// version of an item without the list template knowing there are two.
///
/// Every template is read with `HTMLText` as its content type, named by a pragma put before its
/// text: the library's default cannot be replaced, only named. Its sentences (`{{t.key}}`) are
/// written into it once per language, escaped as the template would print them: they do not
/// change while the process runs, so no drawing looks one up.
public struct TemplateRenderer: Sendable {
    /// Which set of item templates draws a list.
    public enum TemplateSet: String, Sendable {
        case classic
        case cards
    }

    private struct Libraries {
        let classic: MustacheLibrary
        let cards: MustacheLibrary
    }

    private let libraries: [Language: Libraries]

    public init(directory: String) async throws {
        MustacheContentTypes.register(HTMLText(), named: HTMLText.name)
        var texts: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: directory) where path.hasSuffix(".mustache") {
            texts[path] = try String(contentsOfFile: "\(directory)/\(path)", encoding: .utf8)
        }
        var libraries: [Language: Libraries] = [:]
        for language in Language.allCases {
            libraries[language] = try Self.libraries(texts, strings: L10n(language: language).strings)
        }
        self.libraries = libraries
    }

    private static func libraries(_ texts: [String: String], strings: [String: String]) throws -> Libraries {
        var all: [String: MustacheTemplate] = [:]
        for (path, text) in texts {
            do {
                all[String(path.dropLast(".mustache".count))] =
                    try MustacheTemplate(string: "{{% CONTENT_TYPE: \(HTMLText.name)}}" + localized(text, strings: strings))
            } catch {
                throw TemplateRendererError.unreadable(path, error)
            }
        }
        var classic = MustacheLibrary()
        var cards = MustacheLibrary()
        for (name, template) in all where !name.hasPrefix("cards/") {
            classic.register(template, named: name)
            cards.register(template, named: name)
        }
        for (name, template) in all where name.hasPrefix("cards/") {
            cards.register(template, named: String(name.dropFirst("cards/".count)))
        }
        return Libraries(classic: classic, cards: cards)
    }

    /// `text` with each `{{t.key}}` of `strings` replaced by its sentence, escaped. A key that is
    /// not there stays a tag, which draws nothing, as it did when it was looked up. Read as bytes:
    /// a `Regex` would bring its parser's code into memory for this one use at start.
    static func localized(_ text: String, strings: [String: String]) -> String {
        let bytes = Array(text.utf8)
        let open = Array("{{t.".utf8)
        var localized: [UInt8] = []
        localized.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: open),
               let close = bytes[(index + open.count)...].firstIndex(of: UInt8(ascii: "}")),
               close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "}"),
               let sentence = strings[String(decoding: bytes[(index + open.count)..<close], as: UTF8.self)] {
                localized += HTMLText().escapeText(sentence).utf8
                index = close + 2
            } else {
                localized.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: localized, as: UTF8.self)
    }

    /// Renders `template` with `context` in `language`; a missing template is a programming error
    /// reported as `TemplateRendererError.missingTemplate`.
    public func render(_ template: String, context: Any, language: Language, set: TemplateSet = .classic) throws -> String {
        let libraries = libraries[language]!
        let library = set == .cards ? libraries.cards : libraries.classic
        guard let html = library.render(context, withTemplate: template) else {
            throw TemplateRendererError.missingTemplate(template)
        }
        return html
    }
}

/// Why a page could not be drawn.
public enum TemplateRendererError: Error {
    case missingTemplate(String)
    /// A template file that does not parse: its path in the folder, and the parser's error.
    case unreadable(String, any Error)
}
