import Foundation
import Moments
import Testing
import TestSupport

/// Pictures a BFF points at elsewhere (absolute URLs on an image host) are served through
/// `/media`, only when the BFF sent them, and kept on disk for when both are down.
@Suite struct MediaProxyTests {
    /// A BFF whose profile, authors and likers have pictures on `imageHost`, and whose moment m1
    /// has its photo there too (m3's photo is `photo`).
    static func bff(imageHost: FakeImageHost, photo: String = "/photos/3.png") throws -> FakeBFF {
        var moments = FakeBFF.sampleMoments
        moments[0].photos = [imageHost.url("/photos/1.png")]
        moments[2].photos = [imageHost.url(photo)]
        let bff = try FakeBFF(moments: moments)
        bff.servePictures(from: imageHost.url(""))
        return bff
    }

    /// Every `src` of an `<img>` of `html`, as the browser would ask for it.
    static func imageSources(_ html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"<img[^>]* src="([^"]*)""#)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!]).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    static func mediaPath(_ url: String) -> String {
        "/media?url=" + url.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters)!
    }

    @Test func timeline_withAbsolutePictureURLs_showsEveryPictureThroughMedia() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        try await withDashboard(bff: try Self.bff(imageHost: imageHost)) { dashboard, _ in
            try await dashboard.setLikeFeature(true)
            let page = try await dashboard.get("/")
            let sources = Self.imageSources(page.text)
            #expect(sources.contains(Self.mediaPath(imageHost.url("/photos/1.png"))))
            #expect(sources.contains(Self.mediaPath(imageHost.url("/images/avatars/00.png"))), "the profile's avatar")
            #expect(sources.contains(Self.mediaPath(imageHost.url("/images/backgrounds/00.jpg"))), "the cover")
            #expect(sources.contains(Self.mediaPath(imageHost.url("/images/avatars/7.png"))), "m3's liker")
            let timelineSources = sources.filter { !$0.hasPrefix("/images/avatars/00.png") }
            #expect(timelineSources.count >= 7)
            #expect(timelineSources.allSatisfy { $0.hasPrefix("/media?url=") }, "\(timelineSources)")
            #expect(page.headers["content-security-policy"]?.contains("img-src 'self' data:;") == true)
            #expect(imageHost.totalRequests == 0, "the page alone fetches nothing")
        }
    }

