@_exported import ShelfDI

/// What the friends screen would resolve its loader from, if it were handed the container.
public typealias FriendsResolver = Container
