"""What outlives a kernel: one store (SQLite or Redis), rooms as move logs, saved games; and
the classroom on top of it: teacher and pupil roles, classes, the evidence of pupils' work and
the teacher's dashboard.

Imports only downward (core, engines, bots); the widgets ask this layer.
"""
