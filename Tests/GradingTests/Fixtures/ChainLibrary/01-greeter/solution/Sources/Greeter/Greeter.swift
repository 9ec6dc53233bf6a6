import KataSupport

public enum Greeter {
    public static func greeting(_ volume: Volume = .quiet) -> String {
        volume == .quiet ? "hi" : "HI"
    }
}
