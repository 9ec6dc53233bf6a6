import ShelfDI

// Never called. It only has to compile against ShelfDI alone, which proves the DSL and the
// container's API exist with the shapes the README gives.
func contractContainerAPI() throws -> Int {
    let module = Module {
        single { _ in 41 }
        factory { r in String(try r.resolve(Int.self)) }
    }
    let container = Container(module)
    let child: Container = container.overriding(Module { factory { _ in 1 } })
    try child.verify()
    try Container(module, Module { factory { _ in 2.5 } }).verify()
    let text: String = try child.resolve()
    return try container.resolve(Int.self) + text.count
}
