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
    /// A value made for this client alone and written into the answer (the CSRF token issued to
    /// a client that had none): every reuse writes a fresh one from `PerClientValue.make` in its place.
    public var perClientValue: PerClientValue?

    public init(validity: AnswerValidity, effects: [Effect] = []) {
        self.validity = validity
        self.effects = effects
    }
}

/// A value written into an answer for one client, and how to make another.
public struct PerClientValue: Sendable {
    public let value: String
    public let make: @Sendable () -> String

    public init(value: String, make: @escaping @Sendable () -> String) {
        self.value = value
        self.make = make
    }
}
