"""A joined pupil's page notices, within seconds, that the teacher deleted the class.

One daemon thread per page asks the store every `CHECK_EVERY` seconds whether the class still
exists (one read of one small record). When it is gone, the session ends: nothing more is
recorded and the page's callbacks (the join box's note) run. The thread stops then, or when
`stop` is called.
"""

from __future__ import annotations

import threading

from ..classroom.classes.pupil import PupilSession

CHECK_EVERY = 5.0
"""Seconds between two looks at the class."""


class ClassWatch:
    """Watches one pupil session's class in a background thread."""

    def __init__(self, session: PupilSession, every: float | None = None) -> None:
        self.session = session
        self.every = CHECK_EVERY if every is None else every
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="kartenspiele-class-watch", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopped.wait(self.every):
            if not self.session.still_open():
                return

    def stop(self) -> None:
        self.stopped.set()
