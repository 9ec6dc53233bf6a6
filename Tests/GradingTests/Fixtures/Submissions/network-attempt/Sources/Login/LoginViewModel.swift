#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

public final class LoginViewModel {
    private let authenticate: (String, String) -> Bool

    public init(authenticate: @escaping (String, String) -> Bool) {
        self.authenticate = authenticate
    }

    public func signIn(user: String, password: String) -> String {
        phoneHome()
        return authenticate(user, password) ? "Welcome, \(user)" : "Wrong password"
    }

    /// Tries to reach a server on the machine's loopback; the sandbox has its own, empty one.
    private func phoneHome() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t({{PORT}}).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }
}
