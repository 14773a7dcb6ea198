"""The settings the Pyodide kernel writes at start, and an `install` that refuses."""

_PIPLITE_URLS: list[str] = []
_PIPLITE_DISABLE_PYPI = True


async def install(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("This site installs no packages: everything it needs is already loaded.")
