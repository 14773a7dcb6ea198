"""The lessons' sections as data: which exercises each section holds, which sections a pupil
works through in every lesson ("done"), and the section that works on each anticipated mistake.

A section is a `##` heading of a lesson notebook; its title is the text `section.<key>` (the
heading's words, checked against the notebooks by `tests/classroom/test_unit.py`). Exercises are
named as the class's evidence names them (`subsets.ways#2` belongs to the quiz `subsets.ways`;
practice at a level, `subsets.practice.knobeln#3`, to `subsets.practice`). The practice
generators know 55 kinds of mistakes (`practice.m.<kind>`, a hint for the pupil); the teacher
reads each kind as `mistake.<kind>`, and `MISTAKE_SECTIONS` names the section to go back to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .catalogue import PRACTICE_LEVELS


@dataclass(frozen=True)
class Section:
    """A lesson's section: its lesson, its key (title `section.<key>`), the exercises in it,
    and whether every pupil works on it (`core`; not a "Zusatz", not the exit ticket)."""

    lesson: str
    key: str
    exercises: tuple[str, ...] = ()
    core: bool = True

    @property
    def title_key(self) -> str:
        return f"section.{self.key}"


EXIT_QUESTIONS = 3
"""Questions of every lesson's exit ticket (`<lesson>.exit1` … `exit3`, in its "Sicherung")."""


def _lesson(lesson: str, *sections: tuple[str, tuple[str, ...], bool]) -> tuple[Section, ...]:
    """A lesson's sections, then its "Sicherung" with the exit ticket."""
    exits = tuple(f"{lesson}.exit{number}" for number in range(1, EXIT_QUESTIONS + 1))
    return (
        *(Section(lesson, f"{lesson}.{key}", exercises, core) for key, exercises, core in sections),
        Section(lesson, f"{lesson}.sicherung", exits, core=False),
    )


SECTIONS: tuple[Section, ...] = (
    *_lesson(
        "subsets",
        ("tree", ("subsets.ways", "subsets.reason.cut"), True),
        ("game", ("subsets.watch",), True),
        ("captures", ("subsets.capture", "subsets.best"), False),
        ("practice", ("subsets.practice",), False),
        ("challenge", ("subsets.challenge",), False),
    ),
    *_lesson(
        "parity",
        ("sums", ("parity.sum",), True),
        ("guess", ("parity.reason.six_odd",), True),
        ("game", ("parity.watch",), True),
        ("five", ("select.title.parity",), False),
        ("impossible", (), False),
        ("bounds", ("can",), False),
        ("practice", ("parity.practice",), False),
        ("challenge", ("parity.combinations",), False),
    ),
    *_lesson(
        "sequences",
        ("runs", ("sequences.count", "sequences.reason.one_more", "select.title.runs", "sequences.missing"), True),
        ("game", ("sequences.watch",), True),
        ("arithmetic", (), False),
        ("gauss", ("sequences.sum", "sequences.reason.gauss"), False),
        ("practice", ("sequences.practice",), False),
        ("challenge", ("sequences.challenge",), False),
    ),
    *_lesson(
        "chance",
        ("rules", (), True),
        ("words", ("chance.words",), True),
        ("deal", ("chance.reason.groups",), True),
        ("why_two", ("chance.reward",), True),
        ("game", ("chance.watch",), True),
        ("exercises", ("chance.likely", "chance.estimate", "chance.reason.reward"), False),
        ("practice", ("chance.practice",), False),
        ("challenge", ("chance.percent", "chance.half"), False),
    ),
)
"""Every lesson's sections in the order of its notebook (those a link or a mistake can name)."""

