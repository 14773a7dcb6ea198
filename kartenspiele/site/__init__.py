"""The in-browser site (`make lite`, docs/lite.md): one app for every page, one Python for a visit.

`App()` is every page's one cell: it shows the page the browser's address names and opens the
site's other pages in the same kernel (`app`), following the browser's history (`address`,
`routes`); a lesson's page is built from its notebook's cells (`lesson_page`, from what the build
read with `notebook_pages`, which the browser does not run).
"""

from ..binder import repository
from ..i18n import texts
from ..widgets.plain import make_shared_kinds
from ..widgets.style import css
from .app import App
from .lesson_page import site_pages

__all__ = ["App", "prepare"]


def prepare() -> None:
    """Read now what the site's pages read from the package (the texts, the style sheet, the
    lesson pages, the project's address for the served version) and make the shared widget
    classes. The site's build calls this before it takes the memory snapshot every page starts
    from (lite/kernel/lean_kernel.py): reading the package's archive costs the browser about
    1 s at each start otherwise."""
    texts()
    css()
    site_pages()
    repository()
    make_shared_kinds()
