import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1 for byte-exact requests.
public struct RawConnection: Sendable {
    let descriptor: Int32

    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    public func write(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Reads until the peer closes or the read times out.
    public func readAll() -> String {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until `marker` has been received or `timeout` seconds have passed; all it read.
    public func read(until marker: String, timeout: Double) -> String {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        var wait = timeval(tv_sec: 0, tv_usec: 10_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        while Date() < deadline, !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count > 0 { received.append(contentsOf: buffer[0..<count]) }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// `read(until:timeout:)` on a thread of its own (`onOwnThread`).
    public func received(until marker: String, timeout: Double) async -> String {
        (try? await onOwnThread { read(until: marker, timeout: timeout) }) ?? ""
    }

    /// Starts `read(until:timeout:)` on a thread of its own and returns once that thread reads:
    /// what the test does next is timed from before its answer can arrive. The task answers what
    /// was read and when the read ended.
    public func startTimedRead(until marker: String, timeout: Double = 5) async
        -> Task<(text: String, arrivedAt: ContinuousClock.Instant), Never> {
        let (reading, started) = AsyncStream<Void>.makeStream()
        let reader = Task {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    started.finish()
                    let text = read(until: marker, timeout: timeout)
                    continuation.resume(returning: (text: text, arrivedAt: ContinuousClock.now))
                }
            }
        }
        for await _ in reading {}
        return reader
    }

    public func exchange(_ data: Data) throws -> String {
        defer { close() }
        write(data)
        return readAll()
    }

    /// Whether the peer has closed or reset the connection (a read would return nothing more).
    public func isClosedByPeer() -> Bool {
        var probe: UInt8 = 0
        let count = recv(descriptor, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
