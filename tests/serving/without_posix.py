"""Run `kartenspiele`'s entry point as if on Windows, as far as the package's own code can tell:
`python tests/serving/without_posix.py serve …`.

For every import made by a module of `kartenspiele`, POSIX-only parts are made unavailable:
`os` without process groups, sessions, `fork` or user ids; `signal` without the signals and
timers Windows lacks (SIGKILL, SIGALRM, SIGHUP, `setitimer` …); no `resource`, `fcntl`,
`termios`, `pwd` or `grp`; and no reading of `/proc`. Libraries keep theirs (they run on
Windows by their own choices); the point is that `serve`'s own code paths have a fallback.
"""

from __future__ import annotations

import builtins
import io
import os
import signal
import sys
import types

HIDDEN = {
    "os": {"killpg", "getpgid", "setpgid", "setsid", "getsid", "fork", "forkpty", "getuid", "geteuid", "getppid"},
    "signal": {
        "SIGKILL",
        "SIGALRM",
        "SIGHUP",
        "SIGQUIT",
        "SIGUSR1",
        "SIGUSR2",
        "SIGCHLD",
        "SIGSTOP",
        "SIGCONT",
        "setitimer",
        "getitimer",
        "ITIMER_REAL",
        "pthread_kill",
        "alarm",
    },
}
MISSING = {"resource", "fcntl", "termios", "pwd", "grp"}
PACKAGE = "kartenspiele"
seen: set[str] = set()


class Without(types.ModuleType):
    """A module without some of its names (looking one up raises AttributeError)."""

    def __init__(self, real: types.ModuleType, hidden: set[str]) -> None:
        super().__init__(real.__name__)
        self._real, self._hidden = real, hidden

    def __getattr__(self, name: str):
        if name in self._hidden:
            seen.add(f"{self._real.__name__}.{name}")
            raise AttributeError(f"module {self._real.__name__!r} has no attribute {name!r} (not on Windows)")
        return getattr(self._real, name)


PROXIES = {"os": Without(os, HIDDEN["os"]), "signal": Without(signal, HIDDEN["signal"])}
real_import = builtins.__import__


def from_package(globals_: dict | None) -> bool:
    return bool(globals_) and str(globals_.get("__name__", "")).startswith(PACKAGE)


def restricted_import(name, globals=None, locals=None, fromlist=(), level=0):
    if from_package(globals) and level == 0:
        if name.split(".")[0] in MISSING:
            raise ImportError(f"No module named {name!r} (not on Windows)")
        if name in PROXIES and not fromlist:
            return PROXIES[name]
        if name in PROXIES:
            for item in fromlist:
                if item in HIDDEN[name]:
                    raise ImportError(f"cannot import name {item!r} from {name!r} (not on Windows)")
    return real_import(name, globals, locals, fromlist, level)


real_open = io.open


def caller_in_package() -> bool:
    frame = sys._getframe(2)
    for _ in range(6):
        if frame is None:
            return False
        if from_package(frame.f_globals):
            return True
        frame = frame.f_back
    return False


def restricted_open(file, *args, **kwargs):
    if isinstance(file, (str, os.PathLike)) and os.fspath(file).startswith("/proc") and caller_in_package():
        raise FileNotFoundError(f"no /proc on this system: {file}")
    return real_open(file, *args, **kwargs)


builtins.__import__ = restricted_import
builtins.open = restricted_open
io.open = restricted_open

if __name__ == "__main__":
    from kartenspiele.cli import main

    status = main(sys.argv[1:])
    print(f"hidden names asked for: {sorted(seen)}", file=sys.stderr, flush=True)
    sys.exit(status)
