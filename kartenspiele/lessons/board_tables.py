"""The answer tables a teacher can show on the board ("Tafel"), once they are revealed.

Each answer section (`classroom.classes.reveals.SECTIONS`) is built here as its lesson builds it
(`reveal.answer(section, build, *args)` in the notebook; `tests/lessons/test_board_tables.py`
holds the two together), so the board shows the same table the pupils see. `board_page` is the
board's notebook (`notebooks/tafel.ipynb`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..catalogue import LESSONS
from ..classroom.classes.reveals import check_section
from ..widgets.tafel import board_page as widgets_board_page
from . import chance, parity, sequences, subsets
from .reveal import answer_html
from .sicherung import merksatz_html

TABLES: dict[str, tuple[Callable[..., object] | None, tuple[Any, ...], dict[str, Any]]] = {
    "subsets.groups": (subsets.ways_table, (subsets.LESSON_VALUES,), {"targets": [8]}),
    "subsets.captures": (subsets.captures_table, (subsets.LESSON_TABLE, subsets.LESSON_CARD), {}),
    "parity.sums": (parity.sums_answer, (), {}),
    "parity.odd_sums": (None, (), {}),
    "parity.high": (parity.bound_table, (parity.HIGH_TASK,), {}),
    "parity.low": (parity.bound_table, (parity.LOW_TASK,), {}),
    "sequences.pairs": (sequences.pairs_table, (), {}),
    "sequences.arithmetic": (sequences.arithmetic_table, (5,), {}),
    "chance.many": (chance.many_hands, ("five-even",), {}),
    **{f"{lesson.key}.sicherung": (merksatz_html, (lesson.key,), {}) for lesson in LESSONS},
}
"""Per section: the builder, its arguments and keywords, as the lesson's notebook calls `answer`;
a lesson's Merksatz (`<lesson>.sicherung`) as its `Sicherung` shows it at the default level."""


def table_html(section: str, lang: str) -> str:
    """The answer of `section` in `lang`, as the lesson shows it."""
    check_section(section)
    build, args, kwargs = TABLES[section]
    return answer_html(section, build, *args, lang=lang, **kwargs)


def board_page() -> Any:
    """The board of the class named in the page's address, with the answer tables."""
    return widgets_board_page(table_html=table_html)
