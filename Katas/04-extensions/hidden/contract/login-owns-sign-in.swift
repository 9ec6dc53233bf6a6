import APIClient
@testable import Login

// Never called: it only has to compile. Login offers the sign-in endpoint on the client
// (public or internal, both are fine).
func probeLoginOwnsSignIn(client: ServerAPIClient) async {
    let session: Session? = try? await client.signIn(user: "ada", password: "s3cret")
    _ = session
}
