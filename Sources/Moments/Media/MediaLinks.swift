import Foundation

/// Where a picture of the BFF's answer is loaded from: the `src` a view-model hands its template.
///
/// An absolute `http`/`https` URL becomes `/media?url=…`, so the browser only ever loads pictures
/// from the dashboard and the page keeps `img-src 'self' data:`. With a remote BFF a relative URL
/// is resolved against the BFF's origin first and goes the same way; with the embedded BFF a
/// relative URL names a file under `Public/` and stays as it is.
public struct MediaLinks: Sendable, Equatable {
    /// The path of the route that serves pictures from elsewhere.
    public static let routePath = "/media"

    /// The origin relative URLs of the BFF's answers are resolved against; `nil` for the embedded BFF.
    public let bffOrigin: URL?

    public init(bffOrigin: URL?) {
        self.bffOrigin = bffOrigin.flatMap(Self.origin(of:))
    }

    /// Pictures of the embedded BFF: relative URLs stay local files.
    public static let local = MediaLinks(bffOrigin: nil)

    /// The absolute URL the dashboard fetches for `picture`, as `/media` is asked for it; `nil`
    /// when the browser loads `picture` as it is (a local file, `data:`).
    public func remoteURL(_ picture: String) -> String? {
        guard !picture.isEmpty, let url = URL(string: picture) else { return nil }
        let absolute: URL
        if url.scheme != nil {
            absolute = url
        } else if let bffOrigin, let resolved = URL(string: picture, relativeTo: bffOrigin)?.absoluteURL {
            absolute = resolved
        } else {
            return nil
        }
        guard let scheme = absolute.scheme?.lowercased(), ["http", "https"].contains(scheme),
              absolute.host?.isEmpty == false else { return nil }
        return absolute.absoluteString
    }

    /// What an `<img src>` says for `picture`.
    public func src(_ picture: String) -> String {
        remoteURL(picture).map(Self.mediaPath(for:)) ?? picture
    }

    /// `/media?url=` the absolute URL, percent-encoded (all but RFC 3986's unreserved characters).
    public static func mediaPath(for absoluteURL: String) -> String {
        "\(routePath)?url=\(absoluteURL.addingPercentEncoding(withAllowedCharacters: unreserved) ?? absoluteURL)"
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `scheme://host:port/` of `url`.
    private static func origin(of url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        components.path = "/"
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url
    }
}

extension MomentsDetails {
    /// Every picture the answer names: the profile's avatar and cover, each author's avatar,
    /// each photo and each liker's avatar.
    public var pictureURLs: [String] {
        [userDetails.avatar, userDetails.backgroundImage] + moments.flatMap(\.pictureURLs)
    }
}

extension MomentsDetails.Moment {
    /// Every picture the moment names: its author's avatar, its photos and its likers' avatars.
    public var pictureURLs: [String] {
        [userDetails.avatar] + photos + (likes ?? []).map(\.avatar)
    }
}
