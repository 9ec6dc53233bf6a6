import Greeter

func probeWhispers() {
    _ = Greeter.whisper()
}
