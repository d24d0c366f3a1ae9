/// How log lines are written: `text` for people (the default), `json` for log shippers, one
/// object per line with `time`, `level`, `label`, `message`, `metadata` and `source`.
public enum LogFormat: String, Sendable, CaseIterable {
    case text, json
}
