/// Content types of the files a dashboard serves, by extension.
enum MediaType {
    /// Whether a body of `contentType` is text that gzip shrinks (pictures and fonts are compressed already).
    static func isText(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType == "application/json" || contentType == "image/svg+xml"
    }

    static func forExtension(_ ext: String) -> String {
        switch ext.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
