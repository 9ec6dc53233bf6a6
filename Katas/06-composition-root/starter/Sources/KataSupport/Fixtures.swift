import Foundation

/// Server answers used by the katas' tests and demos.
public enum Fixtures {
    /// The body of a successful `POST /session`.
    public static let sessionJSON = Data(#"{"user":"ann","token":"t0k3n","expires_in":3600}"#.utf8)

    /// The body of a successful `GET /items`.
    public static let itemsJSON = Data(
        #"""
        [{"id":1,"title":"Dune","author":"Frank Herbert","isbn":"9780441013593"},
         {"id":2,"title":"Solaris","author":"Stanisław Lem","isbn":"9780156027601"},
         {"id":3,"title":"Kindred","author":"Octavia E. Butler","isbn":"9780807083697"}]
        """#.utf8)
}
