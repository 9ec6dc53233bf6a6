// Moved to App/LoginEndpoint.swift: Login no longer knows the server.
