"""What outlives a kernel, with no widget in it, in four concepts, each in its own folder:

- `store/`: the one store (SQLite, Redis, the hub's store service, the browser's memory) and
  everything about its files (data folder, backup); the bottom of this layer;
- `people/`: who looks at a page (teacher or pupil) and the names people type; beside the store;
- `rooms/`: shared games as move logs, saved games, their codes and limits; on the store and people;
- `classes/`: classes, pupils, their evidence, pacing and reveals, the export; on the store
  and people.

Rooms and classes do not import each other (a seat keeps a class's pupil as an opaque
`member` id). The package imports only downward (catalogue, core, kernel, engines, bots); the
pages (`widgets`, the join box, gate, dashboard and board among them) ask this layer
(`docs/architecture.md`; `tests/test_architecture.py` holds the order).
"""
