import Foundations

/// The mocks in force and the forms that set and clear them, for the inspector page and the banner.
struct MocksViewModel: Encodable, Sendable {
    /// One operation's row: its mock, if any, and where its forms post. Every name a row's
    /// template reads is always present, as in `FaultsViewModel.Operation`.
    struct Operation: Encodable, Sendable {
        let name: String
        let hasMock: Bool
        /// Which calls it answers and for how long; empty without a mock.
        let summary: String
        /// The mock's answer and variables as JSON text, to edit; empty without a mock.
        let body: String
        let variables: String
        /// The failures to answer with instead of the body, the one in force selected; the first
        /// is "none", with an empty value.
        let failures: [FaultsViewModel.Kind]
        let setAction: String
        let clearAction: String
    }

    let active: [MockStore.Active]
    let hasActive: Bool
    let operations: [Operation]

    init(mocks: MockStore, l10n: L10n) {
        let active = mocks.active
        self.active = active
        hasActive = !active.isEmpty
        operations = MockStore.operations.map { name in
            let mock = active.first { $0.operation == name }?.mock
            let failures = [FaultsViewModel.Kind(value: "", title: l10n[.mockFailureNone], isSelected: mock?.failure == nil)]
                + TransportFailure.allCases.map { FaultsViewModel.Kind(value: $0.rawValue, title: l10n[$0.title], isSelected: $0 == mock?.failure) }
            return Operation(name: name, hasMock: mock != nil, summary: mock?.summary ?? "", body: mock?.body?.indentedText ?? "",
                             variables: mock?.variables.map { JSONValue.object($0).indentedText } ?? "", failures: failures,
                             setAction: "/area51/mocks/\(name)", clearAction: "/area51/mocks/\(name)/clear")
        }
    }
}

extension TransportFailure {
    /// The failure's name in the reader's language; a timeout is named as the fault of that kind.
    var title: L10nKey {
        switch self {
        case .refused: .mockFailureRefused
        case .reset: .mockFailureReset
        case .timeout: .faultTimeout
        }
    }
}
