import GraphQL
import Locking

/// Documents that parsed and passed validation against the schema, by their text.
///
/// Clients send the same few documents again and again (the dashboard sends two); parsing and
/// validating one costs more than running it against a page of moments. Validation depends on
/// the schema and the document alone, so a document that passed once passes every time.
typealias ValidatedDocuments = BoundedMemo<String, Document>
