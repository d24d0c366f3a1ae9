/// Values kept up to a total cost (their size in bytes, as the caller estimates it), the least
/// recently used dropped first when a new one would pass it.
///
/// A plain value: whoever shares one puts it behind a lock. Every operation is O(1) but the
/// evictions it causes; entries sit in a doubly linked list threaded through an array, newest at
/// the head.
public struct LeastRecentlyUsedCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most the values may cost together.
    public let costLimit: Int
    /// What the values kept cost together; never above `costLimit`.
    public private(set) var totalCost = 0
    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    public init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// The value for `key`, now the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToFront(slot)
        return nodes[slot]?.value
    }

    /// The value for `key`, leaving the order as it is.
    public func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0]?.value }
    }

    /// Keeps `value` for `key` as the most recently used, dropping the least recently used
    /// until the total fits; answers what was dropped. A value that alone costs more than the
    /// limit is not kept (and is among the dropped).
    @discardableResult
    public mutating func set(_ value: Value, cost: Int, for key: Key) -> [(key: Key, value: Value)] {
        if let slot = slots[key] {
            totalCost += cost - nodes[slot]!.cost
            nodes[slot]!.value = value
            nodes[slot]!.cost = cost
            moveToFront(slot)
        } else {
            let node = Node(key: key, value: value, cost: cost, newer: nil, older: newest)
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                nodes[slot] = node
            } else {
                slot = nodes.count
                nodes.append(node)
            }
            if let newest { nodes[newest]!.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
            slots[key] = slot
            totalCost += cost
        }
        var dropped: [(key: Key, value: Value)] = []
        while totalCost > costLimit, let oldest {
            let node = nodes[oldest]!
            remove(slot: oldest)
            dropped.append((node.key, node.value))
        }
        return dropped
    }

    /// Forgets `key`; answers its value.
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        let value = nodes[slot]?.value
        remove(slot: slot)
        return value
    }

    /// Forgets every value whose key matches; answers them.
    @discardableResult
    public mutating func removeAll(where matches: (Key) -> Bool) -> [(key: Key, value: Value)] {
        slots.keys.filter(matches).compactMap { key in removeValue(for: key).map { (key, $0) } }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot]!.older = newest
        nodes[slot]!.newer = nil
        if let newest { nodes[newest]!.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let node = nodes[slot]!
        if let newer = node.newer { nodes[newer]!.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]!.newer = node.newer } else { oldest = node.newer }
    }

    private mutating func remove(slot: Int) {
        unlink(slot)
        let node = nodes[slot]!
        slots.removeValue(forKey: node.key)
        totalCost -= node.cost
        nodes[slot] = nil
        freeSlots.append(slot)
    }
}
