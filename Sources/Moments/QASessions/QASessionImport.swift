import Foundation
import Foundations

/// Opens a QA session on this dashboard: first every value of the file is checked and the
/// changes it makes are listed (`plan`), then they are applied, each audited with source
/// `session` (`apply`). A file that cannot be applied whole is refused before anything changes.
struct QASessionImport {
    /// One thing the session changes, from this dashboard's value to the file's.
    struct Change: Encodable, Equatable {
        enum Kind: String, Encodable {
            case toggle, override, fault, mock, actingUser, language
        }

        let kind: Kind
        /// The toggle or operation; empty for the acting user and the language.
        let name: String
        /// The value now and the value after, as text; `nil` for none (no override, fault or mock).
        let from: String?
        let to: String?
    }

    /// What the session changes, ready to apply.
    struct Plan {
        fileprivate let settings: QASessionSettings
        let changes: [Change]
        var actingUserID: String { settings.actingUser.userID }
        var language: Language { settings.language }
    }

    let toggles: ToggleCatalog
    let faults: FaultInjector
    let mocks: MockStore

    /// Checks `settings` whole and lists its changes against this dashboard, where `request`
    /// acts as `actingUserID` in `language`.
    func plan(_ settings: QASessionSettings, actingUserID: String, language: Language) throws(QASessionError) -> Plan {
        let descriptions = Dictionary(ToggleCatalog.descriptions.map { ($0.name, $0) }) { first, _ in first }
        let unknown = settings.toggles.map(\.name).filter { descriptions[$0] == nil }
        guard unknown.isEmpty else { throw .unknownToggles(unknown) }
        // Two entries for one toggle or operation: which one to apply is not for the dashboard to guess.
        for (field, names) in [("toggles", settings.toggles.map(\.name)), ("faults", settings.faults.map(\.operation)),
                               ("mocks", settings.mocks.map(\.operation))] where Set(names).count != names.count {
            throw .invalidValue(field, expected: .oneEntryPerName)
        }
        var changes: [Change] = []
        for (index, toggle) in settings.toggles.enumerated() {
            guard let description = descriptions[toggle.name] else { continue }
            changes += try toggleChanges(toggle, description, index: index)
        }
        changes += try faultChanges(settings.faults)
        changes += try mockChanges(settings.mocks)
        guard ActingUser.validUserID(settings.actingUser.userID) == settings.actingUser.userID else {
            throw .invalidValue("actingUser.userID", expected: .userID)
        }
        if settings.actingUser.userID != actingUserID {
            changes.append(Change(kind: .actingUser, name: "", from: actingUserID, to: settings.actingUser.userID))
        }
        if settings.language != language {
            changes.append(Change(kind: .language, name: "", from: language.rawValue, to: settings.language.rawValue))
        }
        return Plan(settings: settings, changes: changes)
    }

    /// Applies a plan's toggles, overrides, faults and mocks (the acting user and the language
    /// are the browser's, kept in cookies by the route), each audited with source `session`.
    func apply(_ plan: Plan, setBy: String) async throws {
        for change in plan.changes {
            switch change.kind {
            case .toggle:
                try await toggles.set(change.name, isOn: change.to == "true", source: .session)
            case .override:
                try await toggles.setOverride(change.name, to: change.to.map(ToggleValue.init(text:)), source: .session, setBy: setBy)
            case .fault:
                if let fault = plan.settings.faults.first(where: { $0.operation == change.name })?.fault {
                    try await faults.set(fault, for: change.name, source: .session)
                } else {
                    try await faults.clear(change.name, source: .session)
                }
            case .mock:
                if let mock = plan.settings.mocks.first(where: { $0.operation == change.name })?.mock {
                    try await mocks.set(mock, for: change.name, source: .session)
                } else {
                    try await mocks.clear(change.name, source: .session)
                }
            case .actingUser, .language:
                break
            }
        }
    }

    private func toggleChanges(_ toggle: QASessionSettings.Toggle, _ description: ToggleDescription,
                               index: Int) throws(QASessionError) -> [Change] {
        switch description.kind {
        case .internal:
            guard let isOn = toggle.isOn else { throw .invalidValue("toggles[\(index)].isOn", expected: .trueOrFalse) }
            let now = toggles.value(of: description)
            return now == .bool(isOn) ? [] : [Change(kind: .toggle, name: description.name, from: now.description, to: String(isOn))]
        case .remote, .abTest:
            let wanted = toggle.override?.value
            if let wanted, !description.accepts(wanted) {
                throw .invalidValue("toggles[\(index)].override.value", expected: .overrideValue(variants: description.variants))
            }
            let now = toggles.overridesDataStore.override(of: description.name)?.value
            return now == wanted ? [] : [Change(kind: .override, name: description.name, from: now?.description, to: wanted?.description)]
        case .buildTarget:
            // Fixed when the binary is compiled: the file says what it was, nothing to apply.
            return []
        }
    }

    private func faultChanges(_ wanted: [FaultInjector.Active]) throws(QASessionError) -> [Change] {
        for (index, entry) in wanted.enumerated() {
            do throws(FaultError) {
                guard FaultInjector.operations.contains(entry.operation) else { throw FaultError.unknownOperation(entry.operation) }
                try entry.fault.check(for: entry.operation)
            } catch {
                throw .invalidEntry("faults[\(index)]", reason: .fault(error))
            }
        }
        let english = L10n(language: .english)
        let now = faults.active(in: english)
        return FaultInjector.operations.compactMap { operation in
            let before = now.first { $0.operation == operation }?.fault
            let after = wanted.first { $0.operation == operation }?.fault
            return before == after ? nil : Change(kind: .fault, name: operation, from: before?.summary(in: english), to: after?.summary(in: english))
        }
    }

    private func mockChanges(_ wanted: [MockStore.Active]) throws(QASessionError) -> [Change] {
        for (index, entry) in wanted.enumerated() {
            do throws(MockError) {
                try MockStore.check(entry.operation)
                try entry.mock.check()
            } catch {
                throw .invalidEntry("mocks[\(index)]", reason: .mock(error))
            }
        }
        let now = mocks.active
        return MockStore.operations.compactMap { operation in
            let before = now.first { $0.operation == operation }?.mock
            let after = wanted.first { $0.operation == operation }?.mock
            return before == after ? nil : Change(kind: .mock, name: operation, from: before?.summary, to: after?.summary)
        }
    }
}
