import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address, told apart by structure: whether it is one of this machine, of a
/// private network or of a link, which a picture URL from a BFF must not make the dashboard call.
public enum NetworkAddress: Hashable, Sendable {
    case v4(UInt8, UInt8, UInt8, UInt8)
    case v6([UInt8])

    /// An address written as an IP literal (`127.0.0.1`, `::1`, `[::1]`), parsed with `inet_pton`.
    public init?(literal: String) {
        let text = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(v4: v4)
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(v6: v6)
            return
        }
        return nil
    }

    init(v4 address: in_addr) {
        let value = UInt32(bigEndian: address.s_addr)
        self = .v4(UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    }

    init(v6 address: in6_addr) {
        var copy = address
        self = .v6(withUnsafeBytes(of: &copy) { Array($0) })
    }

    /// Loopback, private (RFC 1918, unique local), shared (CGNAT), link-local, unspecified,
    /// multicast or broadcast: anything that is not a host on the public internet.
    public var isInternal: Bool {
        switch self {
        case let .v4(a, b, _, _):
            return a == 0 || a == 10 || a == 127 || a >= 224
                || (a == 169 && b == 254) || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168)
                || (a == 100 && (64...127).contains(b))
        case .v6(let bytes):
            if let mapped = embeddedV4 { return mapped.isInternal }
            let isUnspecifiedOrLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] <= 1
            return isUnspecifiedOrLoopback
                || bytes[0] & 0xfe == 0xfc            // fc00::/7, unique local
                || (bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80) // fe80::/10, link-local
                || bytes[0] == 0xff                   // ff00::/8, multicast
        }
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`).
    private var embeddedV4: NetworkAddress? {
        guard case .v6(let bytes) = self, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff
        else { return nil }
        return .v4(bytes[12], bytes[13], bytes[14], bytes[15])
    }

    /// Every address `host` resolves to (`getaddrinfo`); empty when it resolves to none. Blocks
    /// while DNS answers, so it runs on a thread of its own, never on the cooperative pool.
    public static func resolve(_ host: String) async -> [NetworkAddress] {
        if let literal = NetworkAddress(literal: host) { return [literal] }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: resolveBlocking(host)) }
        }
    }

    private static func resolveBlocking(_ host: String) -> [NetworkAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [NetworkAddress] = []
        var entry = list
        while let info = entry?.pointee {
            switch info.ai_family {
            case AF_INET:
                info.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { addresses.append(NetworkAddress(v4: $0.pointee.sin_addr)) }
            case AF_INET6:
                info.ai_addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { addresses.append(NetworkAddress(v6: $0.pointee.sin6_addr)) }
            default:
                break
            }
            entry = info.ai_next
        }
        return addresses
    }
}