MISTAKE_SECTIONS: dict[str, str] = {
    # lesson 1: groups and captures
    "only_pairs": "subsets.tree",
    "big_groups": "subsets.tree",
    "pick_less": "subsets.tree",
    "pick_more": "subsets.tree",
    "pick_pair_inside": "subsets.tree",
    "counted_played": "subsets.captures",
    "one_group": "subsets.captures",
    "counted_groups": "subsets.captures",
    # lesson 2: even and odd sums
    "said_even": "parity.sums",
    "said_odd": "parity.sums",
    "added": "parity.sums",
    "pairs_twice": "parity.sums",
    "counted_odd_sums": "parity.sums",
    "counted_even_sums": "parity.sums",
    "forgot_odd_odd": "parity.sums",
    "forgot_even_even": "parity.sums",
    "only_three_odd": "parity.sums",
    "forgot_three_odd": "parity.sums",
    "only_three_even": "parity.sums",
    "forgot_three_even": "parity.sums",
    # lesson 3: runs, arithmetic sequences, Gauss's sums
    "other_run": "sequences.runs",
    "doubles": "sequences.runs",
    "length": "sequences.runs",
    "all_runs": "sequences.runs",
    "both": "sequences.runs",
    "either_one": "sequences.runs",
    "either_twice": "sequences.runs",
    "without": "sequences.runs",
    "without_both": "sequences.runs",
    "step_one": "sequences.arithmetic",
    "wrong_way": "sequences.arithmetic",
    "next_not_gap": "sequences.arithmetic",
    "gaps_count": "sequences.arithmetic",
    "gaps_last": "sequences.arithmetic",
    "nth_start": "sequences.arithmetic",
    "nth_steps": "sequences.arithmetic",
    "position_divide": "sequences.arithmetic",
    "position_first": "sequences.arithmetic",
    "sum_count": "sequences.gauss",
    "sum_left_out": "sequences.gauss",
    "sum_not_halved": "sequences.gauss",
    "sum_one_pair": "sequences.gauss",
    # lesson 4: chance
    "c.numbers_not_cards": "chance.rules",
    "c.copies": "chance.rules",
    "c.own_cards": "chance.rules",
    "c.eighty": "chance.rules",
    "c.one_value": "chance.rules",
    "c.sure_not_possible": "chance.deal",
    "c.look_again": "chance.deal",
    "c.none_there": "chance.deal",
    "c.not_all": "chance.deal",
    "c.some_there": "chance.deal",
    "c.count_both": "chance.exercises",
    "c.count_not_percent": "chance.why_two",
    "c.rounding": "chance.why_two",
}
"""Each kind of anticipated mistake (`practice.m.<kind>`) and the section that works on it."""

MISTAKE_PREFIX = "practice.m."


def mistake_kind(hint_key: object) -> str | None:
    """The mistake kind of a practice hint's key (`practice.m.c.copies` -> `c.copies`), or None
    for any other hint ("more", "other choice")."""
    if isinstance(hint_key, str) and hint_key.startswith(MISTAKE_PREFIX):
        kind = hint_key.removeprefix(MISTAKE_PREFIX)
        return kind if kind in MISTAKE_SECTIONS else None
    return None


def section(key: str) -> Section:
    """The section `key` (`KeyError` for an unknown one)."""
    for found in SECTIONS:
        if found.key == key:
            return found
    raise KeyError(key)


def lesson_sections(lesson: str) -> tuple[Section, ...]:
    return tuple(found for found in SECTIONS if found.lesson == lesson)


def quiz_of(exercise: str) -> str:
    """The quiz an exercise belongs to: `subsets.ways#2` -> `subsets.ways`; practice without its
    level: `subsets.practice.knobeln#3` -> `subsets.practice`."""
    quiz = exercise.partition("#")[0]
    head, _, last = quiz.rpartition(".")
    return head if last in PRACTICE_LEVELS and head.endswith(".practice") else quiz


def section_of(exercise: str) -> Section | None:
    """The section that holds an exercise (None for one outside every section)."""
    quiz = quiz_of(exercise)
    return next((found for found in SECTIONS if quiz in found.exercises), None)


def practice_level(exercise: str) -> str | None:
    """The practice level of a practice exercise (`subsets.practice.knobeln#3` -> `knobeln`)."""
    quiz = exercise.partition("#")[0]
    head, _, last = quiz.rpartition(".")
    return last if last in PRACTICE_LEVELS and head.endswith(".practice") else None


def exit_question(exercise: str) -> int | None:
    """The number of an exit-ticket question (`subsets.exit2#1` -> 2), else None."""
    found = re.fullmatch(r"[a-z_]+\.exit(\d+)", exercise.partition("#")[0])
    return int(found.group(1)) if found else None
