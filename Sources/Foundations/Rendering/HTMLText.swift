import Mustache

/// How templates escape what they print: the five characters swift-mustache's HTML content
/// type escapes, to the same entities, looked at as bytes. Most values have none of them and are
/// returned as they are, without a copy; the library's own type looks each character up in a
/// dictionary and builds a new string every time.
struct HTMLText: MustacheContentType {
    /// The name `TemplateRenderer` registers it under and every template's pragma names.
    static let name = "MOMENTS_HTML"

    func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: { Self.entity(for: $0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = Self.entity(for: byte) {
                escaped.append(contentsOf: entity.utf8)
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
