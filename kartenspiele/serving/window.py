"""What the server's window shows, and where everything else goes.

A teacher starts `kartenspiele serve` in a terminal and may show that window on the projector.
So the window holds only what a teacher needs, one line per event (`event`): the addresses, the
QR code, "all pages ready", "Server voll", "stopping" and "stopped". Everything else (Voilà's and
tornado's log, and whatever a kernel prints, its start-up lines and tracebacks included) goes to
the log file `kartenspiele-server.log` in the data folder (`log_path`, `send_logs_to`), where a
helper can read it later.

No line of either ever holds the teacher code: the log masks any `lehrkraft=…` in an address
(`HideTeacherCode`), and the window's lines never name it after the teacher's own block
(`serve.main`).
"""

from __future__ import annotations

import logging
import re
import sys
import time
from pathlib import Path
from typing import IO

from ..classroom.people.roles import CODE_PARAMETER
from ..i18n import text
from .lifecycle import record_file

LOG_NAME = "kartenspiele-server.log"
EVENTS = "kartenspiele.events"
"""The logger whose records are the window's lines (and go to the log file too)."""
CODE_IN_ADDRESS = re.compile(rf"({CODE_PARAMETER}(?:=|%3D|%253D))[^&\s\"'%]*", re.IGNORECASE)
"""A teacher code in an address, also in one quoted inside another (`next=…%3Dcode`)."""
FULL_EVERY = 60.0
"""Seconds between two "Server voll" lines in the window (each refusal is in the log file)."""


def log_path(store_url: str) -> Path:
    """The log file beside the store (for Redis: in the default data folder)."""
    return record_file(store_url).with_name(LOG_NAME)


class HideTeacherCode(logging.Filter):
    """Masks a teacher code in any address a log line quotes (`?lehrkraft=…` becomes `…=***`;
    a code is letters and digits only, `roles.valid_teacher_code`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if CODE_PARAMETER in message.lower():
            record.msg, record.args = CODE_IN_ADDRESS.sub(r"\1***", message), None
        return True


def send_logs_to(path: Path, loggers: tuple[logging.Logger, ...] = ()) -> IO[str]:
    """Write every log record (the root logger's and those of `loggers`, e.g. Voilà's
    application log) to `path` instead of the window; the window keeps only the events. Returns
    the open file, which the kernels write their output to as well."""
    path.parent.mkdir(parents=True, exist_ok=True)
    stream = path.open("a", encoding="utf-8", buffering=1)
    to_file = logging.StreamHandler(stream)
    to_file.setLevel(logging.INFO)
    to_file.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    to_file.addFilter(HideTeacherCode())
    for logger in (logging.getLogger(), *loggers):
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
        logger.addHandler(to_file)
    if logging.getLogger().level > logging.INFO:
        logging.getLogger().setLevel(logging.INFO)
    show_events()
    return stream


def show_events() -> None:
    """The events' lines go to the window (once), and not on to other handlers."""
    events = logging.getLogger(EVENTS)
    events.setLevel(logging.INFO)
    if not any(getattr(handler, "kartenspiele_window", False) for handler in events.handlers):
        window = logging.StreamHandler(sys.stdout)
        window.setFormatter(logging.Formatter("%(message)s"))
        window.addFilter(HideTeacherCode())
        window.kartenspiele_window = True  # type: ignore[attr-defined]
        events.addHandler(window)


def event(key: str, **params: object) -> None:
    """One line in the window (and in the log file), in the language `serve` speaks."""
    logging.getLogger(EVENTS).info(text(key, None, **params))


class FullNotice:
    """ "Server voll" in the window at most once a minute (every refusal goes to the log file)."""

    def __init__(self, every: float = FULL_EVERY, clock=time.monotonic) -> None:
        self.every, self.clock = every, clock
        self.last: float | None = None

    def refused(self, reason: str, count: int) -> None:
        now = self.clock()
        logging.getLogger("kartenspiele.limits").info("page refused: %s (%d)", reason, count)
        if self.last is None or now - self.last >= self.every:
            self.last = now
            event("window.full", reason=text(f"window.full.{reason}", None, count=count))


class ReadyNotice:
    """ "All N prepared pages are ready (after M s)" once, when the first filling of the pools is done."""

    def __init__(self, count: int, clock=time.monotonic) -> None:
        self.count, self.clock = count, clock
        self.started = clock()
        self.done = 0

    def one_ready(self) -> None:
        self.done += 1
        if self.done == self.count:
            event("window.ready", count=self.count, seconds=round(self.clock() - self.started))
