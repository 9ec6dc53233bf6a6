// The next pain.
