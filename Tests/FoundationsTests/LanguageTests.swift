import Foundations
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        (nil, nil, "zh-CN,zh;q=0.9,en;q=0.8", Language.simplifiedChinese),
        (nil, nil, "en-US,en;q=0.9", .english),
        (nil, nil, "fr-FR,zh-Hans;q=0.5", .simplifiedChinese),
        (nil, nil, "zh-TW,en;q=0.5", .english),
        (nil, nil, "en;q=0.2,zh;q=0.8", .simplifiedChinese),
        (nil, nil, nil, .english),
        ("en", nil, "zh-CN", .english),
        ("zh-Hans", nil, "en-US", .simplifiedChinese),
        ("klingon", nil, "zh-CN", .simplifiedChinese),
        (nil, "zh-Hans", "en-US", .simplifiedChinese),
        ("en", "zh-Hans", "zh-CN", .english),
        ("browser", "zh-Hans", "en-US", .english),
        ("klingon", "zh-Hans", "en-US", .simplifiedChinese),
        (nil, "klingon", "zh-CN", .simplifiedChinese),
    ] as [(String?, String?, String?, Language)])
    func resolve_picksTheRequestedThenTheKeptChoiceThenTheBestAcceptedLanguage(requested: String?, kept: String?, acceptLanguage: String?,
                                                                              expected: Language) {
        let language = Language.resolve(requested: requested.flatMap(LanguageChoice.init), kept: kept.flatMap(LanguageChoice.init),
                                        acceptLanguage: acceptLanguage)
        #expect(language == expected)
    }

    @Test func choice_namesALanguageOrTheBrowser_andNothingElse() {
        #expect(LanguageChoice("zh-CN") == .language(.simplifiedChinese))
        #expect(LanguageChoice("browser") == .browser)
        #expect(LanguageChoice("klingon") == nil)
        #expect(LanguageChoice("zh-CN")?.value == "zh-Hans")
    }
}
