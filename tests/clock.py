"""A clock the tests move by hand (`clock.now += 60`), for code that takes `clock=` or `now=`."""

from __future__ import annotations


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
