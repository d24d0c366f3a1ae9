import Foundations
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        (nil, "zh-CN,zh;q=0.9,en;q=0.8", Language.simplifiedChinese),
        (nil, "en-US,en;q=0.9", .english),
        (nil, "fr-FR,zh-Hans;q=0.5", .simplifiedChinese),
        (nil, "zh-TW,en;q=0.5", .english),
        (nil, "en;q=0.2,zh;q=0.8", .simplifiedChinese),
        (nil, nil, .english),
        ("en", "zh-CN", .english),
        ("zh-Hans", "en-US", .simplifiedChinese),
        ("klingon", "zh-CN", .simplifiedChinese),
    ] as [(String?, String?, Language)])
    func negotiate_picksTheOverrideThenTheBestAcceptedLanguage(override: String?, acceptLanguage: String?, expected: Language) {
        #expect(Language.negotiate(override: override, acceptLanguage: acceptLanguage) == expected)
    }
}
