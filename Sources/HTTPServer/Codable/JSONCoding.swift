import Foundation

/// The one JSON configuration of every answer: keys sorted (equal values give equal bytes),
/// dates in ISO 8601 (UTC), slashes unescaped. Pages drawn from JSON use it too, so a page
/// shows exactly what the JSON twin answers.
public enum JSONCoding {
    /// A new encoder with the configuration above; encoders are cheap and not shared.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A decoder that reads what `encoder()` writes.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
