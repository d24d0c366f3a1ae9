/// What makes an answer reusable: a handler sets it on an answer that is the same for every
/// request with the same method, target and headers (`ReadyAnswers`), as long as `validity`
/// holds. The server then answers such requests without running the middleware or the handler.
public struct Reuse: Sendable {
    /// Work a reused answer still does, given the time the request has taken: what the handler
    /// and the router did for each request besides drawing the answer (a screenview recorded,
    /// the route's metrics).
    public typealias Effect = @Sendable (_ elapsed: Duration) -> Void

    public var validity: AnswerValidity
    public var effects: [Effect]
    /// A value of this client alone written into the answer (the CSRF token): every reuse writes
    /// its own request's in its place.
    public var perClientValue: PerClientValue?

    public init(validity: AnswerValidity, effects: [Effect] = []) {
        self.validity = validity
        self.effects = effects
    }
}

/// A value written into an answer for one client, and where another client's comes from.
public struct PerClientValue: Sendable {
    enum Source: Sendable {
        /// Made afresh for each client (a token issued to a client that had none).
        case made(@Sendable () -> String)
        /// The request's cookie of this name, as it came (`Cookies.echoed`).
        case cookie(String)
    }

    public let value: String
    let source: Source

    /// `value`, made for this client; `make` makes another's.
    public init(value: String, make: @escaping @Sendable () -> String) {
        self.value = value
        source = .made(make)
    }

    /// `value`, this request's cookie `name`, echoable (`Cookies.isEchoable`): each reuse writes
    /// its own request's.
    public init(echoing name: String, value: String) {
        self.value = value
        source = .cookie(name)
    }
}
