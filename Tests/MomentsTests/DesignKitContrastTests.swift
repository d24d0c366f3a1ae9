import DesignKit
@testable import Moments
import Testing
import TestSupport

/// Contrast lives in DesignKit's palette: every text/background pair the pages draw meets WCAG
/// 2.1 AA in both modes, and the demo shows each pair with its ratio.
@Suite struct DesignKitContrastTests {
    @Test func contrastRatio_isWCAGs() {
        #expect(ContrastPair.ratio("#000000", "#ffffff") == 21)
        #expect(ContrastPair.ratio("#777777", "#777777") == 1)
        #expect(abs(ContrastPair.ratio("#a3a3a3", "#ffffff") - 2.52) < 0.01, "the old tertiary label on white, as axe measured it")
    }

    @Test(arguments: ContrastPair.all.map { "\($0.text.rawValue) on \($0.background.rawValue)" })
    func everyTextPair_meetsAA_inLightAndDark(pair name: String) throws {
        let pair = try #require(ContrastPair.all.first { "\($0.text.rawValue) on \($0.background.rawValue)" == name })
        #expect(pair.lightRatio >= ContrastPair.minimumRatio, "light: \(pair.lightRatio)")
        #expect(pair.darkRatio >= ContrastPair.minimumRatio, "dark: \(pair.darkRatio)")
    }

    @Test func ratioText_roundsDown() {
        #expect(DesignKitCatalogueItemViewModel.ratioText(4.499) == "4.49:1")
        #expect(DesignKitCatalogueItemViewModel.ratioText(21) == "21.00:1")
        #expect(DesignKitCatalogueItemViewModel.ratioText(5.07) == "5.07:1")
    }

    @Test func designKitDemo_showsEachPairWithItsRatio() async throws {
        try await withDashboard { dashboard, _ in
            let page = try await dashboard.get("/area51/designkit?productName=DesignKit&version=1.0.1").text
            #expect(page.contains(#"<table class="demo__contrast""#))
            #expect(page.contains("<code>tertiaryLabel</code> / <code>secondaryBackground</code>"))
            #expect(!page.contains("demo__contrast--fails"))
            let css = try await dashboard.get("/css/designkit.css").text
            #expect(css.contains(".dk-contrast--tertiaryLabel-on-secondaryBackground-light { color: #6b6b6b; background: #f7f7f7; }"))
        }
    }
}
