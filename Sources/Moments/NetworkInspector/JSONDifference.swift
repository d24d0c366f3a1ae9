import Foundation

/// One place where two JSON answers differ: its path (`data.getMomentsDetailsByUserID.moments.0.isLiked`),
/// and the value on each side (`nil` where the path is absent), as compact JSON.
struct JSONDifference: Encodable, Sendable, Equatable {
    let path: String
    let old: String?
    let new: String?

    /// The differences between `old` and `new` (bodies as received), deepest first; if either is
    /// not JSON, one difference at the root when the texts differ.
    static func between(_ old: String, _ new: String) -> [JSONDifference] {
        guard let oldValue = try? JSONSerialization.jsonObject(with: Data(old.utf8), options: .fragmentsAllowed),
              let newValue = try? JSONSerialization.jsonObject(with: Data(new.utf8), options: .fragmentsAllowed) else {
            return old == new ? [] : [JSONDifference(path: "", old: old, new: new)]
        }
        var differences: [JSONDifference] = []
        compare(oldValue, newValue, path: [], into: &differences)
        return differences
    }

    private static func compare(_ old: Any?, _ new: Any?, path: [String], into differences: inout [JSONDifference]) {
        switch (old, new) {
        case (let old as [String: Any], let new as [String: Any]):
            for key in Set(old.keys).union(new.keys).sorted() {
                compare(old[key], new[key], path: path + [key], into: &differences)
            }
        case (let old as [Any], let new as [Any]):
            for index in 0..<max(old.count, new.count) {
                compare(index < old.count ? old[index] : nil, index < new.count ? new[index] : nil, path: path + [String(index)], into: &differences)
            }
        default:
            let (oldText, newText) = (old.map(compact), new.map(compact))
            if oldText != newText { differences.append(JSONDifference(path: path.joined(separator: "."), old: oldText, new: newText)) }
        }
    }

    private static func compact(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self) } ?? String(describing: value)
    }
}