    @Test func media_ofAPictureTheBFFSent_answersItsBytes_thenFromTheCacheWithAnETag() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        try await withDashboard(bff: try Self.bff(imageHost: imageHost)) { dashboard, _ in
            _ = try await dashboard.get("/")
            let path = Self.mediaPath(imageHost.url("/photos/1.png"))
            let first = try await dashboard.server.send("GET", path)
            #expect(first.status == 200)
            #expect(first.headers["content-type"] == "image/png")
            #expect(first.body == FakeImageHost.png)
            let again = try await dashboard.server.send("GET", path)
            #expect(again.body == FakeImageHost.png)
            #expect(imageHost.requestCount("/photos/1.png") == 1, "the second answer comes from the cache")
            let etag = try #require(first.headers["etag"])
            let revalidated = try await dashboard.server.send("GET", path, headers: ["If-None-Match": etag])
            #expect(revalidated.status == 304)
        }
    }

    @Test func media_ofAURLTheBFFNeverSent_is404_andNothingIsFetched() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        try await withDashboard(bff: try Self.bff(imageHost: imageHost)) { dashboard, _ in
            _ = try await dashboard.get("/")
            let answer = try await dashboard.get(Self.mediaPath(imageHost.url("/secret.png")), headers: ["Accept": "application/json"])
            #expect(answer.status == 404)
            #expect(answer.text.contains("\"unknown_media\""))
            let page = try await dashboard.get(Self.mediaPath("http://169.254.169.254/latest/meta-data.png"))
            #expect(page.status == 404)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(imageHost.requestCount("/secret.png") == 0)
            #expect(imageHost.totalRequests == 0)
        }
    }

    @Test func media_whoseAnswerIsNotAnImage_is502_andIsNotCached() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        try await withDashboard(bff: try Self.bff(imageHost: imageHost, photo: "/photos/page.html")) { dashboard, _ in
            _ = try await dashboard.get("/")
            let path = Self.mediaPath(imageHost.url("/photos/page.html"))
            for _ in 0..<2 {
                let answer = try await dashboard.get(path, headers: ["Accept": "application/json"])
                #expect(answer.status == 502)
                #expect(answer.text.contains("\"media_not_an_image\""))
            }
            #expect(imageHost.requestCount("/photos/page.html") == 2, "a refused answer is not kept")
            let kept = try FileManager.default.contentsOfDirectory(atPath: dashboard.dataDirectory.appendingPathComponent("media").path)
            #expect(kept.isEmpty)
        }
    }

    @Test func media_onAnInternalAddressThatIsNotTheBFFsHost_isRefusedWithoutAConnection() async throws {
        var moments = FakeBFF.sampleMoments
        moments[0].photos = ["http://10.255.255.1/photo.png", "http://[::ffff:192.168.0.1]/photo.png"]
        try await withDashboard(bff: try FakeBFF(moments: moments)) { dashboard, _ in
            _ = try await dashboard.get("/api/timeline")
            for url in ["http://10.255.255.1/photo.png", "http://[::ffff:192.168.0.1]/photo.png"] {
                let answer = try await dashboard.get(Self.mediaPath(url), headers: ["Accept": "application/json"])
                #expect(answer.status == 403, "\(url)")
                #expect(answer.text.contains("\"media_internal_address\""))
            }
        }
    }

    @Test func savedTimeline_whenTheBFFAndTheImageHostAreDown_showsItsPicturesFromDisk() async throws {
        let imageHost = try FakeImageHost()
        let bff = try Self.bff(imageHost: imageHost)
        let first = try await Dashboard.start(bff: bff)
        defer { try? FileManager.default.removeItem(at: first.dataDirectory) }
        let sources = Self.imageSources(try await first.get("/").text).filter { $0.hasPrefix("/media?") }
        #expect(sources.count >= 5)
        for source in sources {
            #expect(try await first.server.send("GET", source).status == 200)
        }
        await first.stop()
        await bff.stop()
        await imageHost.stop()
        let fetchedBefore = imageHost.totalRequests

        let second = try await Dashboard.start(bff: bff, dataDirectory: first.dataDirectory)
        // The pictures first, before any page: the saved timeline's URLs are allowed from the start.
        for source in sources {
            let answer = try await second.server.send("GET", source)
            #expect(answer.status == 200, "\(source)")
            #expect(answer.body == FakeImageHost.png)
        }
        let page = try await second.get("/")
        #expect(try await second.decode(TimelineAnswer.self, "/api/timeline").value.stale != nil, "the saved timeline is shown")
        #expect(Set(Self.imageSources(page.text).filter { $0.hasPrefix("/media?") }) == Set(sources))
        #expect(imageHost.totalRequests == fetchedBefore)
        await second.stop()
    }

    @Test func bffHeaders_goToPicturesOnTheBFFsOrigin_andNotToAnotherHost() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        let fetcher = MediaFetcher(headers: ["Authorization": "Bearer s3cret"], bffOrigin: URL(string: imageHost.url("/"))!)
        _ = try await fetcher.fetch(URL(string: imageHost.url("/own.png"))!)
        let elsewhere = MediaFetcher(headers: ["Authorization": "Bearer s3cret"], bffOrigin: URL(string: "http://127.0.0.1:9/graphql")!)
        _ = try await elsewhere.fetch(URL(string: imageHost.url("/other.png"))!)
        #expect(imageHost.receivedHeaders.map { $0["authorization"] } == ["Bearer s3cret", nil])
    }

    @Test func fetcher_followsARedirectToThePicture_withoutTheBFFsCredentials() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        let fetcher = MediaFetcher(headers: ["Authorization": "Bearer s3cret"], bffOrigin: URL(string: imageHost.url("/"))!)
        let moved = imageHost.url("/moved?to=/photos/1.png")
        let picture = try await fetcher.fetch(URL(string: moved)!)
        #expect(picture == FetchedPicture(contentType: "image/png", data: FakeImageHost.png))
        #expect(imageHost.requestCount("/moved") == 1 && imageHost.requestCount("/photos/1.png") == 1)
        #expect(imageHost.receivedHeaders.map { $0["authorization"] } == ["Bearer s3cret", nil])
    }

    @Test func fetcher_refusesARedirectToAnInternalAddress_withoutConnectingThere() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        let fetcher = MediaFetcher(bffOrigin: URL(string: imageHost.url("/"))!)
        let toInternal = "http://10.1.2.3/latest/meta-data.png".addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters)!
        await #expect(throws: MediaError.internalAddress(host: "10.1.2.3")) {
            try await fetcher.fetch(URL(string: imageHost.url("/moved?to=\(toInternal)"))!)
        }
        #expect(imageHost.totalRequests == 1)
    }

    @Test func fetcher_stopsAfterFiveRedirects_withTheLastRedirectsStatus() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        let fetcher = MediaFetcher(bffOrigin: URL(string: imageHost.url("/"))!)
        var url = "/photos/1.png"
        for _ in 0..<6 {
            url = "/moved?to=" + url.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters)!
        }
        await #expect(throws: MediaError.badStatus(303)) { try await fetcher.fetch(URL(string: imageHost.url(url))!) }
        #expect(imageHost.requestCount("/moved") == 6 && imageHost.requestCount("/photos/1.png") == 0)
    }

    @Test func fetcher_stopsAPictureOverItsCap_asTooLarge() async throws {
        let imageHost = try FakeImageHost()
        defer { Task { await imageHost.stop() } }
        let fetcher = MediaFetcher(bffOrigin: URL(string: imageHost.url("/"))!, maxBytes: 1000)
        await #expect(throws: MediaError.tooLarge(limit: 1000)) {
            try await fetcher.fetch(URL(string: imageHost.url("/big/5000.png"))!)
        }
        let small = try await fetcher.fetch(URL(string: imageHost.url("/big/1000.png"))!)
        #expect(small.data.count == 1000)
        #expect(small.contentType == "image/png")
    }
}

