/// Why the server could not start.
public enum HTTPServerError: Error, CustomStringConvertible, Equatable {
    case cannotListen(host: String, port: Int, reason: String)
    case daemonFailedToStart

    public var description: String {
        switch self {
        case let .cannotListen(host, port, reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .daemonFailedToStart:
            "libmicrohttpd did not start (see its message above)"
        }
    }
}
