import Foundation

/// What `dikata-host` tells the facilitator when it starts: whether it serves TLS, the warning
/// for plain HTTP beyond loopback, and the links for participants and the projector.
public enum HostListing {
    /// True for addresses only this machine can reach.
    public static func isLoopback(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }

    /// Whether to serve HTTPS: as asked (`--tls`/`--no-tls`), else whenever the host can be
    /// reached from beyond this machine.
    public static func servesTLS(bind: String, requested: Bool?) -> Bool {
        requested ?? !isLoopback(bind)
    }

    public static func plainTextWarning(_ address: String) -> String {
        """
        warning: binding to \(address) without TLS serves plain HTTP: anyone on this network can read the
                 traffic, participants' tokens included. Drop --no-tls (the host then serves HTTPS with its
                 own certificate), or put a TLS reverse proxy in front and bind to 127.0.0.1.

        """
    }

    /// The names the host's own certificate is made for: loopback, the bound address and this
    /// machine's name. (Participants trust it by its pin, whatever the name; browsers show them.)
    public static func certificateNames(bind: String, hostName: String) -> [String] {
        var names = ["localhost", "127.0.0.1", "::1"]
        for name in [bind, hostName] where !name.isEmpty && name != "0.0.0.0" && name != "::" {
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// How the host is served, for the banner.
    public struct Served: Sendable {
        public var bind: String
        public var port: Int
        public var katas: [String]
        /// The HTTPS identity; nil for plain HTTP.
        public var tls: HostTLS?
        /// Whether the certificate is the host's own (self-signed): then the join link carries its pin.
        public var ownCertificate: Bool
        public var tokenFile: String

        public init(bind: String, port: Int, katas: [String], tls: HostTLS?, ownCertificate: Bool, tokenFile: String) {
            self.bind = bind
            self.port = port
            self.katas = katas
            self.tls = tls
            self.ownCertificate = ownCertificate
            self.tokenFile = tokenFile
        }
    }

    /// The banner: only what the room may see (the join code, the pin, the read-only projector
    /// link); the control token stays in its 0600 file.
    public static func banner(_ served: Served, secrets: HostSecrets) -> String {
        let shown = served.bind == "0.0.0.0" || served.bind == "::" ? "<this machine's address>" : served.bind
        let scheme = served.tls == nil ? "http" : "https"
        let base = "\(scheme)://\(shown):\(served.port)"
        var certificate = ""
        var joinURL = base
        if let tls = served.tls, served.ownCertificate {
            joinURL = "'\(base)/#pin=\(tls.pin)'"
            certificate = """
                HTTPS with this host's own certificate; participants' dikata checks its key pin (in the join link):
                  \(tls.pin)
                Browsers warn once about the self-signed certificate: compare the pin before accepting it.

                """
        } else if let tls = served.tls {
            certificate = "HTTPS with your certificate (its key pin, should participants need one: \(tls.pin))\n"
        }
        return """
            dikata workshop host on \(scheme)://\(served.bind):\(served.port) (katas: \(served.katas.joined(separator: ", ")))
            \(certificate)Participants join with:
              dikata workshop join \(joinURL) --name "Your Name" --code \(secrets.joinCode)
            Projector (read-only dashboard, safe to show):
              \(base)/#view=\(secrets.projectorToken)
            Facilitator control token: in \(served.tokenFile) (readable by you alone); open the full dashboard with
              \(base)/#token=<the token>

            """
    }
}
