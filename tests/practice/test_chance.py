"""Lesson 4's practice (chance): thousands of exercises per level, each answer recomputed here
independently — the task conditions written out from the rules table, every card of the pile
tried, the market cards counted — and the primary-school level balanced and worded in words."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest

from kartenspiele.i18n import LANGUAGES, text
from kartenspiele.practice.exercises import exercise
from kartenspiele.practice.phrases import Phrase, TaskTitle
from tests.practice.spread import exercises

COUNT = 1000
COLOURS = ("ge", "gr", "bl", "ro")
DECK = Counter({(colour, value): 2 for colour, value in product(COLOURS, range(1, 11))})


def fulfils(task_id: str, cards: list[tuple[str, int]]) -> bool:
    """The rules table's conditions, checked directly on the cards (no engine)."""
    values = Counter(value for _, value in cards)
    if task_id == "three-of-a-kind":
        return max(values.values()) >= 3
    if task_id == "pair-one-colour":
        return max(Counter(cards).values()) >= 2
    if task_id == "run-of-5":
        return any(all(values[v] for v in range(start, start + 5)) for start in range(1, 7))
    if task_id == "five-even":
        return sum(c for v, c in values.items() if v % 2 == 0) >= 5
    if task_id == "five-odd":
        return sum(c for v, c in values.items() if v % 2 == 1) >= 5
    if task_id == "two-one-colour-sum-9":
        return any(a != b and a[0] == b[0] and a[1] + b[1] == 9 for a in cards for b in cards)
    if task_id == "four-sum-at-most-7":
        return len(cards) >= 4 and sum(sorted(value for _, value in cards)[:4]) <= 7
    if task_id == "two-adjacent-pairs":
        return any(values[v] >= 2 and values[v + 1] >= 2 for v in range(1, 10))
    if task_id == "four-of-a-kind":
        return max(values.values()) >= 4
    if task_id == "full-house":
        return any(values[a] >= 3 and values[b] >= 2 for a in values for b in values if a != b)
    if task_id == "run-of-4-one-colour":
        return any(all((c, v) in cards for v in range(s, s + 4)) for c in COLOURS for s in range(1, 8))
    colour_tasks = {  # colour, how many cards, the condition on their values
        "pair-red": ("ro", 2, lambda vs: vs[0] == vs[1]),
        "two-green-sum-9": ("gr", 2, lambda vs: sum(vs) == 9),
        "two-red-sum-at-most-5": ("ro", 2, lambda vs: sum(vs) <= 5),
        "two-blue-sum-at-least-17": ("bl", 2, lambda vs: sum(vs) >= 17),
        "three-blue-sum-15": ("bl", 3, lambda vs: sum(vs) == 15),
        "three-red-run": ("ro", 3, lambda vs: vs[1] == vs[0] + 1 and vs[2] == vs[1] + 1),
        "three-yellow-odd": ("ge", 3, lambda vs: all(v % 2 for v in vs)),
        "three-green-even": ("gr", 3, lambda vs: not any(v % 2 for v in vs)),
    }
    colour, size, condition = colour_tasks[task_id]
    own = sorted(value for c, value in cards if c == colour)
    return any(condition(chosen) for chosen in combinations(own, size))


def parse(card: str) -> tuple[str, int]:
    return card[:2], int(card[2:])


def helping(task_id: str, hand: list[tuple[str, int]]) -> int:
    pile = DECK - Counter(hand)
    return sum(copies for card, copies in pile.items() if fulfils(task_id, [*hand, card]))


def event_count(phrase: Phrase, cards: list[tuple[str, int]]) -> int:
    params = dict(phrase.params)
    kind = phrase.key.rsplit(".", 1)[-1]
    tests = {
        "even": lambda c: c[1] % 2 == 0,
        "odd": lambda c: c[1] % 2 == 1,
        "colour": lambda c: f"tausch_rausch.colour.{c[0]}.adjective" == params["colour"].key,
        "above": lambda c: c[1] > params["n"],
        "below": lambda c: c[1] < params["n"],
        "value": lambda c: c[1] == params["n"],
    }
    return sum(1 for card in cards if tests[kind](card))


def independent_answer(ex) -> int:
    cards = [parse(card) for card in ex.cards]
    if ex.question == "practice.q.c.verdict":
        favourable = event_count(ex.params["event"], cards)
        return 0 if favourable == len(cards) else 2 if favourable == 0 else 1
    if ex.question == "practice.q.c.likely":
        a, b = (event_count(ex.params[name], cards) for name in ("first", "second"))
        return 0 if a > b else 1 if a < b else 2
    good = helping(ex.params["task"].task_id, cards)
    if ex.question == "practice.q.c.task":
        return 0 if good == 76 else 2 if good == 0 else 1
    if ex.question == "practice.q.c.helping":
        return good
    assert ex.question == "practice.q.c.percent"
    return int(Fraction(100 * good, 76) + Fraction(1, 2))


@pytest.mark.parametrize("level", ["grundschule", "klasse56", "knobeln"])
def test_chance_exercises_match_an_independent_count(level: str) -> None:
    answers, questions, seen = Counter(), Counter(), set()
    for number, ex in enumerate(exercises(4, level), start=1):  # exercises 1–1,000, made once
        assert ex.answer == independent_answer(ex), (number, ex)
        assert ex.answer not in ex.mistakes
        answers[ex.answer] += 1
        questions[ex.question] += 1
        seen.add(ex.cards + tuple(sorted(map(str, ex.params.values()))))
        if number <= 100:
            for lang in LANGUAGES:
                assert ex.question_text(lang) and ex.solution_text(lang)
                assert "{" not in ex.question_text(lang) + ex.solution_text(lang)
                assert all(text(key, lang) for key in ex.mistakes.values())
        if level == "grundschule":
            assert len(ex.choices) == 3 and ex.answer in range(3)
            assert len(set(ex.choice_texts("de"))) == 3
        else:
            assert not ex.choices and ex.answer >= 1
            assert isinstance(ex.params["task"], TaskTitle)
            assert len(ex.cards) == 4
    assert len(seen) >= COUNT // 2
    if level == "grundschule":
        assert set(questions) == {"practice.q.c.verdict", "practice.q.c.task", "practice.q.c.likely"}
        assert min(answers.values()) >= COUNT / 4  # no answer is a safe guess
    if level == "knobeln":
        assert max(answers) <= 100


def test_sicher_moeglich_unmoeglich_each_occur_for_tasks_and_market_cards() -> None:
    found = Counter()
    for number in range(1, 400):
        ex = exercise(4, "grundschule", number)
        if ex.question in ("practice.q.c.verdict", "practice.q.c.task"):
            found[ex.question, ex.answer] += 1
    assert all(
        found[question, answer] for question in ("practice.q.c.verdict", "practice.q.c.task") for answer in range(3)
    )
