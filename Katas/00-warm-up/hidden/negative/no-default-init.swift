import Login

func probeNoDefaultInit() {
    _ = LoginViewModel()
}
