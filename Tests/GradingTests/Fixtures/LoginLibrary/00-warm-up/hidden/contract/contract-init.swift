import Login

func probeContractInit() {
    _ = LoginViewModel(authenticate: { _, _ in true })
}
