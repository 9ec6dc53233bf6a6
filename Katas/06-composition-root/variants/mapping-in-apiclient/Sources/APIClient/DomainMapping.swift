import Items
import Login

extension SessionDTO {
    /// The session this answer describes.
    public var session: Session { Session(userName: user, token: token) }
}

extension ItemDTO {
    /// The item this answer describes.
    public var item: Item { Item(id: id, title: title, author: author) }
}
