/// Reads the fields of an `application/x-www-form-urlencoded` body into a `Decodable`, as
/// `JSONDecoder` reads JSON, so a form and a JSON body decode into the same type
/// (`Request.decode`). A form is one level of text fields: each is read as the type its property
/// takes (`true`/`false`, a number, text), and an empty field is an absent one (`nil`), as a
/// form's empty choice means. A field given twice is read from its first.
struct URLEncodedFormDecoder {
    func decode<Value: Decodable>(_ type: Value.Type, from fields: QueryArguments) throws -> Value {
        try Value(from: FormDecoder(fields: fields, value: nil, codingPath: []))
    }
}

/// The form itself (`value` nil) or one of its fields.
private struct FormDecoder: Decoder {
    let fields: QueryArguments
    let value: String?
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard value == nil else { throw mismatch(Key.self) }
        return KeyedDecodingContainer(FormFields(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw mismatch([Any].self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FormField(value: value, codingPath: codingPath)
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "A form holds text fields only."))
    }
}

private struct FormFields<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: QueryArguments
    let codingPath: [any CodingKey]
    var allKeys: [Key] { fields.map(\.0).compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { (fields[key.stringValue] ?? "").isEmpty }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "\(key.stringValue) is missing"))
        }
        return try Value(from: FormDecoder(fields: fields, value: value, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath + [key], debugDescription: "A form holds text fields only."))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath + [key], debugDescription: "A form holds text fields only."))
    }

    func superDecoder() throws -> any Decoder { FormDecoder(fields: fields, value: nil, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        FormDecoder(fields: fields, value: fields[key.stringValue], codingPath: codingPath + [key])
    }
}

/// One field's text, read as a Boolean, a number or text.
private struct FormField: SingleValueDecodingContainer {
    let value: String?
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { (value ?? "").isEmpty }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        guard let text = value else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "no value"))
        }
        guard let lossless = type as? any LosslessStringConvertible.Type else {
            // A type of its own (an enum, a value of several kinds) reads the text as it reads JSON's.
            return try Value(from: FormDecoder(fields: QueryArguments(), value: text, codingPath: codingPath))
        }
        guard let value = lossless.init(text) as? Value else {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "\(text) is not a \(type)"))
        }
        return value
    }
}
