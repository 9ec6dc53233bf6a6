import APIClient
import SharedModels

extension ItemListViewModel {
    /// The line above the list, "Ada Lovelace's shelf" once someone has signed in. It reads the
    /// sign-in screen directly, which only works because SharedModels re-exports Login.
    public func title(after login: LoginViewModel) -> String {
        guard case .signedIn(let user) = login.state else { return "Your shelf" }
        return "\(user.name)'s shelf"
    }
}
