// Moved to Items/ServerItemsLoader.swift.
