import Foundation
@testable import BFF
import Foundations

/// The remote config as the dashboard reads it from a BFF, and a patch as the embedded BFF reads
/// it from `PUT /remote-config`: any bytes decode or fail with a decoding error.
enum RemoteConfigHarness {
    static func run(_ data: Data) {
        _ = try? JSONDecoder().decode(RemoteConfiguration.self, from: data)
        _ = try? JSONDecoder().decode(RemoteConfigPatch.self, from: data)
    }
}
