import APIClient

extension Session {
    /// Builds a session from the server's answer.
    public init(_ dto: SessionDTO) {
        self.init(userName: dto.user, token: dto.token)
    }
}
