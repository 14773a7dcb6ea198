"""A served page's kernel writes its log lines to the server's log, never into its page.

ipykernel 7 sends everything written to the kernel's standard error (the file descriptor, not
only `sys.stderr`) to the page as output, and copies it to the server's log. A line for the
server's log alone is written to the copy ipykernel keeps of the original descriptor
(`sys.stderr._original_stdstream_copy`); outside such a kernel (a script, a test) to
`sys.__stderr__`.
"""

from __future__ import annotations

import logging
import os
import sys

FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


class ServerLogHandler(logging.Handler):
    """Writes each record to the server's log (see the module text), found when it is written."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter(FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record) + "\n"
            original = getattr(sys.stderr, "_original_stdstream_copy", None)
            if isinstance(original, int):
                os.write(original, line.encode("utf-8", "replace"))
            elif sys.__stderr__ is not None:
                sys.__stderr__.write(line)
                sys.__stderr__.flush()
        except Exception:  # noqa: BLE001 - a log line never breaks a click
            self.handleError(record)


def server_log(name: str, level: int = logging.INFO) -> logging.Logger:
    """The logger `name`, writing to the server's log from `level` on (set up once)."""
    logger = logging.getLogger(name)
    if not any(isinstance(handler, ServerLogHandler) for handler in logger.handlers):
        logger.addHandler(ServerLogHandler())
    if logger.level == logging.NOTSET or logger.level > level:
        logger.setLevel(level)
    return logger
