import Foundation
@testable import HTTPServer
import Testing

/// Field values lose the spaces and tabs around them, and nothing else (RFC 9110, 5.6.3).
@Suite struct OptionalWhitespaceTests {
    @Test(arguments: [
        ("  application/json \t", "application/json"),
        ("\t \t", ""),
        ("", ""),
        ("a b", "a b"),
        (" \u{E9} ", "\u{E9}"),
        ("e\u{301}\t", "e\u{301}"), // a combining accent at the end stays with its letter
        ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"), // a no-break space is no whitespace of HTTP's
        ("\r\nx", "\r\nx"),
    ])
    func withoutOptionalWhitespace_dropsSpacesAndTabsAround(value: String, expected: String) {
        #expect(value[...].withoutOptionalWhitespace == expected)
        #expect(Array(value[...].utf8.withoutOptionalWhitespace) == Array(expected.utf8))
    }

    @Test(arguments: [
        ("Application/JSON ; charset=utf-8", "application/json"),
        ("\tapplication/x-www-form-urlencoded", "application/x-www-form-urlencoded"),
        (" ; charset=utf-8", nil),
        ("", nil),
    ] as [(String, String?)])
    func contentType_isTheMediaTypeAlone_lowercased(field: String, expected: String?) {
        #expect(Request(method: .post, path: "/", headers: ["Content-Type": field]).contentType == expected)
    }
}
