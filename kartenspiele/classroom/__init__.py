"""What outlives a kernel: one store (SQLite or Redis), rooms as move logs, saved games.

Imports only downward (core, engines, bots); the widgets ask this layer.
"""
