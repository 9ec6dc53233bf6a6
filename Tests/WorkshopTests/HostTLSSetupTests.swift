import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopHost

/// How the host sets up HTTPS: its own certificate kept across restarts (key 0600), the
/// facilitator's own certificate, TLS by default beyond loopback, and what it prints.
@Suite struct HostTLSSetupTests {
    static let secrets = HostSecrets(joinCode: "ABCD2345", facilitatorToken: "f0f0", projectorToken: "abab")

    @Test func theHostsOwnCertificateIsMadeOnceAndKeptWithAKeyReadableByItsOwnerAlone() throws {
        let folder = try Fixtures.temporaryDirectory("host-tls")
        let certificate = folder.appendingPathComponent("w.sqlite.tls-cert.pem").path
        let key = folder.appendingPathComponent("w.sqlite.tls-key.pem").path
        let clock = TestClock()
        let maker = CertificateMaker(dependencies: .controlled(clock: clock))
        let first = try HostTLS.own(certificate: certificate, key: key, names: ["localhost", "10.0.0.5"], maker: maker)
        #expect(first.created)
        #expect(
            first.tls.pin.hasPrefix("sha256//") && Data(base64Encoded: String(first.tls.pin.dropFirst(8)))?.count == 32)
        let mode = try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600, "the private key was readable by others")
        let again = try HostTLS.own(certificate: certificate, key: key, names: ["other"], maker: maker)
        #expect(!again.created && again.tls.pin == first.tls.pin, "a restart keeps the pin participants have")
        // The facilitator's own certificate loads the same way, and a broken one is explained.
        #expect(try HostTLS.load(certificate: certificate, key: key).pin == first.tls.pin)
        #expect(throws: HostTLSError.self) { try HostTLS.load(certificate: key + ".missing", key: key) }
        try "not a certificate".write(toFile: certificate, atomically: true, encoding: .utf8)
        #expect { try HostTLS.load(certificate: certificate, key: key) } throws: { "\($0)".contains("not a PEM") }
    }

    @Test func tlsIsTheDefaultBeyondLoopbackAndPlainHTTPThereIsWarnedAbout() {
        #expect(!HostListing.servesTLS(bind: "127.0.0.1", requested: nil))
        #expect(!HostListing.servesTLS(bind: "localhost", requested: nil))
        #expect(HostListing.servesTLS(bind: "0.0.0.0", requested: nil))
        #expect(HostListing.servesTLS(bind: "127.0.0.1", requested: true))
        #expect(!HostListing.servesTLS(bind: "10.0.0.5", requested: false))
        #expect(HostListing.plainTextWarning("0.0.0.0").hasPrefix("warning: binding to 0.0.0.0 without TLS"))
        #expect(
            HostListing.certificateNames(bind: "0.0.0.0", hostName: "lab-3") == [
                "localhost", "127.0.0.1", "::1", "lab-3",
            ])
        #expect(
            HostListing.certificateNames(bind: "10.0.0.5", hostName: "") == [
                "localhost", "127.0.0.1", "::1", "10.0.0.5",
            ])
    }

    @Test func theBannerGivesAPinnedHTTPSJoinLinkAndNeverTheControlToken() throws {
        let issued = try CertificateMaker(dependencies: .live).make(commonName: "h", names: ["10.0.0.5"])
        let tls = try HostTLS(certificateChainPEM: issued.certificatePEM, privateKeyPEM: issued.privateKeyPEM)
        let own = HostListing.banner(
            .init(bind: "10.0.0.5", port: 8750, katas: ["01"], tls: tls, ownCertificate: true, tokenFile: "w.token"),
            secrets: Self.secrets)
        #expect(own.contains("dikata workshop join 'https://10.0.0.5:8750/#pin=\(tls.pin)' --name"))
        #expect(own.contains("--code ABCD2345") && own.contains("https://10.0.0.5:8750/#view=abab"))
        #expect(!own.contains("f0f0"), "the control token was printed")
        let theirs = HostListing.banner(
            .init(bind: "0.0.0.0", port: 443, katas: ["01"], tls: tls, ownCertificate: false, tokenFile: "w.token"),
            secrets: Self.secrets)
        #expect(theirs.contains("dikata workshop join https://<this machine's address>:443 --name"))
        let plain = HostListing.banner(
            .init(bind: "127.0.0.1", port: 8750, katas: ["01"], tls: nil, ownCertificate: false, tokenFile: "w.token"),
            secrets: Self.secrets)
        #expect(plain.contains("dikata workshop join http://127.0.0.1:8750 --name") && !plain.contains("pin"))
    }

    @Test func dikataHostBeyondLoopbackServesHTTPSByDefaultAndItsPrintedLinkWorks() async throws {
        let folder = try Fixtures.temporaryDirectory("host-tls-default")
        let database = folder.appendingPathComponent("w.sqlite").path
        let process = try BackgroundProcess(
            [HostFixture.binary.path, "--port", "0", "--bind", "0.0.0.0", "--db", database, "--katas", "00-02"],
            output: folder.appendingPathComponent("host.log"))
        defer { process.stop() }
        let pin = try #require(await process.waitForOutput(#/#pin=(sha256//[A-Za-z0-9+\/=]+)'/#), "\(process.output)")
        let port = try #require(await process.waitForOutput(#/address>:(\d+)/#))
        let code = try #require(await process.waitForOutput(#/--code ([A-Z0-9]+)/#))
        #expect(!process.output.contains("warning:"), "HTTPS needs no warning: \(process.output)")
        let send = WorkshopClient.live(plain: PlainHTTPClient(), curl: CurlHTTPClient(runner: .system()))
        let url = try #require(URL(string: "https://127.0.0.1:\(port)/#pin=\(pin)"))
        let joined = try await WorkshopClient(baseURL: url, send: send).join(code: code, name: "Ada")
        #expect(!joined.token.isEmpty)
        let key = try FileManager.default.attributesOfItem(atPath: database + ".tls-key.pem")[.posixPermissions]
        #expect((key as? NSNumber)?.intValue == 0o600)
    }
}
