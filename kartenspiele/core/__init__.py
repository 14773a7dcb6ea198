"""Game-agnostic building blocks: errors, seeded randomness, texts, sessions."""
