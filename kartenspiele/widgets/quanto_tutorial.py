"""Learning Quanto step by step: every rule in a prepared position on the real table."""

from __future__ import annotations

from types import ModuleType

from .. import quanto
from ..quanto.moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, REFILL_HAND
from .quanto_table import QuantoTable
from .tutorial import Expect, Lesson, Tutorial

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "capture_one",
        {"players": 2, "table": "4 7 8 11", "hands": ["8 3 12", None]},
        (Expect(CAPTURE, {"card": "8", "takes": "8"}),),
    ),
    Lesson(
        "capture_sum",
        {"players": 2, "table": "2 6 9 11", "hands": ["8 12 10", None]},
        (Expect(CAPTURE, {"card": "8", "takes": "2 6"}),),
    ),
    Lesson(
        "groups",
        {"players": 2, "table": "2 4 4 8", "hands": ["8 11 12", None]},
        (Expect(CAPTURE, {"card": "8", "takes": "4 4 8"}),),
    ),
    Lesson(
        "form",
        {"players": 2, "table": "4 6 10 12", "hands": ["4 11", None]},
        (Expect(FORM, {"card": "4", "chip": 10, "takes": "6 10"}),),
    ),
    Lesson(
        "extend",
        {"players": 2, "table": "2 4 11", "hands": ["3 12", None], "quantos": {0: (9, "4 5")}},
        (Expect(EXTEND, {"card": "3", "takes": "2 4"}),),
    ),
    Lesson(
        "collect",
        {"players": 2, "table": "2 7 12", "hands": ["9 11", None], "quantos": {0: (9, "4 5")}},
        (Expect(COLLECT, {"card": "9", "takes": "2 7"}),),
    ),
    Lesson(
        "one",
        {"players": 3, "table": "3 6 10 11", "hands": ["1 12", None, None], "win": {1: "7 9", 2: "5"}},
        (Expect(LAY, {"card": "1"}),),
    ),
    Lesson(
        "two",
        {"players": 2, "table": "5 6 12", "hands": ["2 11 4", None]},
        (Expect(LAY, {"card": "2"}), Expect(CAPTURE, {"card": "11"})),
    ),
    Lesson(
        "three",
        {"players": 2, "table": "4 6 9", "hands": ["3 5", None], "draw": "10 7 12 8 8 9 9"},
        (Expect(LAY, {"card": "3"}), Expect(CAPTURE, {"card": "10"})),
    ),
    Lesson(
        "rainbow",
        {"players": 2, "table": "3 5 7", "hands": ["R8 2", None]},
        (Expect(CAPTURE, {"card": "R8", "takes": "3 5 7"}),),
    ),
    Lesson(
        "joker",
        {"players": 2, "table": "1 2 3 6", "hands": ["J 12", None]},
        (Expect(CAPTURE, {"card": "J", "declared": 6, "takes": "1 2 3 6"}),),
    ),
    Lesson(
        "joker_quanto",
        {"players": 2, "table": "2 9 12", "hands": ["J 5", None], "quantos": {1: (10, "4 6 3 7")}},
        (Expect(JOKER_QUANTO, {"target": 1}),),
    ),
    Lesson("refill", {"players": 2, "table": "3 9 10 12", "hands": ["5", None]}, (Expect(REFILL_HAND),)),
    Lesson(
        "end",
        {"players": 2, "table": "6 2", "hands": ["6", ""], "draw": "", "win": {1: "7 7"}, "last_capturer": 1},
        (Expect(CAPTURE, {"card": "6", "takes": "6"}),),
    ),
)


class QuantoTutorial(Tutorial):
    """The Quanto rules, one lesson per rule: `QuantoTutorial()` (`lang="en"` for English,
    `lesson=3` to open a later lesson)."""

    game_key = "quanto"
    lessons = LESSONS

    def make_table(self, lang: str) -> QuantoTable:
        return QuantoTable(lang=lang)

    def engine(self) -> ModuleType:
        return quanto

    def legal_moves(self) -> list:
        return self.table.state.legal_moves(limit=None)
