import Foundation
import HTTPServer

/// `application/x-www-form-urlencoded` bodies and query strings (`QueryArguments`): any bytes
/// parse, and what is parsed, encoded again, parses to the same pairs.
enum FormsHarness {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let arguments = QueryArguments(urlEncoded: text)
        let again = QueryArguments(urlEncoded: arguments.urlEncoded)
        let pairs = arguments.map { [$0.name, $0.value] }
        require(pairs == again.map { [$0.name, $0.value] }, "encoding \(pairs) and parsing it again gave other pairs")
        _ = arguments.removing(["_csrf", "lang"]).isEmpty
    }
}
