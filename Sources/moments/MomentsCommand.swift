import ArgumentParser
import Foundations

/// `moments`: the dashboard and its embedded BFF.
@main
struct MomentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moments",
        abstract: "Moments Web: the Moments timeline and the Area 51 internal menu as a local web dashboard.",
        version: AppInfo.identity,
        subcommands: [ServeCommand.self, BFFCommand.self, SessionCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
