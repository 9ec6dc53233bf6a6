// Shelf's entry point. For now each screen finds its own client; stage 6 turns this target
// into the place where the whole app is put together.
await Shelf.run()
