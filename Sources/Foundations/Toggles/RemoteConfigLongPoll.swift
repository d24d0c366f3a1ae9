import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
            var request = URLRequest(url: url, timeoutInterval: TimeInterval(wait + 10))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.setValue("wait=\(wait)", forHTTPHeaderField: "Prefer")
            for (name, value) in headers {
                request.setValue(value, forHTTPHeaderField: name)
            }
            if let seen { request.setValue(seen, forHTTPHeaderField: "If-None-Match") }
            guard let (_, response) = try? await HTTPClient.data(for: request),
                  let answer = response as? HTTPURLResponse, answer.statusCode == 200 || answer.statusCode == 304 else {
                try? await Task.sleep(for: retryDelay)
                continue
            }
            guard answer.value(forHTTPHeaderField: "Preference-Applied") != nil,
                  let version = answer.value(forHTTPHeaderField: "ETag") else { return }
            // The first answer counts too: the config may have changed since the dashboard's
            // first read.
            if version != seen { changed() }
            seen = version
        }
    }
}
