extension Substring.UTF8View {
    /// These bytes without the optional whitespace around them: spaces and tabs (RFC 9110,
    /// 5.6.3), the only whitespace a field value may carry. Read as bytes: `trimmingCharacters(in:)`
    /// is costly for something asked several times a request.
    public var withoutOptionalWhitespace: Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[startIndex..<startIndex]
        }
        return self[first...last]
    }
}

extension Substring {
    /// This text without the spaces and tabs around it (`Substring.UTF8View.withoutOptionalWhitespace`).
    public var withoutOptionalWhitespace: Substring { Substring(utf8.withoutOptionalWhitespace) }
}
