/// The request Friends needs, kept in the core "so it is next to the others".
package func followedEndpoint(token: String) -> Endpoint<[Friend]> {
    Endpoint(method: "GET", path: "/friends", token: token)
}
