/// Shared by every kata of the fixture chain, from one folder.
public enum Volume: Sendable {
    case quiet, loud
}
