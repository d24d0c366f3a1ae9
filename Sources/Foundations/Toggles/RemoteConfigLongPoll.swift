import Foundation

/// Hears of remote config changes from a BFF that waits for them: keeps one request open at a
/// time, `GET` with `If-None-Match` (the version last seen) and `Prefer: wait=N`, which such a BFF
/// answers once the config changes (200) or after N seconds (304).
///
/// A BFF that does not say `Preference-Applied` (or gives no `ETag`) does not wait: asking again would only poll, which
/// the dashboard already does every `--remote-config-interval`, so the watch ends. A BFF that does
/// not answer is asked again after `retryDelay`.
struct RemoteConfigLongPoll: Sendable {
    let url: URL
    let headers: [String: String]
    /// How long each request asks the BFF to wait: also how long a stopping BFF waits for it.
    var wait = 5
    var retryDelay: Duration = .seconds(5)

    /// Calls `changed` at each change the BFF tells of, until the calling task is cancelled or the
    /// BFF shows that it does not wait.
    func run(_ changed: @escaping @Sendable () -> Void) async {
        var seen: String?
        while !Task.isCancelled {
            let asked = [("Accept", "application/json"), ("Prefer", "wait=\(wait)")] + (seen.map { [("If-None-Match", $0)] } ?? [])
            let request = OutboundHTTP.request(.GET, url, headers: asked, extra: headers)
            guard let answer = try? await OutboundHTTP.send(request, timeout: .seconds(wait + 10)),
                  answer.status == 200 || answer.status == 304 else {
                try? await Task.sleep(for: retryDelay)
                continue
            }
            guard answer.headers.first(name: "Preference-Applied") != nil,
                  let version = answer.headers.first(name: "ETag") else { return }
            // The first answer counts too: the config may have changed since the dashboard's
            // first read.
            if version != seen { changed() }
            seen = version
        }
    }
}
