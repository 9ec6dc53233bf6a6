import APIClient
import Login

// Must not compile: the stage-3 seam should be gone from the sign-in screen.
func negativeLoginClientRemoved(_ viewModel: LoginViewModel) {
    viewModel.client = ServerAPIClient.shared
}
