"""Lesson 3's practice (Tausch-Rausch): sequences and runs, one step up from level to level.

* Grundschule (Klasse 3–4): the missing number of a sequence of five numbers up to 100 with a
  step of 2 to 10, rising or falling; how many cards a dealt hand lacks for a run of 5 (the
  task finder's `missing`).
* Klasse 5–6: the number at a far position (start ± (n − 1) · step, n from 10 to 30); the sum of
  an arithmetic sequence shown in full (Gauss's pairs).
* Knobeln: how many runs of a length among 1–10 hold two values, one but not the other, or
  either (the engine's `Run` shape); the sum of a sequence given by its start and end; the
  position of a number in a sequence; the first of several gaps between two numbers.

Every exercise first takes the answer it wants from its number's own generator — uniformly
among the answers its kind of question can have — and then a question with that answer, so no
answer comes up much more often than another. The generator depends on the number only (the
dealt hand also on the seed), so the same number always gives the same exercise.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from ..core.rng import derive_rng
from ..i18n import join_words
from ..tausch_rausch import missing, task_by_id
from ..tausch_rausch import new_game as new_tausch_rausch
from ..tausch_rausch.cards import DECK as TR_DECK
from ..tausch_rausch.cards import VALUES as TR_VALUES
from ..tausch_rausch.tasks import Run
from .base import Exercise, only_wrong

UP, DOWN = 1, -1
GAP = "__"
# The numbers each level works with (the tests check every exercise against them).
GAP_STEPS, GAP_TERMS, GAP_TOP = range(2, 11), 5, 100  # Grundschule: 5 numbers up to 100
RUN_SHORT = (1, 2, 3)  # Grundschule: cards a dealt hand lacks for a run of 5
NTH_STEPS, NTH_PLACES, NTH_SMALL = range(3, 13), range(10, 31), range(1, 61)  # Klasse 5–6
SUM_FIRSTS, SUM_STEPS, SUM_TERMS, SUM_TOP = 60, range(2, 13), range(6, 11), 150  # Klasse 5–6: all terms shown
DOTS_FIRSTS, DOTS_STEPS, DOTS_TERMS, DOTS_TOP = 50, range(2, 13), range(8, 21), 300  # Knobeln: "5 + 9 + … + 61"
PLACE_STEPS, PLACE_ANSWERS, PLACE_TOP = range(3, 16), range(8, 41), 600  # Knobeln: at which place
GAPS_STEPS, GAPS_COUNTS, GAPS_TOP = range(3, 26), range(2, 5), 200  # Knobeln: first of 2–4 gaps
RUN_LENGTHS, RUN_ANSWERS, RUNS_SHARE = range(3, 10), range(1, 7), 0.2  # Knobeln: runs of 3 to 9 among 1–10


@dataclass(frozen=True)
class Listed:
    """Numbers joined as a pupil writes them: "4 und 7" / "4 and 7"."""

    items: tuple[int, ...]

    def render(self, lang: str) -> str:
        return join_words(self.items, lang)


def make(level: str, number: int, seed: int) -> Exercise | None:
    """Exercise `number` of lesson 3 at `level` (None: the deal `seed` does not fit; the answer
    wanted stays the same for the next deal)."""
    rng = derive_rng("practice-sequence", level, number)
    if level == "grundschule":
        if rng.random() < 0.5:
            return _gap(number, rng)
        return _run_missing(number, seed, rng.choice(RUN_SHORT))
    if level == "klasse56":
        return (
            _nth(number, rng)
            if rng.random() < 0.5
            else _sum(level, number, rng, _sums(SUM_FIRSTS, SUM_STEPS, SUM_TERMS, SUM_TOP))
        )
    kind = rng.random()
    if kind < RUNS_SHARE:  # the fewest different questions: asked least often, so they rarely repeat
        return _runs(number, rng)
    if kind < RUNS_SHARE + (1 - RUNS_SHARE) / 3:
        return _sum(level, number, rng, _sums(DOTS_FIRSTS, DOTS_STEPS, DOTS_TERMS, DOTS_TOP))
    if kind < RUNS_SHARE + 2 * (1 - RUNS_SHARE) / 3:
        return _position(number, rng)
    return _gaps(number, rng)


def _by_answer(options: Iterable[tuple], answer: Callable[[tuple], int]) -> dict[int, list[tuple]]:
    """The options grouped by their answer (sorted), so that a wanted answer is picked first."""
    groups: dict[int, list[tuple]] = {}
    for option in options:
        groups.setdefault(answer(option), []).append(option)
    return {value: groups[value] for value in sorted(groups)}


def _pick(rng: random.Random, groups: dict[int, list[tuple]]) -> tuple:
    """The wanted answer (uniformly among the possible ones), then a question that has it."""
    return rng.choice(groups[rng.choice(list(groups))])


def _row(start: int, step: int, count: int) -> list[int]:
    return [start + i * step for i in range(count)]


def _shown(terms: Iterable[object]) -> str:
    return ", ".join(map(str, terms))


# -- Grundschule ------------------------------------------------------------------------------


@cache
def _gap_options() -> dict[int, dict[int, list[tuple]]]:
    """{direction: {answer: [(answer, step, gap)]}}: five numbers 1–100, the gap inside."""
    found: dict[int, list[tuple]] = {UP: [], DOWN: []}
    for direction in (UP, DOWN):
        for step in GAP_STEPS:
            for gap in range(1, GAP_TERMS - 1):
                for answer in range(1, GAP_TOP + 1):
                    row = _row(answer - gap * direction * step, direction * step, GAP_TERMS)
                    if 1 <= min(row) and max(row) <= GAP_TOP:
                        found[direction].append((answer, step, gap))
    return {direction: _by_answer(found[direction], lambda option: option[0]) for direction in found}


def _gap(number: int, rng: random.Random) -> Exercise:
    direction = rng.choice((UP, DOWN))
    answer, step, gap = _pick(rng, _gap_options()[direction])
    signed = direction * step
    row = _row(answer - gap * signed, signed, GAP_TERMS)
    wrong = {
        row[-1] + signed: "practice.m.next_not_gap",
        row[gap - 1] - signed: "practice.m.wrong_way",
        row[gap - 1] + direction: "practice.m.step_one",
    }
    return Exercise(
        3,
        "grundschule",
        number,
        "practice.q.gap",
        {"row": _shown(GAP if i == gap else value for i, value in enumerate(row))},
        (),
        answer,
        "practice.s.gap.up" if direction == UP else "practice.s.gap.down",
        {"step": step, "before": row[gap - 1], "answer": answer},
        only_wrong(wrong, answer),
    )


def _run_missing(number: int, seed: int, wanted: int) -> Exercise | None:
    cards = sorted((TR_DECK[card] for card in new_tausch_rausch(3, seed=seed).hands[0]), key=lambda c: c.sort_key())
    shortfall = missing(task_by_id("run-of-5"), cards)
    if shortfall is None or shortfall.cards != wanted:
        return None  # another deal: the answer wanted stays
    option = shortfall.options[0]
    needed = tuple(value for need in option.needs for value in need.values)
    run = sorted({card.value for card in option.keep} | set(needed))
    values = [card.value for card in cards]
    with_doubles = min(max(0, 5 - sum(1 for v in values if low <= v < low + 5)) for low in range(1, 7))
    wrong = {with_doubles: "practice.m.doubles", wanted + 1: "practice.m.other_run"}  # a double counted twice
    return Exercise(
        3,
        "grundschule",
        number,
        "practice.q.run_missing",
        {},
        tuple(str(card) for card in cards),
        wanted,
        "practice.s.run_missing",
        {"count": wanted, "run": "-".join(map(str, run)), "need": Listed(needed)},
        only_wrong(wrong, wanted),
    )


# -- Klasse 5–6 -------------------------------------------------------------------------------


@cache
def _nth_options() -> dict[int, dict[int, list[tuple]]]:
    """{direction: {answer: [(start, step, place)]}}: rising from a small start, or falling
    to a small answer."""
    shapes = [(small, step, place) for small in NTH_SMALL for step in NTH_STEPS for place in NTH_PLACES]
    rising = shapes  # the small number starts
    falling = [(end + (place - 1) * step, step, place) for end, step, place in shapes]  # … or ends
    return {
        UP: _by_answer(rising, lambda option: option[0] + (option[2] - 1) * option[1]),
        DOWN: _by_answer(falling, lambda option: option[0] - (option[2] - 1) * option[1]),
    }


def _nth(number: int, rng: random.Random) -> Exercise:
    direction = rng.choice((UP, DOWN))
    start, step, place = _pick(rng, _nth_options()[direction])
    signed, steps = direction * step, place - 1
    answer = start + steps * signed
    wrong = {
        start + place * signed: "practice.m.nth_steps",
        start - steps * signed: "practice.m.wrong_way",
        steps * step: "practice.m.nth_start",
    }
    return Exercise(
        3,
        "klasse56",
        number,
        "practice.q.nth",
        {"row": _shown(_row(start, signed, 4)), "n": place},
        (),
        answer,
        "practice.s.nth.up" if direction == UP else "practice.s.nth.down",
        {"step": step, "n": place, "steps": steps, "start": start, "answer": answer},
        only_wrong(wrong, answer),
    )


def _sum_of(option: tuple) -> int:
    first, step, terms = option
    return (2 * first + (terms - 1) * step) * terms // 2


@cache
def _sums(firsts: int, steps: range, terms: range, top: int) -> dict[int, list[tuple]]:
    """{answer: [(first, step, terms)]}: sums of `terms` numbers from a first one up to `firsts`,
    going up by `steps`, none larger than `top`."""
    return _by_answer(
        (
            (first, step, count)
            for first in range(1, firsts + 1)
            for step in steps
            for count in terms
            if first + (count - 1) * step <= top
        ),
        _sum_of,
    )


def _sum(level: str, number: int, rng: random.Random, groups: dict[int, list[tuple]]) -> Exercise:
    first, step, terms = _pick(rng, groups)
    row = _row(first, step, terms)
    if rng.random() < 0.5:
        row.reverse()  # falling: the same sum
    answer = sum(row)
    ends = row[0] + row[-1]
    dotted = level == "knobeln"
    shown = " + ".join(map(str, [*row[:3], "…", row[-1]] if dotted else row))
    wrong = {
        ends * terms: "practice.m.sum_not_halved",
        ends: "practice.m.sum_one_pair",
        answer - row[-1]: "practice.m.sum_left_out",
    }
    for other in (terms - 1, terms + 1):
        if ends * other % 2 == 0:
            wrong.setdefault(ends * other // 2, "practice.m.sum_count")
    params: dict[str, object] = {"terms": terms, "first": row[0], "last": row[-1], "answer": answer}
    if dotted:
        params |= {"span": abs(row[-1] - row[0]), "step": step, "steps": terms - 1}
    else:
        params |= {"pair": ends}
    return Exercise(
        3,
        level,
        number,
        "practice.q.sum",
        {"row": shown},
        (),
        answer,
        "practice.s.sum_dotted" if dotted else "practice.s.sum",
        params,
        only_wrong(wrong, answer),
    )


# -- Knobeln ----------------------------------------------------------------------------------


def _runs_of(length: int) -> list[frozenset[int]]:
    """Every run of `length` among 1–10 (the engine's `Run` shape)."""
    return [frozenset(shape) for shape in Run().targets(length, 1)]


@cache
def _run_options() -> dict[int, list[tuple]]:
    """{answer: [(kind, length, a, b)]} with kind "with" (a and b), "without" (a, not b) or
    "either" (a or b or both). Both values always matter: for "with" and "without" some run
    holds both, for "either" some run holds a without b and some b without a."""
    options = []
    for length in RUN_LENGTHS:
        for a in TR_VALUES:
            for b in TR_VALUES:
                if a != b and _fitting("with", length, a, b):
                    options.append(("without", length, a, b))
                    if a < b:
                        options.append(("with", length, a, b))
                if a < b and _fitting("without", length, a, b) and _fitting("without", length, b, a):
                    options.append(("either", length, a, b))
    groups = _by_answer(options, lambda option: len(_fitting(*option)))
    return {answer: groups[answer] for answer in RUN_ANSWERS if answer in groups}


def _fitting(kind: str, length: int, a: int, b: int) -> list[frozenset[int]]:
    runs = _runs_of(length)
    if kind == "with":
        return [run for run in runs if a in run and b in run]
    if kind == "without":
        return [run for run in runs if a in run and b not in run]
    return [run for run in runs if a in run or b in run]


def _runs(number: int, rng: random.Random) -> Exercise:
    kind, length, a, b = _pick(rng, _run_options())
    runs = _fitting(kind, length, a, b)
    answer = len(runs)
    every = _runs_of(length)
    with_a = sum(1 for run in every if a in run)
    with_b = sum(1 for run in every if b in run)
    both = sum(1 for run in every if a in run and b in run)
    listed = "; ".join(f"{min(run)}–{max(run)}" for run in runs)
    wrong = {length: "practice.m.length", len(every): "practice.m.all_runs"}
    if kind == "with":
        question, params = "practice.q.runs_with", {"low": a, "high": b, "length": length}
        wrong |= {with_a: "practice.m.both"}
    elif kind == "without":
        question, params = "practice.q.runs_without", {"value": a, "other": b, "length": length}
        wrong |= {with_a: "practice.m.without", both: "practice.m.without_both"}
    else:
        question, params = "practice.q.runs_either", {"low": a, "high": b, "length": length}
        wrong |= {with_a + with_b: "practice.m.either_twice", with_a: "practice.m.either_one"}
    if kind == "either":
        solution = "practice.s.runs_either"
        worked: dict[str, object] = {"low": a, "high": b, "a": with_a, "b": with_b, "both": both}
    else:
        solution = "practice.s.runs"
        worked = {"first": min(min(run) for run in runs), "last": max(min(run) for run in runs)}
    return Exercise(
        3,
        "knobeln",
        number,
        question,
        params,
        (),
        answer,
        solution,
        {"count": answer, "runs": listed, **worked},
        only_wrong(wrong, answer),
    )


@cache
def _place_options() -> dict[int, dict[int, list[tuple]]]:
    """{direction: {answer: [(start, step, place)]}}: the number at `place` is at most 600."""
    found: dict[int, list[tuple]] = {UP: [], DOWN: []}
    for step in PLACE_STEPS:
        for place in PLACE_ANSWERS:
            for small in range(1, 51):
                big = small + (place - 1) * step
                if big <= PLACE_TOP:
                    found[UP].append((small, step, place))
                    found[DOWN].append((big, step, place))
    return {direction: _by_answer(found[direction], lambda option: option[2]) for direction in found}


def _position(number: int, rng: random.Random) -> Exercise:
    direction = rng.choice((UP, DOWN))
    start, step, place = _pick(rng, _place_options()[direction])
    signed, steps = direction * step, place - 1
    target = start + steps * signed
    wrong = {steps: "practice.m.position_first", steps * step: "practice.m.position_divide"}
    return Exercise(
        3,
        "knobeln",
        number,
        "practice.q.position",
        {"row": _shown(_row(start, signed, 4)), "target": target},
        (),
        place,
        "practice.s.position",
        {"start": start, "target": target, "span": steps * step, "step": step, "steps": steps, "answer": place},
        only_wrong(wrong, place),
    )


@cache
def _gaps_options() -> dict[int, dict[int, list[tuple]]]:
    """{direction: {answer: [(first, step, gaps)]}}: two numbers up to 200 with 2–4 gaps
    between them."""
    found: dict[int, list[tuple]] = {UP: [], DOWN: []}
    for step in GAPS_STEPS:
        for gaps in GAPS_COUNTS:
            for small in range(1, GAPS_TOP + 1):
                big = small + (gaps + 1) * step
                if big <= GAPS_TOP:
                    found[UP].append((small, step, gaps))
                    found[DOWN].append((big, step, gaps))
    return {
        direction: _by_answer(found[direction], lambda option, d=direction: option[0] + d * option[1])
        for direction in found
    }


def _gaps(number: int, rng: random.Random) -> Exercise:
    direction = rng.choice((UP, DOWN))
    first, step, gaps = _pick(rng, _gaps_options()[direction])
    signed, moves = direction * step, gaps + 1
    last = first + moves * signed
    answer = first + signed
    span = moves * step
    wrong = {first - signed: "practice.m.wrong_way", last - signed: "practice.m.gaps_last"}
    if span % gaps == 0:
        wrong = {first + direction * span // gaps: "practice.m.gaps_count", **wrong}
    return Exercise(
        3,
        "knobeln",
        number,
        "practice.q.gaps",
        {"row": _shown([first, *[GAP] * gaps, last])},
        (),
        answer,
        "practice.s.gaps",
        {
            "first": first,
            "last": last,
            "span": span,
            "moves": moves,
            "step": step,
            "op": "+" if direction == UP else "−",
            "answer": answer,
        },
        only_wrong(wrong, answer),
    )
