import Foundation
import Foundations
@testable import HTTPServer

/// The JSON bodies of the `/api/` routes, read by `Request.decode`, and the duplicate-key scan on
/// any bytes: every failure is a 400 the router can answer, never a trap.
enum JSONBodyHarness {
    private struct LikeBody: Decodable { let isLiked: Bool }
    private struct ToggleBody: Decodable { let isOn: Bool }

    static func run(_ data: Data) {
        _ = JSONDuplicateKeys.first(in: data)
        let request = Request(method: .put, path: "/api/fuzz", body: data)
        expectDecodesOrRefuses { try request.decode(Fault.self) }
        expectDecodesOrRefuses { try request.decode(LikeBody.self) }
        expectDecodesOrRefuses { try request.decode(ToggleBody.self) }
        expectDecodesOrRefuses { try request.decode([String: [Int]].self) }
    }

    private static func expectDecodesOrRefuses<Value>(_ decode: () throws -> Value) {
        do {
            _ = try decode()
        } catch let error as HTTPError {
            require(error.status == .badRequest && error.code == "invalid_json", "decoding failed with \(error)")
        } catch {
            require(false, "decoding threw something other than an HTTPError: \(error)")
        }
    }
}
