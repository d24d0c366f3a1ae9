import Foundation
import Testing
@testable import BFF

@Suite struct DemoPicturesTests {
    /// The repository's `Public/` folder, found from this file's place in `Tests/BFFTests/`.
    private static let publicFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Public")

    /// Every picture the demo data refers to: avatars, backgrounds and photos.
    private static let picturePaths: [String] = {
        let demo = DemoData.standard
        let photos = demo.moments.flatMap { moment -> [String] in
            if case .photos(let paths) = moment.content { return paths }
            return []
        }
        return Array(Set(demo.users.map(\.avatar) + demo.users.map(\.backgroundImage) + photos)).sorted()
    }()

    @Test(arguments: picturePaths)
    func demoPicture_isAnImageFileUnderPublic(path: String) throws {
        let file = Self.publicFolder.appendingPathComponent(String(path.dropFirst()))
        let data = try #require(FileManager.default.contents(atPath: file.path), "\(file.path) is missing")
        #expect(data.count > 1024, "\(path) is only \(data.count) bytes")
        switch file.pathExtension {
        case "png": #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path) is not a PNG")
        case "jpg": #expect(data.starts(with: [0xFF, 0xD8, 0xFF]), "\(path) is not a JPEG")
        default: Issue.record("\(path) is neither .png nor .jpg")
        }
    }
}
