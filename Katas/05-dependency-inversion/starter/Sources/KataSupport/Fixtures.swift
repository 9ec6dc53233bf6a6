import Foundation

/// Server answers used by the katas' tests and demos.
public enum Fixtures {
    /// The body of a successful `POST /session`.
    public static let userJSON = Data(#"{"name":"ann"}"#.utf8)

    /// The body of a successful `GET /items`.
    public static let itemsJSON = Data(
        #"[{"id":1,"title":"Dune"},{"id":2,"title":"Solaris"},{"id":3,"title":"Kindred"}]"#.utf8)
}
