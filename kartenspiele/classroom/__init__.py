"""What outlives a kernel, with no widget in it: one store (SQLite or Redis), rooms as move
logs, saved games; and the classroom on top of it: teacher and pupil roles, classes, the
evidence of pupils' work and the pacing the teacher sets (released lessons, practice levels).

Imports only downward (catalogue, core, kernel, engines, bots); the pages (`widgets`, the
join box, gate, dashboard and board among them) ask this layer (`docs/architecture.md`).
"""
