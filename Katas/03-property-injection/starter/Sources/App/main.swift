await runShelf()
