import Friends
import Items
import Login

/// Runs the screens one after the other and prints them.
enum Shelf {
    static func run() async {
        let login = LoginViewModel()
        await login.signIn(user: "ada", password: "correct horse")
        print(TextScreen.render(login))
        guard case .signedIn = login.state else { return }

        let list = ItemListViewModel()
        await list.reload()
        print(TextScreen.render(list))

        let friends = FriendListViewModel()
        await friends.reload()
        print(TextScreen.render(friends))
    }
}