/// The disk cache of `/media` on its own: bounded, least recently used evicted, kept across restarts.
@Suite struct MediaCacheTests {
    static func picture(_ size: Int) -> FetchedPicture {
        FetchedPicture(contentType: "image/png", data: Data(repeating: UInt8(size % 251), count: size))
    }

    @Test func overItsBound_evictsTheLeastRecentlyUsed_andKeepsTheRestAcrossARestart() throws {
        let directory = Dashboard.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try MediaCache(dataDirectory: directory, maxBytes: 250)
        cache.store(Self.picture(100), for: "https://cdn.example/a.png")
        cache.store(Self.picture(101), for: "https://cdn.example/b.png")
        #expect(cache.picture(for: "https://cdn.example/a.png") != nil, "a is used, so b is now the oldest")
        cache.store(Self.picture(102), for: "https://cdn.example/c.png")

        #expect(cache.contains("https://cdn.example/a.png"))
        #expect(!cache.contains("https://cdn.example/b.png"))
        #expect(cache.contains("https://cdn.example/c.png"))
        #expect(cache.diskBytes == 202)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("media").path)
        #expect(files.count == 4, "a body and its metadata for each picture kept: \(files)")

        let reopened = try MediaCache(dataDirectory: directory, maxBytes: 250)
        #expect(reopened.diskBytes == 202)
        #expect(reopened.picture(for: "https://cdn.example/c.png")?.bytes.count == 102)
        #expect(reopened.picture(for: "https://cdn.example/b.png") == nil)
    }
}

/// Addresses told apart by structure, not by how they are spelled.
@Suite struct NetworkAddressTests {
    @Test(arguments: ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0", "100.64.0.1",
                      "::1", "[::1]", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "224.0.0.1"])
    func internalAddresses_areInternal(literal: String) throws {
        #expect(try #require(NetworkAddress(literal: literal)).isInternal)
    }

    @Test(arguments: ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
    func publicAddresses_areNot(literal: String) throws {
        #expect(try #require(NetworkAddress(literal: literal)).isInternal == false)
    }

    @Test func namesAreNotLiterals() {
        #expect(NetworkAddress(literal: "127.0.0.1.example.com") == nil)
        #expect(NetworkAddress(literal: "localhost") == nil)
    }
}
