import Foundation

/// The pin of a host's public key: `sha256//` and the base64 SHA-256 of its DER
/// SubjectPublicKeyInfo, as curl's `--pinnedpubkey` reads it. It travels in the host's URL, as
/// the fragment `#pin=sha256//…` of the join link dikata-host prints, so every command and
/// screen that takes a host URL takes the pin with it (a fragment is never sent to the host).
public enum PinnedKey {
    /// The pin in `url`'s fragment (`#pin=…`), as given; nil when there is none.
    public static func pin(in url: URL) -> String? {
        guard let fragment = URLComponents(url: url, resolvingAgainstBaseURL: false)?.fragment else { return nil }
        for part in fragment.split(separator: "&") where part.hasPrefix("pin=") {
            return String(part.dropFirst(4))
        }
        return nil
    }

    /// `url` without its fragment: what is actually requested.
    public static func withoutFragment(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.fragment = nil
        return components.url ?? url
    }

    /// `pin` in curl's form `sha256//BASE64`; `sha256/BASE64` and a bare BASE64 are accepted too
    /// (a digest whose base64 starts with `/` is read right either way: only one reading is 32
    /// bytes). Throws when it is not the base64 of 32 bytes.
    static func normalised(_ pin: String) throws -> String {
        let text = pin.trimmingCharacters(in: .whitespaces)
        let readings = [
            text.hasPrefix("sha256//") ? String(text.dropFirst(8)) : nil,
            text.hasPrefix("sha256/") ? String(text.dropFirst(7)) : nil, text,
        ]
        guard let digest = readings.compactMap({ $0 }).first(where: { Data(base64Encoded: $0)?.count == 32 }) else {
            throw WorkshopError.invalidResponse(
                "the pin \(pin) in the host's URL is not sha256// and the base64 of 32 bytes; copy the join link again")
        }
        return "sha256//" + digest
    }

    /// What a participant is told when the host's key is not the pinned one.
    static func mismatch(host: String, expected: String, seen: String?) -> String {
        """
        \(host) presented a certificate whose key is not the pinned one: expected \(expected), \
        seen \(seen ?? "(unknown)"). Either the host made a new certificate (ask the facilitator for the \
        new join link) or someone on the network is impersonating it; nothing was sent
        """
    }
}
