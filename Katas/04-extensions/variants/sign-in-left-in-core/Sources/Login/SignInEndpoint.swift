// Sign-in is still part of ServerAPIClient.
