import Foundation
import Mustache

/// The Mustache templates of the dashboard, parsed once at start.
///
/// Templates in `cards/` draw the same view-models a second way: the `cards` set is the base
/// set with those registered over the base names, so `{{>*reuseIdentifier}}` picks the card
/// version of an item without the list template knowing there are two.
///
/// Every template is read with `HTMLText` as its content type, named by a pragma put before its
/// text: the library's default cannot be replaced, only named.
public struct TemplateRenderer: Sendable {
    /// Which set of item templates draws a list.
    public enum TemplateSet: String, Sendable {
        case classic
        case cards
    }

    private let classic: MustacheLibrary
    private let cards: MustacheLibrary

    public init(directory: String) async throws {
        MustacheContentTypes.register(HTMLText(), named: HTMLText.name)
        var all: [String: MustacheTemplate] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: directory) where path.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: "\(directory)/\(path)", encoding: .utf8)
            do {
                all[String(path.dropLast(".mustache".count))] = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(HTMLText.name)}}" + text)
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
        self.classic = classic
        self.cards = cards
    }

    /// Renders `template` with `context`; a missing template is a programming error reported
    /// as `TemplateRendererError.missingTemplate`.
    public func render(_ template: String, context: Any, set: TemplateSet = .classic) throws -> String {
        let library = set == .cards ? cards : classic
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
