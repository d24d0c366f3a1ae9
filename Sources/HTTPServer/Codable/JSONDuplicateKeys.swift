import Foundation

/// Finds a key given twice in one object of a JSON text, which `JSONDecoder` accepts silently
/// (it keeps one of the values): `{"isLiked": true, "isLiked": false}` says two things, and a
/// server that picks one has guessed.
///
/// It reads text that `JSONDecoder` has already accepted, so it only walks the structure: one
/// pass, no recursion, strings compared as decoded (`"a"` and `"\u0061"` are the same key).
enum JSONDuplicateKeys {
    /// One step of the path to a value: an object's key or an array's index.
    enum PathComponent: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    private enum Container {
        case object(keys: Set<String>, current: String?)
        case array(index: Int)
    }

    /// The path to the first key that repeats one before it in the same object, ending with that
    /// key; `nil` when every object's keys are distinct.
    static func first(in data: Data) -> [PathComponent]? {
        let bytes = [UInt8](data)
        var stack: [Container] = []
        var index = 0
        var expectingKey = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], current: nil))
                expectingKey = true
                index += 1
            case UInt8(ascii: "["):
                stack.append(.array(index: 0))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                expectingKey = false
                index += 1
            case UInt8(ascii: ","):
                switch stack.last {
                case .object?: expectingKey = true
                case .array(let position)?: stack[stack.count - 1] = .array(index: position + 1)
                case nil: break
                }
                index += 1
            case UInt8(ascii: "\""):
                let end = endOfString(in: bytes, at: index)
                if expectingKey, case .object(var keys, _)? = stack.last {
                    let key = decodedString(bytes[index..<end])
                    if !keys.insert(key).inserted {
                        return path(of: stack.dropLast()) + [.key(key)]
                    }
                    stack[stack.count - 1] = .object(keys: keys, current: key)
                    expectingKey = false
                }
                index = end
            default:
                index += 1
            }
        }
        return nil
    }

    private static func path(of stack: ArraySlice<Container>) -> [PathComponent] {
        stack.compactMap { container in
            switch container {
            case .object(_, let current): current.map(PathComponent.key)
            case .array(let index): .index(index)
            }
        }
    }

    /// The index after the string that starts at `start` (its opening quote).
    private static func endOfString(in bytes: [UInt8], at start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return bytes.count
    }

    /// A string token's value: as written when it has no escapes, else as `JSONDecoder` reads it.
    private static func decodedString(_ token: ArraySlice<UInt8>) -> String {
        let content = token.dropFirst().dropLast()
        guard content.contains(UInt8(ascii: "\\")) else { return String(decoding: content, as: UTF8.self) }
        let array = Data([UInt8(ascii: "[")] + token + [UInt8(ascii: "]")])
        return (try? JSONDecoder().decode([String].self, from: array).first) ?? String(decoding: content, as: UTF8.self)
    }
}
