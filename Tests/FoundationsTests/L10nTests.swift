import Foundation
@testable import Foundations
import Testing

/// Every sentence exists in every language, and nothing on a page names a key that is not one.
@Suite struct L10nTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [Language.english, .simplifiedChinese])
    func everyKey_hasAStringInTheLanguage(language: Language) {
        let strings = L10n(language: language).strings
        let missing = L10nKey.allCases.filter { strings[$0.rawValue]?.isEmpty ?? true }
        #expect(missing.isEmpty, "\(language.rawValue) lacks \(missing.map(\.rawValue))")
        let unknown = Set(strings.keys).subtracting(L10nKey.allCases.map(\.rawValue))
        #expect(unknown.isEmpty, "strings without a key: \(unknown.sorted())")
    }

    @Test func templates_useOnlyKnownKeys() throws {
        let folder = Self.repository.appendingPathComponent("templates")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        #expect(!files.isEmpty)
        let pattern = /\{\{[#^\/]?t\.([A-Za-z0-9.\-]+)\}\}/
        var used: Set<String> = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            used.formUnion(text.matches(of: pattern).map { String($0.output.1) })
        }
        #expect(!used.isEmpty)
        let unknown = used.subtracting(L10nKey.allCases.map(\.rawValue))
        #expect(unknown.isEmpty, "templates name keys that do not exist: \(unknown.sorted())")
    }

    @Test func templates_holdTheirLanguagesSentences_escaped_andUnknownKeysStayTags() {
        let strings = ["title": "Moments & <Friends>", "plain": "Like"]
        let text = #"<h1>{{t.title}}</h1><button title="{{t.plain}}">{{t.missing}}</button>{{title}}"#
        #expect(TemplateRenderer.localized(text, strings: strings)
            == #"<h1>Moments &amp; &lt;Friends&gt;</h1><button title="Like">{{t.missing}}</button>{{title}}"#)
    }

    @Test(arguments: [Language.english, .simplifiedChinese])
    func noSentence_holdsAMustacheTag(language: Language) {
        // A sentence is written into the templates before they are parsed (`TemplateRenderer`).
        let tagged = L10n(language: language).strings.filter { $0.value.contains("{{") || $0.value.contains("}}") }
        #expect(tagged.isEmpty, "\(tagged.keys.sorted())")
    }

    @Test func everyToggleShownInArea51_hasItsOwnTitle() {
        for description in ToggleCatalog.descriptions where description.isShownInArea51 {
            #expect(description.title.rawValue == "toggle.\(description.name)", "\(description.name) has no toggle.\(description.name) string")
        }
    }

    @Test(arguments: [Language.english, .simplifiedChinese])
    func timesKeptByTheSecond_areWrittenAsFoundationWritesThem(language: Language) {
        let l10n = L10n(language: language)
        let locale = language.locale
        for seconds in [1_800_000_000.0, 1_800_000_000.75, 1_800_000_001.25, 1_800_003_601] {
            let date = Date(timeIntervalSince1970: seconds)
            // Asked twice: the second answer is the kept one.
            for _ in 1...2 {
                #expect(l10n.time(date) == date.formatted(Date.FormatStyle(date: .omitted, time: .standard).locale(locale)))
                #expect(l10n.dateTime(date) == date.formatted(Date.FormatStyle(date: .abbreviated, time: .standard).locale(locale)))
            }
        }
        #expect(l10n.time(Date(timeIntervalSince1970: 1_800_000_000)) != l10n.time(Date(timeIntervalSince1970: 1_800_000_001)))
    }

    @Test func relativeDate_countsFromTheInjectedNow() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let nineMinutesBefore = now.addingTimeInterval(-540)
        #expect(L10n(language: .english).relativeDate(nineMinutesBefore, now: now) == "9 minutes ago")
        #expect(L10n(language: .simplifiedChinese).relativeDate(nineMinutesBefore, now: now) == "9分钟前")
    }

    @Test func relativeDate_isCountedFromTheWholeSecond_andSaidAfreshEachSecond() {
        let posted = Date(timeIntervalSince1970: 1_700_000_000)
        let english = L10n(language: .english)
        #expect(english.relativeDate(posted, now: posted.addingTimeInterval(5.9)) == "5 seconds ago")
        #expect(english.relativeDate(posted, now: posted.addingTimeInterval(5.1)) == "5 seconds ago")
        #expect(L10n(language: .simplifiedChinese).relativeDate(posted, now: posted.addingTimeInterval(5.5)) == "5秒钟前")
        #expect(english.relativeDate(posted.addingTimeInterval(-60), now: posted.addingTimeInterval(5.5)) == "1 minute ago")
        #expect(english.relativeDate(posted, now: posted.addingTimeInterval(6.2)) == "6 seconds ago")
        #expect(english.relativeDate(posted, now: posted.addingTimeInterval(5.2)) == "5 seconds ago")
    }
}
