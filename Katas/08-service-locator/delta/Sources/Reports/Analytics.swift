/// Where reports tell the product team what was looked at.
public protocol Analytics: Sendable {
    func track(_ event: String)
}
