@testable import Foundations
import Testing

@Suite struct BFFHeadersTests {
    @Test func parse_readsNameColonValueLines_skippingBlankOnes() throws {
        #expect(try BFFHeaders.parse(environmentValue: "Authorization: Bearer abc\n\nX-Key:  k1 \n") == ["Authorization": "Bearer abc", "X-Key": "k1"])
    }

    @Test(arguments: [("no colon here", BFFHeaders.ParseError.missingColon(line: 1)),
                      ("Bearer s3cret: x", .invalidName(line: 1)),
                      ("X-Key:   ", .emptyValue(name: "X-Key")),
                      (": value", .invalidName(line: 1))])
    func parse_refusesMalformedLines_withoutQuotingTheValue(line: String, expected: BFFHeaders.ParseError) {
        #expect(throws: expected) { try BFFHeaders.parse([line]) }
    }

    @Test func masked_keepsTheSchemeWordOnly() {
        #expect(BFFHeaders.masked("Bearer abc.def") == "Bearer ••••")
        #expect(BFFHeaders.masked("s3cret") == "••••")
        #expect(BFFHeaders.maskedLines(["X-Key": "k", "Authorization": "Basic dXNlcg=="]) == ["Authorization: Basic ••••", "X-Key: ••••"])
    }
}
