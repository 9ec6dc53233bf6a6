// Everything APIClient declares is visible to whoever imports LoginNetworking.
@_exported import APIClient
