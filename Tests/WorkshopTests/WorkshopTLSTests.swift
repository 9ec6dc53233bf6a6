import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// HTTPS for the workshop (issue 17, High 2): the host serves TLS with its own self-signed
/// certificate, which participants trust by its key pin; or a TLS reverse proxy serves a
/// certificate the machine trusts. The participant's side speaks HTTPS through the system curl.
/// Real parts on loopback: an in-process host, the machine's curl, stunnel.
@Suite struct WorkshopTLSTests {
    static func tlsHost(_ names: [String] = ["127.0.0.1"]) async throws -> (InProcessHost, HostTLS) {
        let issued = try CertificateMaker(dependencies: .live).make(commonName: "test host", names: names)
        let tls = try HostTLS(certificateChainPEM: issued.certificatePEM, privateKeyPEM: issued.privateKeyPEM)
        return (try await InProcessHost.start { $0.tls = tls }, tls)
    }

    static func client(_ url: String, token: String? = nil, curl: CurlRunner = .system()) throws -> WorkshopClient {
        let send = WorkshopClient.live(plain: PlainHTTPClient(), curl: CurlHTTPClient(runner: curl))
        return WorkshopClient(baseURL: try #require(WorkshopClient.hostURL(url)), token: token, send: send)
    }

    static func result(kata: String = "01-singleton") -> ResultSubmission {
        ResultSubmission(
            id: UUID().uuidString, kata: kata, points: 3, maxPoints: 14, passed: false,
            checks: [.init(id: "client-init", status: .passed), .init(id: "debt \"quoted\" \\", status: .failed)],
            durationMilliseconds: 800, gradedAt: Date(), code: nil)
    }

    @Test func aParticipantJoinsAndPostsOverHTTPSTrustingTheHostsCertificateByItsPin() async throws {
        let (host, tls) = try await Self.tlsHost()
        defer { Task { await host.stop() } }
        let code = await host.state.currentSecrets().joinCode
        let link = "https://127.0.0.1:\(host.port)/#pin=\(tls.pin)"
        let joined = try await Self.client(link).join(code: code, name: "Ada")
        let submission = Self.result()
        let receipt = try await Self.client(link, token: joined.token).submit(submission)
        #expect(receipt.id == submission.id && !receipt.duplicate)
        let facilitator = try Self.client(link, token: await host.state.currentSecrets().facilitatorToken)
        #expect(try await facilitator.dashboard().resultCount == 1, "the result arrived through TLS")
        // The pin may also be written with one slash, as some tools print it.
        let oneSlash = "https://127.0.0.1:\(host.port)/#pin=sha256/\(tls.pin.dropFirst(8))"
        #expect(try await Self.client(oneSlash, token: joined.token).room().unlocked == [])
    }

    @Test func aWrongPinIsRefusedNamingTheExpectedAndTheSeenPins() async throws {
        let (host, tls) = try await Self.tlsHost()
        defer { Task { await host.stop() } }
        let wrong = "sha256//" + Data(repeating: 7, count: 32).base64EncodedString()
        await #expect {
            try await Self.client("https://127.0.0.1:\(host.port)/#pin=\(wrong)").join(code: "X", name: "Eve")
        } throws: { error in
            let text = (error as? WorkshopError)?.description ?? "\(error)"
            return text.contains("expected \(wrong)") && text.contains("seen \(tls.pin)")
                && text.contains("nothing was sent") && (error as? WorkshopError)?.isTransient == true
        }
        #expect(await host.state.members().isEmpty, "nobody joined")
    }

