// No endpoint extension: the view model calls execute itself.
