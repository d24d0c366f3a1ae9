import ArgumentParser
import Foundation
import Foundations

/// `--bff-header` and `MOMENTS_BFF_HEADERS`: the headers (credentials) sent with every request to
/// a BFF at `--bff-url`, the same on `serve` and `session replay`.
struct BFFHeaderOptions: ParsableArguments {
    @Option(name: .customLong("bff-header"),
            help: ArgumentHelp("A header sent with every request to --bff-url, as 'Name: value' (repeatable), e.g. 'Authorization: Bearer …'. Also read from MOMENTS_BFF_HEADERS, one header a line; a flag wins over the variable for the same name. Values are shown only masked.",
                               valueName: "name: value"))
    var bffHeaderLines: [String] = []

    /// Refuses headers without `--bff-url`, and headers that do not parse.
    func validate(bffURL: String?) throws {
        if !bffHeaderLines.isEmpty, bffURL == nil {
            throw ValidationError("--bff-header needs --bff-url: the embedded BFF runs in this process and takes no credentials.")
        }
        _ = try headers(bffURL: bffURL)
    }

    /// `MOMENTS_BFF_HEADERS` (one header a line), then each `--bff-header`; the error names the
    /// flag or variable and the header, never its value.
    func headers(bffURL: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String: String] {
        guard bffURL != nil else { return [:] }
        var headers: [String: String]
        do {
            headers = try BFFHeaders.parse(environmentValue: environment["MOMENTS_BFF_HEADERS"] ?? "")
        } catch {
            throw ValidationError("MOMENTS_BFF_HEADERS: \(error); write one 'Name: value' a line.")
        }
        for (index, line) in bffHeaderLines.enumerated() {
            let parsed: [String: String]
            do {
                parsed = try BFFHeaders.parse([line])
            } catch {
                // The parser counts lines; a flag is one line, named here by its place among the flags.
                let reason = error.description.replacingOccurrences(of: " on line 1", with: "").replacingOccurrences(of: "line 1 is", with: "it is")
                throw ValidationError("--bff-header #\(index + 1): \(reason); write it as --bff-header 'Name: value', e.g. 'Authorization: Bearer …'.")
            }
            guard let (name, value) = parsed.first else {
                throw ValidationError("--bff-header #\(index + 1) is empty; write it as --bff-header 'Name: value'.")
            }
            if let existing = headers.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                headers.removeValue(forKey: existing)
            }
            headers[name] = value
        }
        return headers
    }
}