    @Test func withoutAPinTheSelfSignedCertificateIsNotTrusted() async throws {
        let (host, _) = try await Self.tlsHost()
        defer { Task { await host.stop() } }
        await #expect {
            try await Self.client("https://127.0.0.1:\(host.port)").join(code: "X", name: "Eve")
        } throws: { error in
            "\(error)".contains("is not trusted") && "\(error)".contains("#pin=sha256//")
        }
    }

    @Test func behindATLSReverseProxyTheClientTrustsTheProxysCertificateByItsAuthority() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let maker = CertificateMaker(dependencies: .live)
        let authority = try maker.make(commonName: "Test Room CA", names: [], authority: true)
        let proxyIdentity = try maker.make(commonName: "proxy", names: ["127.0.0.1"], issuer: authority)
        let folder = host.folder
        let files = ["ca.pem": authority.certificatePEM, "proxy.pem": proxyIdentity.certificatePEM]
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try proxyIdentity.privateKeyPEM.write(
            to: folder.appendingPathComponent("proxy.key"), atomically: true, encoding: .utf8)
        let proxy = try await ReverseProxy(
            target: host.port, certificate: folder.appendingPathComponent("proxy.pem").path,
            key: folder.appendingPathComponent("proxy.key").path, folder: folder)
        defer { proxy.stop() }
        let url = "https://127.0.0.1:\(proxy.port)"
        let trusting = CurlRunner.system(environment: ["CURL_CA_BUNDLE": folder.appendingPathComponent("ca.pem").path])
        let code = await host.state.currentSecrets().joinCode
        let joined = try await Self.client(url, curl: trusting).join(code: code, name: "Grace")
        #expect(
            try await Self.client(url, token: joined.token, curl: trusting).submit(Self.result()).duplicate == false)
        // Trusting another authority only, the proxy's certificate is refused: the check is real.
        let other = try maker.make(commonName: "Another CA", names: [], authority: true)
        try other.certificatePEM.write(
            to: folder.appendingPathComponent("other.pem"), atomically: true, encoding: .utf8)
        let distrusting = CurlRunner.system(environment: [
            "CURL_CA_BUNDLE": folder.appendingPathComponent("other.pem").path
        ])
        await #expect { try await Self.client(url, curl: distrusting).room() } throws: {
            "\($0)".contains("is not trusted")
        }
    }

    /// `--cert/--key`: the facilitator's certificate from an authority participants trust needs
    /// no pin; the chain file (leaf, then the authority) is served as given.
    @Test func aHostWithTheFacilitatorsCertificateIsReachedWithoutAPin() async throws {
        let maker = CertificateMaker(dependencies: .live)
        let authority = try maker.make(commonName: "School CA", names: [], authority: true)
        let leaf = try maker.make(commonName: "workshop", names: ["127.0.0.1"], issuer: authority)
        let folder = try Fixtures.temporaryDirectory("facilitator-cert")
        let chain = folder.appendingPathComponent("chain.pem")
        let key = folder.appendingPathComponent("key.pem")
        let bundle = folder.appendingPathComponent("ca.pem")
        try (leaf.certificatePEM + authority.certificatePEM).write(to: chain, atomically: true, encoding: .utf8)
        try leaf.privateKeyPEM.write(to: key, atomically: true, encoding: .utf8)
        try authority.certificatePEM.write(to: bundle, atomically: true, encoding: .utf8)
        let tls = try HostTLS.load(certificate: chain.path, key: key.path)
        let host = try await InProcessHost.start { $0.tls = tls }
        defer { Task { await host.stop() } }
        let code = await host.state.currentSecrets().joinCode
        let curl = CurlRunner.system(environment: ["CURL_CA_BUNDLE": bundle.path])
        let joined = try await Self.client("https://127.0.0.1:\(host.port)", curl: curl).join(code: code, name: "Ada")
        #expect(!joined.token.isEmpty)
        // Its pin works as well, for machines that do not trust the authority.
        let pinned = "https://127.0.0.1:\(host.port)/#pin=\(tls.pin)"
        #expect(try await Self.client(pinned, token: joined.token).room().unlocked == [])
    }

    @Test func secretsNeverReachCurlsCommandLineOnlyAPrivateConfigFileGoneAfterwards() async throws {
        let curl = RecordingCurl { _ in
            .exited(status: 0, stdout: "{\"id\":\"r1\",\"duplicate\":false}\n200", stderr: "")
        }
        let pin = "sha256//" + Data(repeating: 1, count: 32).base64EncodedString()
        let client = try Self.client("https://host.example:8443/#pin=\(pin)", token: "secret-token", curl: curl.runner)
        let submission = Self.result()
        #expect(try await client.submit(submission).id == "r1")
        let call = try #require(curl.recorded.first)
        #expect(call.arguments.count == 3 && call.arguments[0] == "--disable" && call.arguments[1] == "--config")
        #expect(!call.arguments.joined().contains("secret-token") && !call.arguments.joined().contains("host.example"))
        #expect(call.permissions == 0o600, "the config file was readable by others")
        let config = try #require(call.config)
        #expect(config.contains("header = \"Authorization: Bearer secret-token\""))
        #expect(config.contains("url = \"https://host.example:8443/api/results\""), "no fragment is requested")
        #expect(config.contains("pinnedpubkey = \"\(pin)\"\ninsecure\n"))
        #expect(config.contains("proto = \"=https\""))
        #expect(config.contains(#"debt \\\"quoted\\\" \\\\"#), "the body is escaped for curl's config reader")
        #expect(!FileManager.default.fileExists(atPath: try #require(call.configPath)), "the config file was kept")
    }

    /// A digest whose base64 starts with "/" makes `sha256//` ambiguous; every spelling of the
    /// pin reaches curl as the same `sha256//BASE64`.
    @Test func everySpellingOfAPinReachesCurlTheSame() async throws {
        let digest = Data([0xFF] + [UInt8](repeating: 0, count: 31)).base64EncodedString()
        #expect(digest.hasPrefix("/"))
        for spelling in ["sha256//\(digest)", "sha256/\(digest)", digest] {
            let curl = RecordingCurl { _ in .exited(status: 0, stdout: "{}\n200", stderr: "") }
            _ = try? await Self.client("https://h.example/#pin=\(spelling)", curl: curl.runner).room()
            let config = try #require(curl.recorded.first?.config, "\(spelling) was refused")
            #expect(config.contains("pinnedpubkey = \"sha256//\(digest)\""), "\(spelling)")
        }
    }

    @Test func aMissingCurlSaysWhatToInstallAndKeepsResultsQueued() async throws {
        let curl = RecordingCurl { _ in .unavailable("no curl on the PATH") }
        await #expect {
            try await Self.client("https://host.example", curl: curl.runner).join(code: "X", name: "Ada")
        } throws: { error in
            let workshop = error as? WorkshopError
            return workshop?.description.contains("install curl") == true && workshop?.isTransient == true
        }
    }

    @Test func plainHTTPLinksKeepTheirOwnClientAndNeverStartCurl() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let code = await host.state.currentSecrets().joinCode
        let joined = try await Self.client(host.url.absoluteString, curl: .failing).join(code: code, name: "Ada")
        #expect(!joined.token.isEmpty)
    }

    @Test func aPinnedLinkOverPlainHTTPIsRefusedAndAMalformedPinIsExplained() async throws {
        let pin = "sha256//" + Data(repeating: 1, count: 32).base64EncodedString()
        await #expect {
            try await Self.client("http://127.0.0.1:1/#pin=\(pin)", curl: .failing).room()
        } throws: { "\($0)".contains("use the https:// link") }
        await #expect {
            try await Self.client("https://127.0.0.1:1/#pin=sha256//short", curl: .failing).room()
        } throws: { "\($0)".contains("copy the join link again") }
    }

    /// The connection guard sits behind TLS: a connection that never finishes its handshake is
    /// closed by the header timeout, as an idle plain one is.
    @Test func idleAndHalfHandshakenTLSConnectionsAreClosedByTheHeaderTimeout() async throws {
        let issued = try CertificateMaker(dependencies: .live).make(commonName: "test host", names: ["127.0.0.1"])
        let tls = try HostTLS(certificateChainPEM: issued.certificatePEM, privateKeyPEM: issued.privateKeyPEM)
        let host = try await InProcessHost.start {
            $0.tls = tls
            $0.limits = .init(headerTimeout: .milliseconds(300), bodyTimeout: .milliseconds(300))
        }
        defer { Task { await host.stop() } }
        let idle = try RawSocket(port: host.port)
        let halfHello = try RawSocket(port: host.port)
        halfHello.send("\u{16}\u{03}\u{01}\u{00}")
        for socket in [idle, halfHello] { #expect(await socket.read(timeout: 5).closed) }
    }

    @Test func theEventStreamWorksThroughCurlOverTLS() async throws {
        let (host, tls) = try await Self.tlsHost()
        defer { Task { await host.stop() } }
        let projector = await host.state.currentSecrets().projectorToken
        let folder = host.folder.appendingPathComponent("headers")
        try "Authorization: Bearer \(projector)\n".write(to: folder, atomically: true, encoding: .utf8)
        // The stream never ends, so curl stops at --max-time: long enough for the handshake and
        // the first event on a loaded machine (0.5 s once missed under load 4.8).
        let outcome = await CurlRunner.system().run([
            "--disable", "--silent", "--no-buffer", "--insecure", "--pinnedpubkey", tls.pin, "--max-time", "2",
            "--header", "@\(folder.path)", "https://127.0.0.1:\(host.port)/api/events",
        ])
        guard case .exited(_, let stdout, _) = outcome else { throw ProxyFailure("curl did not run: \(outcome)") }
        #expect(stdout.contains("event: update"), "\(stdout)")
    }
}
