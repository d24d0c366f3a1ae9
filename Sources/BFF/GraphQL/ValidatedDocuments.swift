import GraphQL
import Locking

/// Documents that parsed and passed validation against the schema, by their text.
///
/// Clients send the same few documents again and again (the dashboard sends two); parsing and
/// validating one costs more than running it against a page of moments. Validation depends on
/// the schema and the document alone, so a document that passed once passes every time.
final class ValidatedDocuments: Sendable {
    private let capacity: Int
    private let documents = Locked<[String: Document]>([:])

    /// - Parameter capacity: documents kept at most; past it the cache starts over, so a client
    ///   that sends a new document each time cannot grow it.
    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    subscript(query: String) -> Document? {
        documents.withLock { $0[query] }
    }

    func insert(_ document: Document, for query: String) {
        documents.withLock { documents in
            if documents.count >= capacity { documents.removeAll() }
            documents[query] = document
        }
    }
}
