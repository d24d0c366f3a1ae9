import Foundation
import Mustache

/// The Mustache templates of the dashboard, parsed once at start.
///
/// Templates in `cards/` draw the same view-models a second way: the `cards` set is the base
/// set with those registered over the base names, so `{{>*reuseIdentifier}}` picks the card
/// version of an item without the list template knowing there are two.
public struct TemplateRenderer: Sendable {
    /// Which set of item templates draws a list.
    public enum TemplateSet: String, Sendable {
        case classic
        case cards
    }

    private let classic: MustacheLibrary
    private let cards: MustacheLibrary

    public init(directory: String) async throws {
        let all = try await MustacheLibrary(directory: directory)
        var classic = MustacheLibrary()
        var cards = MustacheLibrary()
        let names = try FileManager.default.subpathsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".mustache") }
            .map { String($0.dropLast(".mustache".count)) }
        for name in names where !name.hasPrefix("cards/") {
            guard let template = all.getTemplate(named: name) else { continue }
            classic.register(template, named: name)
            cards.register(template, named: name)
        }
        for name in names where name.hasPrefix("cards/") {
            guard let template = all.getTemplate(named: name) else { continue }
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
public enum TemplateRendererError: Error, Equatable {
    case missingTemplate(String)
}
