@testable import App

// Never run. A navigator written before books had details, with nowhere to put one, must be
// rejected by the compiler rather than drop every detail it is handed.
@MainActor
final class NavigatorWithoutDetails: Navigator {
    func show(_ screen: Screen) {}
    func push(_ screen: Screen) {}
}
