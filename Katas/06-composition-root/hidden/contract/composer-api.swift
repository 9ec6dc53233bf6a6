@testable import App
@_spi(Checks) import KataSupport

// Never called: the composition root's entry points must exist with these shapes. `var`, so
// start(navigator:) may be a mutating method of a struct as well as a method of a class.
@MainActor
func contractComposerAPI(navigator: any Navigator) {
    var composer = AppComposer(transport: RecordingTransport())
    let flow: AppFlow = composer.makeFlow(navigator: navigator)
    flow.start()
    composer.start(navigator: navigator)
    _ = AppComposer()
}
