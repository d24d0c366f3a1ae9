import Foundation
import Foundations
import HTTPServer
@testable import Moments
import Testing
import TestSupport

/// Every error the dashboard answers is said in the reader's language: the same status and
/// `error.code` in English and in Chinese (scripts classify by code), and a message that is the
/// product's own sentence for that language, built from its L10n table.
@Suite struct ErrorLanguageTests {
    static let english = ("Accept-Language", "en-US,en;q=0.9")
    static let chinese = ("Accept-Language", "zh-CN")

    /// One request that fails, what it answers, and its message in a language.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let method: String
        let path: String
        let body: String
        let status: Int
        let code: String
        let message: @Sendable (L10n) -> String

        init(_ description: String, _ method: String, _ path: String, body: String = "", status: Int, code: String,
             message: @escaping @Sendable (L10n) -> String) {
            self.description = description
            self.method = method
            self.path = path
            self.body = body
            self.status = status
            self.code = code
            self.message = message
        }
    }

    static let timeline = "getMomentsDetailsByUserID"

    /// A session file of this build's version with these toggles and faults, and nothing else to apply.
    static func session(toggles: String = "[]", faults: String = "[]") -> String {
        #"{"version": 1, "toggles": \#(toggles), "faults": \#(faults), "mocks": [], "actingUser": {"userID": "1"}, "language": "en"}"#
    }

    static let cases: [Case] = [
        // FaultError
        Case("fault: delay out of range", "PUT", "/api/area51/faults/\(timeline)", body: #"{"kind": "delay", "delayMs": 70000}"#,
             status: 400, code: "invalid_fault") { t in
            String(format: t[.faultErrorInvalidField], "delayMs", t[.expectedDelayMilliseconds])
        },
        Case("fault: unknown operation", "PUT", "/api/area51/faults/noSuchOperation", body: #"{"kind": "timeout"}"#,
             status: 404, code: "unknown_operation") { t in
            String(format: t[.faultErrorUnknownOperation], "noSuchOperation", FaultInjector.operations.joined(separator: ", "))
        },
        // MockError
        Case("mock: unknown operation", "PUT", "/api/area51/mocks/remoteConfig", body: #"{"body": {"data": {}}}"#,
             status: 404, code: "unknown_operation") { t in
            String(format: t[.mockErrorUnknownOperation], "remoteConfig", MockStore.operations.joined(separator: ", "))
        },
        Case("mock: body no GraphQL answer", "PUT", "/api/area51/mocks/\(timeline)", body: #"{"body": []}"#,
             status: 400, code: "invalid_mock") { t in
            String(format: t[.mockErrorInvalidField], "body", t[.expectedGraphQLAnswer])
        },
        // NetworkInspectorError
        Case("network: unknown exchange", "GET", "/api/area51/network/999999", status: 404, code: "unknown_exchange") { t in
            String(format: t[.networkInspectorErrorUnknownExchange], "999999")
        },
        Case("network: unknown outcome", "GET", "/api/area51/network?outcome=nope", status: 400, code: "unknown_outcome") { t in
            String(format: t[.networkInspectorErrorUnknownOutcome], "nope",
                   NetworkExchange.Outcome.allCases.map(\.rawValue).joined(separator: ", "))
        },
        // QASessionError
        Case("session: unsupported version", "POST", "/api/area51/sessions/import/preview", body: #"{"version": 99}"#,
             status: 422, code: "unsupported_session_version") { t in
            String(format: t[.sessionErrorUnsupportedVersion], "99", String(QASessionFile.currentVersion))
        },
        Case("session: fault entry that cannot be set", "POST", "/api/area51/sessions/import/preview",
             body: session(faults: #"[{"operation": "remoteConfig", "fault": {"kind": "emptyMoments"}, "summary": ""}]"#),
             status: 400, code: "invalid_session") { t in
            String(format: t[.sessionErrorInvalidEntry], "faults[0]", String(format: t[.faultErrorKindNotApplicable], "emptyMoments", "remoteConfig"))
        },
        Case("session: override a toggle cannot take", "POST", "/api/area51/sessions/import/preview",
             body: session(toggles: #"[{"name": "isRoundedAvatar", "override": {"value": "star"}}]"#),
             status: 400, code: "invalid_session") { t in
            String(format: t[.sessionErrorInvalidValue], "toggles[0].override.value", t[.expectedTrueFalseOrNull])
        },
        // MediaError
        Case("media: no url", "GET", "/media", status: 400, code: "invalid_media_url") { t in t[.mediaErrorInvalidURL] },
        Case("media: a URL the BFF never sent", "GET", "/media?url=https%3A%2F%2Fcdn.example.com%2Fnever-sent.png",
             status: 404, code: "unknown_media") { t in t[.mediaErrorUnknownURL] },
        // TogglesDataStoreError and InternalMenuError, whose sentences were English too.
        Case("toggle: unknown", "PUT", "/api/toggles/noSuchToggle", body: #"{"isOn": true}"#, status: 404, code: "unknown_toggle") { t in
            String(format: t[.toggleErrorUnknownToggle], "noSuchToggle")
        },
        Case("action: unknown", "POST", "/api/area51/actions/format-disk", body: "{}", status: 404, code: "unknown_action") { t in
            String(format: t[.unknownAction], "format-disk")
        },
    ]

    @Test(arguments: cases)
    func jsonError_isSaidInTheReadersLanguage_withTheSameStatusAndCode(_ testCase: Case) async throws {
        try await withDashboard { dashboard, _ in
            let english = try await Self.error(of: testCase, from: dashboard, language: Self.english)
            let chinese = try await Self.error(of: testCase, from: dashboard, language: Self.chinese)
            #expect(english.status == testCase.status)
            #expect(chinese.status == english.status)
            #expect(english.code == testCase.code)
            #expect(chinese.code == english.code)
            #expect(chinese.message != english.message)
            #expect(english.message == testCase.message(L10n(language: .english)))
            #expect(chinese.message == testCase.message(L10n(language: .simplifiedChinese)))
        }
    }

    /// The page a person opens for an exchange the log no longer keeps: the same status and code
    /// in both languages, the sentence in theirs.
    @Test func errorPage_isSaidInTheReadersLanguage() async throws {
        try await withDashboard { dashboard, _ in
            var messages: [String] = []
            for (header, language) in [(Self.english, Language.english), (Self.chinese, .simplifiedChinese)] {
                let page = try await dashboard.rawGet("/area51/network/999999", headers: [header, ("Accept", "text/html")])
                #expect(page.status == 404)
                #expect(page.body.contains("<code data-error-code>unknown_exchange</code>"))
                let message = String(format: L10n(language: language)[.networkInspectorErrorUnknownExchange], "999999")
                #expect(page.body.contains("<html lang=\"\(language.htmlLang)\">"))
                #expect(page.body.contains(Self.htmlEscaped(message)), "\(language.rawValue): \(message)")
                messages.append(message)
            }
            #expect(messages[0] != messages[1])
        }
    }

    /// A kept language choice (`?lang=`, its cookie) decides as `Accept-Language` does.
    @Test func keptChoice_decidesTheErrorsLanguage() async throws {
        try await withDashboard { dashboard, _ in
            let chinese = L10n(language: .simplifiedChinese)
            let expected = String(format: chinese[.faultErrorInvalidField], "status", chinese[.expectedErrorStatus])
            for headers in [["Cookie": "moments_lang=zh-Hans", "Accept-Language": "en-US"], ["Accept-Language": "en-US"]] {
                let path = "/api/area51/faults/\(Self.timeline)" + (headers["Cookie"] == nil ? "?lang=zh-Hans" : "")
                let answer = try await dashboard.send("PUT", path, contentType: "application/json",
                                                      body: #"{"kind": "httpStatus", "status": 200}"#, headers: headers)
                #expect(answer.status == 400)
                let error = try Self.errorBody(answer.text)
                #expect(error.code == "invalid_fault")
                #expect(error.message == expected)
            }
        }
    }

    private static func error(of testCase: Case, from dashboard: Dashboard, language: (String, String)) async throws
        -> (status: Int, code: String, message: String) {
        let headers = [language.0: language.1, "Accept": "application/json"]
        let answer = testCase.method == "GET"
            ? try await dashboard.get(testCase.path, headers: headers)
            : try await dashboard.send(testCase.method, testCase.path, contentType: "application/json", body: testCase.body, headers: headers)
        let error = try errorBody(answer.text)
        return (answer.status, error.code, error.message)
    }

    private static func errorBody(_ text: String) throws -> ErrorBody.Detail {
        try Dashboard.decode(ErrorBody.self, from: text).error
    }

    private static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
