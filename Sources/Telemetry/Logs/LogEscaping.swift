/// How text from outside becomes part of a log line: every control character (C0, DEL, C1) and
/// the Unicode line and paragraph separators are written as escapes, so one event is always one
/// line and no byte of a request, an id or a BFF's error message moves a terminal's cursor or
/// starts a line of its own (CWE-117). The one place it happens is the log handler, for the
/// message and every metadata key and value, in both formats.
enum LogEscaping {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where needsEscape(scalar):
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
