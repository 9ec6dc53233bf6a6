import Greeter

func probeShouts() {
    _ = Greeter.shout()
}
