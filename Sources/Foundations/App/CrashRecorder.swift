import Foundation

/// The last crash of the dashboard, as Area 51 shows it after the next start.
public struct CrashReport: Codable, Sendable, Equatable {
    public let reason: String
    public let crashedAt: Date
}

/// Keeps `crash.json` in the data dir: written just before the process aborts on purpose,
/// read at the next start.
public struct CrashRecorder: Sendable {
    public let fileURL: URL

    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("crash.json")
    }

    /// Writes the report to disk and syncs it, so it is there after the abort that follows.
    public func record(reason: String) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(CrashReport(reason: reason, crashedAt: Date()))
        try data.write(to: fileURL, options: .atomic)
        let handle = try FileHandle(forUpdating: fileURL)
        try handle.synchronize()
        try handle.close()
    }

    /// The last crash recorded, if any.
    public var lastCrash: CrashReport? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(CrashReport.self, from: data)
    }
}
