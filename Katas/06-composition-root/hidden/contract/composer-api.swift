@testable import App
@_spi(Checks) import KataSupport

// Never called: the composition root's entry points must exist with these shapes.
func contractComposerAPI(navigator: any Navigator) {
    let composer = AppComposer(transport: RecordingTransport())
    let flow: AppFlow = composer.makeFlow(navigator: navigator)
    flow.start()
    _ = AppComposer()
}
