import Foundation
import Foundations
import Testing

@Suite struct RemoteConfigurationTests {
    @Test(arguments: [
        (#"{"isRoundedAvatar": true, "likeButtonStyle": "star"}"#, RemoteConfiguration(isRoundedAvatar: true, likeButtonStyle: .star)),
        (#"{"likeButtonStyle": "sparkles"}"#, RemoteConfiguration.defaults),
        (#"{"isRoundedAvatar": true, "newKey": 1}"#, RemoteConfiguration(isRoundedAvatar: true, likeButtonStyle: .heart)),
        ("{}", RemoteConfiguration.defaults),
    ])
    func decoding_fallsBackToDefaultsForWhatItDoesNotKnow(json: String, expected: RemoteConfiguration) throws {
        #expect(try JSONDecoder().decode(RemoteConfiguration.self, from: Data(json.utf8)) == expected)
    }
}
