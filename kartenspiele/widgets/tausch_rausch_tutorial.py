"""Learning Tausch-Rausch step by step: the market swap, each kind of task, the reward, the win."""

from __future__ import annotations

from types import ModuleType

from .. import tausch_rausch
from ..tausch_rausch.moves import FULFIL, SWAP
from .tausch_rausch_table import TauschRauschTable
from .tutorial import Expect, Lesson, Tutorial

HARD = ["four-of-a-kind", "three-adjacent-pairs", "four-sum-at-least-37", "five-blue-sum-at-least-23"]
"""Open tasks beside a lesson's task that its hand cannot fulfil."""


def task_lesson(key: str, task: str, hand: str, **extra: object) -> Lesson:
    """A lesson whose learner fulfils `task` with cards from `hand`."""
    others = [other for other in HARD if other != task][:4]
    scenario = {"players": 2, "hands": {0: hand}, "open_tasks": [task, *others], **extra}
    return Lesson(key, scenario, (Expect(FULFIL, {"task": task}),))


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "swap",
        {
            "players": 2,
            "hands": {0: "ge2 gr4 bl6 ro9 ge10 bl3"},
            "stalls": {4: "ro1 ro2 ro3"},
            "open_tasks": ["pair-red", "run-of-5", *HARD[:3]],
        },
        (Expect(SWAP, {"stall": 4}),),
    ),
    task_lesson("even", "five-even", "ge2 gr4 bl6 ro8 ge10 bl3"),
    task_lesson("sum_exactly", "two-one-colour-sum-9", "bl4 bl5 ro9 ge1 gr7"),
    task_lesson("sum_at_most", "four-sum-at-most-7", "ge1 gr1 bl2 ro3 ge9"),
    task_lesson("run", "run-of-5", "ge3 gr4 bl5 ro6 ge6 gr7"),
    task_lesson("kind", "three-of-a-kind", "ge7 gr7 bl7 ro2 ge5"),
    task_lesson("full_house", "full-house", "ge7 gr7 bl7 ro2 ge2 bl9"),
    task_lesson("pairs", "two-adjacent-pairs", "ge3 gr3 bl4 ro4 ge5 ro9"),
    task_lesson("one_colour", "five-one-colour", "gr1 gr3 gr6 gr8 gr10 ro5"),
    task_lesson("reward", "run-of-4-one-colour", "bl3 bl4 bl5 bl6 ro9"),
    task_lesson(
        "win",
        "pair-one-colour",
        "ro5 ro5 ge1 bl8",
        fulfilled={0: ["five-even", "run-of-5", "full-house", "three-of-a-kind"]},
    ),
)


class TauschRauschTutorial(Tutorial):
    """The Tausch-Rausch rules, one lesson at a time: `TauschRauschTutorial()`."""

    game_key = "tausch_rausch"
    lessons = LESSONS

    def make_table(self, lang: str) -> TauschRauschTable:
        return TauschRauschTable(lang=lang)

    def engine(self) -> ModuleType:
        return tausch_rausch
