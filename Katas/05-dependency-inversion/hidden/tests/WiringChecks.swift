@testable import App
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@Test func appSignInReachesTheServerOnce() async {
    let log = TripwireLog()
    let viewModel = makeLoginViewModel()
    viewModel.userName = "ann"
    viewModel.password = "secret"
    await Tripwire.logBinding.withValue(log) {
        await viewModel.signIn()
    }
    let sites = log.sites
    #expect(
        sites.count == 1,
        "Signing in through makeLoginViewModel() reached the production server \(sites.count) times\(sites.isEmpty ? "" : ": \(sites.map(\.description).joined(separator: ", "))").")
    #expect(
        viewModel.state == .failed(.offline),
        "With the network forbidden the screen should end up .failed(.offline), but its state is \(viewModel.state).")
}

@Test func appReloadReachesTheServerOnce() async {
    let log = TripwireLog()
    let viewModel = makeItemListViewModel()
    await Tripwire.logBinding.withValue(log) {
        await viewModel.reload()
    }
    let sites = log.sites
    #expect(
        sites.count == 1,
        "Reloading through makeItemListViewModel() reached the production server \(sites.count) times\(sites.isEmpty ? "" : ": \(sites.map(\.description).joined(separator: ", "))").")
    #expect(
        viewModel.state == .failed(.offline),
        "With the network forbidden the list should end up .failed(.offline), but its state is \(viewModel.state).")
}
