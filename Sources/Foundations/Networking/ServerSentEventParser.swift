/// Reads server-sent events out of a body that arrives in pieces, as the HTML standard's event
/// stream interpretation lays them out: lines end in LF, CR or CR LF; `event` names the event
/// and `data` lines are joined by newlines; a blank line dispatches it. Comments and other fields
/// (`id`, `retry`) are skipped: a GraphQL subscription is opened again whole, never resumed.
struct ServerSentEventParser {
    /// One dispatched event: its name (`message` when the stream gives none) and its data.
    struct Event: Equatable {
        var name: String
        var data: String
    }

    private var line: [UInt8] = []
    private var afterCR = false
    private var name = ""
    private var data: [String]?

    /// The events the bytes complete, in order.
    mutating func consume(_ bytes: some Sequence<UInt8>) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            defer { afterCR = byte == UInt8(ascii: "\r") }
            if byte == UInt8(ascii: "\n"), afterCR { continue }
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                line.append(byte)
                continue
            }
            if let event = endLine() { events.append(event) }
        }
        return events
    }

    private mutating func endLine() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer { (name, data) = ("", nil) }
            return data.map { Event(name: name.isEmpty ? "message" : name, data: $0.joined(separator: "\n")) }
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        var value = line[colon...].dropFirst()
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: line[..<colon], as: UTF8.self) {
        case "event": name = String(decoding: value, as: UTF8.self)
        case "data": data = (data ?? []) + [String(decoding: value, as: UTF8.self)]
        default: break
        }
        return nil
    }
}
