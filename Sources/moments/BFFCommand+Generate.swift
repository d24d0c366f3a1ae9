import ArgumentParser
import BFF
import Foundation

extension BFFCommand {
    /// `moments bff generate`: replaces the BFF's users, moments and likes with a large generated
    /// timeline, the same for the same seed, to try the BFF and the dashboard at scale.
    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace every user, moment and like with a generated timeline (stop the server first).",
            discussion: """
                User "0" stays the current user (Alex Chen); the pictures are the demo's files under \
                Public/images. The same --moments, --users and --seed give the same data, dated from now. \
                Run it while no server uses the data folder: the write holds the database for seconds, \
                and a running dashboard keeps the timeline it has cached. `moments bff reset-demo-data` \
                puts the demo data back.
                """
        )

        @Option(help: "How many moments to generate.")
        var moments: Int

        @Option(help: "How many users, the current user \"0\" included.")
        var users: Int

        @Option(help: "Seed of the random generator.")
        var seed: UInt64 = 1

        @OptionGroup var data: DataOptions

        func validate() throws {
            guard moments >= 0 else { throw ValidationError("--moments must be 0 or more, not \(moments).") }
            guard users >= 1 else { throw ValidationError("--users must be 1 or more, not \(users).") }
        }

        func run() async throws {
            let start = ContinuousClock.now
            let counts = try await data.openBFF()
                .replaceWithGeneratedData(users: users, moments: moments, seed: seed)
            let seconds = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
            print(String(format: "Generated %d users, %d moments, %d photos and %d likes (seed %llu) in %.1f s in %@.",
                         counts.users, counts.moments, counts.photos, counts.likes, seed, seconds,
                         try data.storeDescription()))
        }
    }
}
