import Greeter

func probeGreets() {
    _ = Greeter.greeting()
}
