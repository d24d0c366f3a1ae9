import GraphQL
import OrderedCollections

/// A JSON value of a request's variables, read into the library's `Map`.
///
/// Why it exists: GraphQLSwift 4.3.0's `Map.init(from:)` tries a JSON object as `Bool`, `Double`,
/// `String` and `[Map]` first, each try a thrown error, then reads the whole object twice: once to
/// learn that it is one, once more to keep its keys' order. Every object inside is read twice
/// again at each level, so the variables of a batch of likes, an array of objects in an object,
/// would be read four times over. Here a
/// value is tried as what variables most often hold, strings, then booleans, numbers, objects
/// and arrays, and read once. The `Map` made is the one the library's decoding makes: the same
/// cases, numbers as `Double`, an object's keys in the order the decoder lists them.
struct VariableValue: Decodable {
    let map: Map

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            map = .null
        } else if let string = try? container.decode(String.self) {
            map = .string(string)
        } else if let bool = try? container.decode(Bool.self) {
            map = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            map = .number(Number(number))
        } else if let object = try? decoder.container(keyedBy: String.self) {
            var dictionary = OrderedDictionary<String, Map>(minimumCapacity: object.allKeys.count)
            for key in object.allKeys {
                dictionary[key] = try object.decode(VariableValue.self, forKey: key).map
            }
            map = .dictionary(dictionary)
        } else {
            var array = try decoder.unkeyedContainer()
            var elements: [Map] = []
            while !array.isAtEnd {
                elements.append(try array.decode(VariableValue.self).map)
            }
            map = .array(elements)
        }
    }

    /// The variables of a request: a JSON object of values.
    static func variables(_ values: [String: VariableValue]) -> [String: Map] {
        values.mapValues(\.map)
    }
}
