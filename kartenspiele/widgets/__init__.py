"""Play tables for the notebook and the Voilà web app (ipywidgets 8).

`QuantoTable()` and `TauschRauschTable()` show a game table with its new-game panel,
`QuantoTutorial()` and `TauschRauschTutorial()` teach the rules on the real table, and
`StartPage()` links the apps, the tutorials and the lessons and holds the rooms' lobby;
`saved(table)` saves every game of a table after every move. See each class for options.
"""

from ..kernel import comm_guard, memory_limit, unseen_widgets, update_guard
from ..kernel.click_limit import install_from_environment
from .quanto_table import QuantoTable
from .quanto_tutorial import QuantoTutorial
from .saving import saved
from .seats import Seat
from .start import StartPage
from .tausch_rausch_table import TauschRauschTable
from .tausch_rausch_tutorial import TauschRauschTutorial

update_guard.install()  # every value a browser sends is checked before the widgets take it
comm_guard.install()  # and no widget is built because a browser asked for one
unseen_widgets.install()  # on a Voilà page, widgets send nothing until a browser looks
install_from_environment()  # under `kartenspiele serve`: one click computes for a bounded time
memory_limit.install_from_environment()  # and a kernel past its memory bound ends itself

__all__ = ["QuantoTable", "QuantoTutorial", "Seat", "StartPage", "TauschRauschTable", "TauschRauschTutorial", "saved"]
