// Moved to App/ItemsEndpoint.swift: Items no longer knows the server.
