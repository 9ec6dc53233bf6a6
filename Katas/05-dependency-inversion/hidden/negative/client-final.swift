import APIClient

// Must not compile: nothing outside APIClient may subclass the production client.
class NegativeClientSubclass: ServerAPIClient {}
