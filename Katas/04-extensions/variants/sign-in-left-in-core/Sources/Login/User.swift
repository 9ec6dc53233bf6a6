// User stays in APIClient, next to the sign-in endpoint.
