import Crypto
import Foundation
import SwiftASN1
import X509

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes P-256 certificates: the host's own self-signed one, and (for a facilitator's test
/// setup, or a test's) a small authority and the certificates it signs. The clock and the
/// serial numbers' randomness come from `HostDependencies`.
public struct CertificateMaker: Sendable {
    public var dependencies: HostDependencies
    /// How long a certificate is valid. The host's own certificate is trusted by its pin, not
    /// by its dates, but browsers show them.
    public var lifetime: TimeInterval

    public init(dependencies: HostDependencies, lifetime: TimeInterval = 5 * 365 * 86_400) {
        self.dependencies = dependencies
        self.lifetime = lifetime
    }

    /// A certificate and its private key, both PEM.
    public struct Issued: Sendable, Equatable {
        public var certificatePEM: String
        public var privateKeyPEM: String
    }

    /// A certificate for `names` (host names or IP addresses), signed by `issuer`, or by its
    /// own key when `issuer` is nil; `authority` makes a CA that signs others instead.
    public func make(commonName: String, names: [String], authority: Bool = false, issuer: Issued? = nil) throws
        -> Issued
    {
        let key = P256.Signing.PrivateKey()
        let signer = try issuer.map { try P256.Signing.PrivateKey(pemRepresentation: $0.privateKeyPEM) } ?? key
        let subject = try DistinguishedName { CommonName(commonName) }
        let issuerName = try issuer.map { try Certificate(pemEncoded: $0.certificatePEM).subject } ?? subject
        let now = dependencies.now()
        var serial = dependencies.randomBytes(16)
        serial[0] = (serial.first ?? 0) & 0x7F | 0x01
        let extensions = try Certificate.Extensions {
            Critical(authority ? BasicConstraints.isCertificateAuthority(maxPathLength: 0) : .notCertificateAuthority)
            Critical(authority ? KeyUsage(keyCertSign: true, cRLSign: true) : KeyUsage(digitalSignature: true))
            if !authority {
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map(Self.generalName))
            }
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(bytes: serial), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: issuerName, subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: .init(signer))
        return Issued(
            certificatePEM: try certificate.serializeAsPEM().pemString + "\n",
            privateKeyPEM: key.pemRepresentation + "\n")
    }

    /// An IP address as its bytes, anything else as a DNS name.
    static func generalName(_ name: String) -> GeneralName {
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
        }
        return .dnsName(name)
    }
}
