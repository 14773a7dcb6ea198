"""The in-browser site (`make lite`, docs/lite.md): one app for every page, one Python for a visit.

`App()` is every page's one cell: it shows the page the browser's address names and opens the
site's other pages in the same kernel (`app`), following the browser's history (`address`,
`routes`); a lesson's page is built from its notebook's cells (`lesson_page`, from what the build
read with `notebook_pages`, which the browser does not run).
"""

from .app import App

__all__ = ["App"]
