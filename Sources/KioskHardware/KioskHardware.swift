// Placeholder so the target builds until its first type lands.
