import Foundation

/// libFuzzer's harnesses for every parser of outside bytes, one harness chosen per run by
/// `MOMENTS_FUZZ_TARGET` (`make fuzz` runs each in turn; `scripts/fuzz` says how). A harness
/// traps (and libFuzzer keeps the input) when the code under it crashes or breaks a property it
/// states; AddressSanitizer reports memory errors.
enum Harness: String, CaseIterable {
    case request, forms, graphql, bffAnswer = "bff-answer", remoteConfig = "remote-config", jsonBody = "json-body"
    case eventStream = "event-stream", framing, schema

    /// Runs one input.
    func run(_ data: Data) {
        switch self {
        case .request: RequestHarness.shared.run(data)
        case .forms: FormsHarness.run(data)
        case .graphql: GraphQLHarness.shared.run(data)
        case .bffAnswer: BFFAnswerHarness.run(data)
        case .remoteConfig: RemoteConfigHarness.run(data)
        case .jsonBody: JSONBodyHarness.run(data)
        case .eventStream: EventStreamHarness.run(data)
        case .framing: FramingHarness.run(data)
        case .schema: SchemaHarness.run(data)
        }
    }
}

nonisolated(unsafe) private var selected: Harness?

/// libFuzzer's driver, from its archive without `main` (see Package.swift).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main enum MomentsFuzz {
    static func main() {
        let name = ProcessInfo.processInfo.environment["MOMENTS_FUZZ_TARGET"] ?? ""
        guard let harness = Harness(rawValue: name) else {
            FileHandle.standardError.write(Data("Set MOMENTS_FUZZ_TARGET to one of: \(Harness.allCases.map(\.rawValue).joined(separator: ", ")).\n".utf8))
            exit(2)
        }
        selected = harness
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { bytes, count in
            selected?.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
            return 0
        })
    }
}

/// Runs async work to its end from libFuzzer's synchronous thread.
func runBlocking<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result?
    Task {
        result = await work()
        done.signal()
    }
    done.wait()
    return result!
}

/// Stops the run with `message` when `condition` does not hold, so libFuzzer keeps the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("property broken: \(message())\n".utf8))
        abort()
    }
}
