#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Foundation

/// A refusal written straight to the socket when libmicrohttpd could not send it.
///
/// libmicrohttpd 0.9.75 keeps a request's head in the connection's memory pool and builds the
/// answer's header in what is left of it. A head that ends just short of the pool's end is parsed
/// and handed over, but the 414 or 431 queued for it finds no room and the connection would close
/// in silence ("failed to create response header"); 1.0 reserves room for these answers. (For its
/// own 431 0.9.75 empties the memory first.) Nothing has been sent for the request and the refusal is
/// small (an error page of a few KB at most, within any socket's send buffer), so one `send`
/// delivers it; the socket's sending side is then shut, so that
/// nothing libmicrohttpd tries to send later follows it.
enum LastResortAnswer {
    static func send(_ response: Response, on socket: Int32) {
        guard let body = response.bodyData, socket >= 0 else { return }
        var head = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
        for (name, value) in response.headers where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        head += "Connection: close\r\n\r\n"
        let bytes = Data(head.utf8) + body
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(socket, Int32(SHUT_WR))
    }
}
