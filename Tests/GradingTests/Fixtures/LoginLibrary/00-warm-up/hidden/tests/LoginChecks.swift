import Login
import Testing

@Test func signsInWithInjectedAuthenticator() {
    let viewModel = LoginViewModel(authenticate: { user, password in user == "ann" && password == "secret" })
    #expect(viewModel.signIn(user: "ann", password: "secret") == "Welcome, ann", "A correct password signs in")
}

@Test func rejectsWrongPassword() {
    let viewModel = LoginViewModel(authenticate: { _, password in password == "secret" })
    #expect(viewModel.signIn(user: "ann", password: "wrong") == "Wrong password")
}
