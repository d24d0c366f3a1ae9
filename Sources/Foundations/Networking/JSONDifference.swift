import Foundation

/// One place where two JSON answers differ, by path: a field added or removed, a value changed,
/// or a list holding the same items in another order. Area 51's Replay and
/// `moments session replay` show them.
public struct JSONDifference: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case added, removed, changed, reordered
    }

    public let kind: Kind
    /// Keys and list positions from the root, joined by dots
    /// (`data.getMomentsDetailsByUserID.moments.0.isLiked`); empty when either answer is not JSON.
    /// Items with `id`s are compared with the item of the same `id`, at their place in the old
    /// list (an added one at its place in the new list).
    public let path: String
    /// Each side as compact JSON, `nil` where the path is absent. A reordered list's sides are
    /// its items in order, each by its `id`, else by its position in the old list.
    public let old: String?
    public let new: String?

    /// The differences between `old` and `new` (bodies as received), in the old answer's order
    /// with keys sorted (items added to a list after its others); if either is not JSON, one
    /// difference at the root when the texts differ.
    /// - Parameter ignored: paths whose values may move (`data.*.moments.*.createdDate`, where
    ///   `*` stands for any one key or position): nothing at or below them is compared.
    public static func between(_ old: String, _ new: String, ignoring ignored: [String] = []) -> [JSONDifference] {
        guard let oldValue = try? JSONSerialization.jsonObject(with: Data(old.utf8), options: .fragmentsAllowed),
              let newValue = try? JSONSerialization.jsonObject(with: Data(new.utf8), options: .fragmentsAllowed) else {
            return old == new ? [] : [JSONDifference(kind: .changed, path: "", old: old, new: new)]
        }
        let comparison = Comparison(ignored: ignored.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) })
        var differences: [JSONDifference] = []
        comparison.compare(oldValue, newValue, path: [], into: &differences)
        return differences
    }

    private struct Comparison {
        let ignored: [[String]]

        func compare(_ old: Any?, _ new: Any?, path: [String], into differences: inout [JSONDifference]) {
            guard !isIgnored(path) else { return }
            switch (old, new) {
            case (nil, nil):
                return
            case (nil, let new?):
                differences.append(JSONDifference(kind: .added, path: path.joined(separator: "."), old: nil, new: compact(new)))
            case (let old?, nil):
                differences.append(JSONDifference(kind: .removed, path: path.joined(separator: "."), old: compact(old), new: nil))
            case (let old as [String: Any], let new as [String: Any]):
                for key in Set(old.keys).union(new.keys).sorted() {
                    compare(old[key], new[key], path: path + [key], into: &differences)
                }
            case (let old as [Any], let new as [Any]):
                if let oldIDs = Self.ids(old), let newIDs = Self.ids(new) {
                    compare(old, new, byIDs: oldIDs, newIDs, path: path, into: &differences)
                    return
                }
                if let reordered = reordering(old, new, path: path) {
                    differences.append(reordered)
                    return
                }
                for index in 0..<max(old.count, new.count) {
                    compare(index < old.count ? old[index] : nil, index < new.count ? new[index] : nil,
                            path: path + [String(index)], into: &differences)
                }
            case (let old?, let new?):
                let (oldText, newText) = (compact(old), compact(new))
                if oldText != newText {
                    differences.append(JSONDifference(kind: .changed, path: path.joined(separator: "."), old: oldText, new: newText))
                }
            }
        }

        /// Items told apart by their `id`, so that one like added at the head of a list is one
        /// item added, not every item after it changed: the items of both compared where the old
        /// list has them, the others added or removed where their list has them, and the list
        /// reordered when the items of both are in another order.
        private func compare(_ old: [Any], _ new: [Any], byIDs oldIDs: [String], _ newIDs: [String], path: [String],
                             into differences: inout [JSONDifference]) {
            let newPositions = Dictionary(uniqueKeysWithValues: zip(newIDs, new.indices))
            let (oldKept, newKept) = (oldIDs.filter { newPositions[$0] != nil }, newIDs.filter(Set(oldIDs).contains))
            if oldKept != newKept {
                differences.append(JSONDifference(kind: .reordered, path: path.joined(separator: "."), old: "[\(oldKept.joined(separator: ","))]",
                                                  new: "[\(newKept.joined(separator: ","))]"))
            }
            for (position, id) in oldIDs.enumerated() {
                compare(old[position], newPositions[id].map { new[$0] }, path: path + [String(position)], into: &differences)
            }
            for (position, id) in newIDs.enumerated() where !oldKept.contains(id) {
                compare(nil, new[position], path: path + [String(position)], into: &differences)
            }
        }

        /// Each item's `id` as compact JSON, when every item is an object with one and no two share it.
        private static func ids(_ list: [Any]) -> [String]? {
            let ids = list.compactMap { item in ((item as? [String: Any])?["id"]).flatMap { $0 is NSNull ? nil : compact($0) } }
            return ids.count == list.count && Set(ids).count == ids.count ? ids : nil
        }

        /// The same items (ignored paths aside) in another order: one difference for the list,
        /// its items by their positions in the old list, rather than one for every position that moved.
        private func reordering(_ old: [Any], _ new: [Any], path: [String]) -> JSONDifference? {
            let oldItems = old.enumerated().map { canonical($1, path: path + [String($0)]) }
            let newItems = new.enumerated().map { canonical($1, path: path + [String($0)]) }
            guard oldItems != newItems, oldItems.sorted() == newItems.sorted() else { return nil }
            var unclaimed = Array(oldItems.indices)
            let newOrder = newItems.map { item in unclaimed.remove(at: unclaimed.firstIndex { oldItems[$0] == item }!) }
            return JSONDifference(kind: .reordered, path: path.joined(separator: "."), old: compact(Array(old.indices)), new: compact(newOrder))
        }

        /// `value` as compact JSON with sorted keys, leaving out what is ignored below `path`.
        private func canonical(_ value: Any, path: [String]) -> String {
            compact(pruned(value, path: path) ?? NSNull())
        }

        private func pruned(_ value: Any, path: [String]) -> Any? {
            guard !isIgnored(path) else { return nil }
            switch value {
            case let object as [String: Any]:
                return object.reduce(into: [String: Any]()) { kept, entry in kept[entry.key] = pruned(entry.value, path: path + [entry.key]) }
            case let list as [Any]:
                return list.enumerated().map { pruned($1, path: path + [String($0)]) ?? NSNull() }
            default:
                return value
            }
        }

        private func isIgnored(_ path: [String]) -> Bool {
            ignored.contains { pattern in
                pattern.count == path.count && zip(pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
            }
        }
    }

}

/// `value` as compact JSON with sorted keys.
private func compact(_ value: Any) -> String {
    (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]))
        .map { String(decoding: $0, as: UTF8.self) } ?? String(describing: value)
}
