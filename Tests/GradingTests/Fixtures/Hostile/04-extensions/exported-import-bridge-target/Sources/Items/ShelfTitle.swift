import APIClient
import SharedModels

extension ItemListViewModel {
    /// The line above the list, "ada's shelf" once someone has signed in. It reads the sign-in
    /// screen directly, which only works because SharedModels re-exports Login.
    public func title(after login: LoginViewModel) -> String {
        guard case .signedIn(let session) = login.state else { return "Your shelf" }
        return "\(session.userName)'s shelf"
    }
}
