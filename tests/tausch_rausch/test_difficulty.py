"""Exact chances that a random hand can fulfil a task, the rewards they earn, the docs table."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from kartenspiele.tausch_rausch import DEFAULT_TASKS, task_by_id
from kartenspiele.tausch_rausch.difficulty import (
    HAND_SIZES,
    REWARD_THRESHOLD,
    estimate,
    markdown,
    probability,
    reward_for,
    table,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "tausch-rausch-tasks.md"


def test_closed_forms():
    total5, total2, total4 = comb(80, 5), comb(80, 2), comb(80, 4)
    assert probability(task_by_id("five-even"), 5) == Fraction(comb(40, 5), total5)
    assert probability(task_by_id("five-even"), 7) == Fraction(
        sum(comb(40, k) * comb(40, 7 - k) for k in range(5, 8)), comb(80, 7)
    )
    assert probability(task_by_id("pair-one-colour"), 2) == Fraction(40, total2)
    assert probability(task_by_id("two-green-sum-9"), 2) == Fraction(4 * 2 * 2, total2)
    assert probability(task_by_id("two-one-colour-sum-9"), 2) == Fraction(4 * 4 * 2 * 2, total2)
    assert probability(task_by_id("four-of-a-kind"), 4) == Fraction(10 * comb(8, 4), total4)
    assert probability(task_by_id("five-one-colour"), 5) == Fraction(4 * comb(20, 5), total5)


def test_symmetric_tasks_are_equally_hard():
    for a, b in [
        ("five-even", "five-odd"),
        ("four-sum-at-most-7", "four-sum-at-least-37"),
        ("two-blue-sum-at-least-17", "two-red-sum-at-most-5"),
        ("three-yellow-odd", "three-green-even"),
    ]:
        chances = [[probability(task_by_id(t), h) for h in HAND_SIZES] for t in (a, b)]
        assert chances[0] == chances[1]


@pytest.mark.parametrize(
    "task_id", ["three-of-a-kind", "run-of-4-one-colour", "two-one-colour-sum-9", "pair-red", "full-house"]
)
def test_a_seeded_simulation_agrees(task_id):
    task = task_by_id(task_id)
    p, error = estimate(task, 7, samples=3000, seed=1)
    assert abs(p - float(probability(task, 7))) < 4 * error + 1e-3
    assert estimate(task, 7, samples=300, seed=1) == estimate(task, 7, samples=300, seed=1)


def test_every_reward_follows_its_measured_difficulty_and_the_docs_show_it():
    rows = table(DEFAULT_TASKS)
    for row in rows:
        assert row.task.reward == row.reward == reward_for(row.task), row.task.id
        assert (row.reward == 2) == (row.chances[HAND_SIZES.index(7)] < REWARD_THRESHOLD)
        assert list(row.chances) == sorted(row.chances)  # more cards, better chances
    document = DOCS.read_text(encoding="utf-8")
    for lang in ("en", "de"):
        for line in markdown(rows, lang):
            assert line in document, line
