import Crypto
import Foundation
import HummingbirdTLS
import NIOSSL
import Workshop

/// The host's TLS identity: its certificate chain and private key (PEM), and the pin of the
/// certificate's public key that participants check (`sha256//` and the base64 SHA-256 of its
/// DER SubjectPublicKeyInfo, as curl's `--pinnedpubkey` reads it).
public struct HostTLS: Sendable {
    public let certificateChainPEM: String
    public let privateKeyPEM: String
    public let pin: String

    /// Reads a chain (leaf first) and its key; throws when either cannot be read as PEM.
    public init(certificateChainPEM: String, privateKeyPEM: String) throws {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8))
        guard let leaf = chain.first else { throw HostTLSError("the certificate file holds no certificate") }
        _ = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
        pin = "sha256//" + Data(SHA256.hash(data: try leaf.extractPublicKey().toSPKIBytes())).base64EncodedString()
    }

    /// A facilitator's own certificate and key (e.g. from their organisation's CA).
    public static func load(certificate: String, key: String) throws -> HostTLS {
        guard let chain = try? String(contentsOfFile: certificate, encoding: .utf8) else {
            throw HostTLSError("cannot read the certificate \(certificate)")
        }
        guard let privateKey = try? String(contentsOfFile: key, encoding: .utf8) else {
            throw HostTLSError("cannot read the private key \(key)")
        }
        do { return try HostTLS(certificateChainPEM: chain, privateKeyPEM: privateKey) } catch {
            throw HostTLSError("\(certificate) and \(key) are not a PEM certificate and key (\(error))")
        }
    }

    /// The host's own self-signed certificate, kept at `certificate` and `key` (the key 0600) so
    /// that its pin, and every participant's link, survives a restart; made on first use for
    /// `names`. `created` says whether it was made now.
    public static func own(certificate: String, key: String, names: [String], maker: CertificateMaker) throws
        -> (tls: HostTLS, created: Bool)
    {
        if FileManager.default.fileExists(atPath: certificate) || FileManager.default.fileExists(atPath: key) {
            return (try load(certificate: certificate, key: key), false)
        }
        let issued = try maker.make(commonName: "dikata workshop host", names: names)
        do { try PrivateFile.create(atPath: key, contents: issued.privateKeyPEM) } catch {
            throw HostTLSError(error.description)
        }
        try Data(issued.certificatePEM.utf8).write(to: URL(fileURLWithPath: certificate), options: .atomic)
        return (try HostTLS(certificateChainPEM: issued.certificatePEM, privateKeyPEM: issued.privateKeyPEM), true)
    }

    /// What `dikata-host` serves with: the facilitator's `certificate` and `key` when given; else,
    /// when TLS is asked for (or by default, beyond loopback: `HostListing.servesTLS`), the
    /// host's own certificate kept next to `database`; else nil (plain HTTP). `hostName` is read
    /// only when a certificate is made (a host name lookup can take seconds on a machine without DNS).
    public static func choose(
        bind: String, requested: Bool?, certificate: String?, key: String?, database: String,
        hostName: @autoclosure () -> String, maker: CertificateMaker
    ) throws -> (tls: HostTLS, own: Bool, created: Bool)? {
        if let certificate, let key { return (try load(certificate: certificate, key: key), false, false) }
        guard HostListing.servesTLS(bind: bind, requested: requested) else { return nil }
        let (tls, created) = try own(
            certificate: database + ".tls-cert.pem", key: database + ".tls-key.pem",
            names: HostListing.certificateNames(bind: bind, hostName: hostName()), maker: maker)
        return (tls, true, created)
    }

    /// The server side of NIOSSL's configuration: this chain and key, TLS 1.2 at least.
    func serverConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}

public struct HostTLSError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
