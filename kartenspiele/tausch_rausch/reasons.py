"""Why a selection of cards does or does not fulfil a task, one condition at a time.

`judge(task, cards)` returns a list of `Step`s — one for the count and one for each condition —
each saying whether it holds and why, with its arithmetic ("8 = 4 + 4", "4 + 5 = 9",
"5 = 4 + 1"). The steps are language-free; `Step.render(lang)` words them. The rules use the
failing steps as the reason of an illegal fulfilment; lessons and hints show all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import join_words, text
from .cards import COLOURS, Card, colour_name
from .tasks import ANY, SAME, Task

Localised = Callable[[str | None], str]


@dataclass(frozen=True)
class Step:
    """One check: whether it holds (`ok`), its text key and parameters (a parameter may be
    a function of the language)."""

    ok: bool
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, lang: str | None = None) -> str:
        values = {name: value(lang) if callable(value) else value for name, value in self.params.items()}
        return text(f"tausch_rausch.why.{self.key}", lang, **values)


def card_list(cards: Sequence[Card]) -> Localised:
    return lambda lang: join_words((card.name(lang) for card in cards), lang)


def _colour(colour: str) -> Localised:
    return lambda lang: colour_name(colour, lang)


def _colours(colours: Sequence[str]) -> Localised:
    return lambda lang: join_words((colour_name(c, lang) for c in colours), lang)


def _numbers(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def parity_arith(value: int) -> str:
    """Two equal halves: "8 = 4 + 4" for an even value, "7 = 3 + 3 + 1" for an odd one (1 left
    over); no product, so that it reads in Klasse 3 as well. The 1 is just "1"."""
    if value == 1:
        return "1"
    half = value // 2
    return f"{value} = {half} + {half}" + (" + 1" if value % 2 else "")


def sum_arith(values: Sequence[int]) -> str:
    """ "3 + 4 + 5 = 12"; one value is just itself (no "9 = 9")."""
    if len(values) == 1:
        return str(values[0])
    return f"{' + '.join(str(v) for v in values)} = {sum(values)}"


def _count_step(task: Task, cards: Sequence[Card]) -> Step:
    ok = len(cards) == task.count
    return Step(ok, "count.ok" if ok else "count.bad", {"count": task.count, "chosen": len(cards)})


def _colour_step(task: Task, cards: Sequence[Card]) -> Step | None:
    which = task.colour.which
    if which == ANY or not cards:
        return None
    held = {card.colour for card in cards}
    colours = [colour for colour in COLOURS if colour in held]
    if which == SAME:
        if len(colours) == 1:
            return Step(True, "colour.same.ok", {"colour": _colour(colours[0])})
        return Step(False, "colour.same.bad", {"colours": _colours(colours)})
    wrong = [card for card in cards if card.colour != which]
    if not wrong:
        return Step(True, "colour.named.ok", {"colour": _colour(which)})
    return Step(False, "colour.named.bad", {"colour": _colour(which), "cards": card_list(wrong)})


def _parity_step(task: Task, values: Sequence[int]) -> Step | None:
    if task.parity is None or not values:
        return None
    kind = task.parity.which
    wrong = [v for v in values if not task.parity.allows(v)]
    shown = list(dict.fromkeys(wrong or values))  # each value once: "one" form for one value
    arith = "; ".join(parity_arith(v) for v in shown)
    return Step(
        not wrong,
        f"parity.{kind}.{'bad' if wrong else 'ok'}",
        {"arith": arith, "count": len(shown)},
    )


def _sum_step(task: Task, values: Sequence[int]) -> Step | None:
    if task.sum is None or not values:
        return None
    low, high = task.sum.at_least, task.sum.at_most
    total = sum(values)
    kind = "exactly" if low == high else "at_least" if high is None else "at_most" if low is None else "between"
    ok = task.sum.allows(total)
    return Step(
        ok,
        f"sum.{kind}.{'ok' if ok else 'bad'}",
        {"arith": sum_arith(values), "total": total, "low": low, "high": high},
    )


def _run_step(values: Sequence[int]) -> Step:
    counts = Counter(values)
    twice = [v for v in sorted(counts) if counts[v] > 1]
    if twice:
        return Step(False, "run.twice", {"value": twice[0], "times": counts[twice[0]]})
    for before, after in zip(values, values[1:]):
        if after != before + 1:
            return Step(False, "run.gap", {"before": before, "after": after, "expected": before + 1})
    if len(values) == 1:  # one card: nothing to compare yet ("1: … eins mehr als die davor ()")
        return Step(True, "run.start", {"value": values[0]})
    arith = ", ".join(f"{b} = {a} + 1" for a, b in zip(values, values[1:]))
    return Step(True, "run.ok", {"values": _numbers(values), "arith": arith})


def _counts_text(values: Sequence[int]) -> Localised:
    """How often each value is there, in words: "3-mal die 7 und einmal die 2"."""
    counts = Counter(values)
    order = sorted(counts, key=lambda v: (-counts[v], v))
    return lambda lang: join_words(
        (text("tausch_rausch.why.times", lang, count=counts[v], value=v) for v in order), lang
    )


def _pattern_step(task: Task, values: Sequence[int]) -> Step | None:
    pattern = task.pattern
    if pattern is None or not values:
        return None
    ok = pattern.holds(values)
    name = pattern.name
    if name == "run":
        return _run_step(values)
    if name == "of_a_kind":
        if ok:
            key = "kind.ok_both" if len(values) == 2 else "kind.ok"
            return Step(True, key, {"count": len(values), "value": values[0]})
        return Step(False, "kind.bad", {"values": _numbers(values)})
    if name == "full_house":
        if ok:
            counts = Counter(values)
            three = next(v for v, n in counts.items() if n == 3)
            two = next(v for v, n in counts.items() if n == 2)
            return Step(True, "full_house.ok", {"three": three, "two": two})
        return Step(False, "full_house.bad", {"counts": _counts_text(values)})
    if ok:
        pairs = ", ".join(f"{v}-{v}" for v in sorted(set(values)))
        return Step(True, "pairs.ok", {"pairs": pairs})
    return Step(False, "pairs.bad", {"counts": _counts_text(values)})


def judge(task: Task, cards: Sequence[Card]) -> list[Step]:
    """Every check of `task` on exactly the selection `cards`, in order."""
    values = sorted(card.value for card in cards)
    steps = [
        _count_step(task, cards),
        _colour_step(task, cards),
        _parity_step(task, values),
        _sum_step(task, values),
        _pattern_step(task, values),
    ]
    return [step for step in steps if step is not None]


def failures(task: Task, cards: Sequence[Card]) -> list[Step]:
    """The checks that fail (empty when the cards fulfil the task)."""
    return [step for step in judge(task, cards) if not step.ok]
