/// The request Friends needs, kept in the core as a constrained factory: the method never
/// names Friend (it returns `Self`); only its extension's constraint does.
extension Endpoint where Response == [Friend] {
    package static func followed(token: String) -> Self {
        Endpoint(method: "GET", path: "/friends", token: token)
    }
}
