// Everything Login declares is visible to whoever imports SharedModels.
@_exported import Login
