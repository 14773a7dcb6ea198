"""Lesson 3's practice (Tausch-Rausch): sequences with a gap, runs in a dealt hand, runs through
two values (the engine's `Run` shape and task finder)."""

from __future__ import annotations

from ..core.rng import derive_rng
from ..tausch_rausch import missing, task_by_id
from ..tausch_rausch import new_game as new_tausch_rausch
from ..tausch_rausch.cards import DECK as TR_DECK
from ..tausch_rausch.cards import VALUES as TR_VALUES
from ..tausch_rausch.tasks import Run
from .base import Exercise, only_wrong
from .parity import tausch_rausch_hand


def make(level: str, number: int, seed: int) -> Exercise | None:
    values = tausch_rausch_hand(seed)
    rng = derive_rng(seed, "practice", "sequence")
    if level == "grundschule":
        start, size = rng.choice(values), rng.choice((4, 5))
        steps = [step for step in (-3, -2, -1, 1, 2, 3) if 1 <= start + (size - 1) * step <= TR_VALUES[-1]]
        if not steps:
            return None
        step, gap = rng.choice(steps), rng.randrange(1, size - 1)
        row = [start + i * step for i in range(size)]
        shown = ", ".join("__" if i == gap else str(value) for i, value in enumerate(row))
        wrong = {row[-1] + step: "practice.m.next_not_gap", row[gap - 1] - step: "practice.m.wrong_way"}
        if abs(step) > 1:
            wrong |= {row[gap - 1] + (1 if step > 0 else -1): "practice.m.step_one"}
        return Exercise(
            3,
            level,
            number,
            "practice.q.gap",
            {"row": shown},
            (),
            row[gap],
            "practice.s.gap",
            {
                "count": abs(step),
                "answer": row[gap],
            },
            only_wrong(wrong, row[gap]),
        )
    if level == "klasse56":
        hand = [TR_DECK[card] for card in new_tausch_rausch(3, seed=seed).hands[0]]
        shortfall = missing(task_by_id("run-of-5"), hand)
        answer = 0 if shortfall is None else shortfall.cards
        different = len(set(values))
        return Exercise(
            3,
            level,
            number,
            "practice.q.run_missing",
            {},
            _tr_shown(seed),
            answer,
            "practice.s.run_missing",
            {"count": answer},
            only_wrong({5 - different: "practice.m.doubles"}, answer),
        )
    distinct = sorted(set(values))
    if len(distinct) < 2:
        return None
    low, high = sorted(rng.sample(distinct, 2))
    if high - low > 5:
        return None
    length = rng.randrange(max(3, high - low + 1), 7)
    runs = [run for run in Run().targets(length, 1) if low in run and high in run]
    with_low = sum(1 for run in Run().targets(length, 1) if low in run)
    wrong = {
        length: "practice.m.length",
        with_low: "practice.m.both",
        len(TR_VALUES) - length + 1: "practice.m.all_runs",
    }
    return Exercise(
        3,
        level,
        number,
        "practice.q.runs_with",
        {"low": low, "high": high, "length": length},
        (),
        len(runs),
        "practice.s.runs_with",
        {"count": len(runs), "runs": "; ".join(f"{min(run)}–{max(run)}" for run in runs)},
        only_wrong(wrong, len(runs)),
    )


def _tr_shown(seed: int) -> tuple[str, ...]:
    cards = [TR_DECK[card] for card in new_tausch_rausch(3, seed=seed).hands[0]]
    return tuple(str(card) for card in sorted(cards, key=lambda c: (c.value, c.colour)))
