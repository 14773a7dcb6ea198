"""The site's stand-in for piplite (the kernel's `%pip`): the in-browser site installs nothing.

The Pyodide kernel imports `piplite.piplite` at start to configure it; the real piplite would
bring micropip with it. In the site every package is already there, so installing is refused
with a clear message instead (lite/build.py adds this folder to the kernel's packages).
"""

from .piplite import install

__version__ = "0.0.0"
__all__ = ["install"]
