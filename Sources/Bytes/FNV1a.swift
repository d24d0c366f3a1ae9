/// FNV-1a (64 bits) of some bytes: the same bytes give the same hash in every process and on
/// every run, where `hashValue` is seeded anew per process. For validators (`ETag`) and file
/// names that must outlive a restart; not for anything an adversary may choose to collide.
public enum FNV1a {
    /// The hash of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// A version of `bytes`: their hash and their count, in hex. Equal bytes, equal versions.
    public static func version(of bytes: some Collection<UInt8>) -> String {
        "\(String(hash(bytes), radix: 16))-\(String(bytes.count, radix: 16))"
    }
}
