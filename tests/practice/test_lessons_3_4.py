"""Lessons 3 (sequences and runs) and 4 (chance) at their grade: exercises 1–1,000 of every level,
each answer recomputed here without the engine — the sequence rebuilt from its shown numbers
and walked term by term, the runs among 1–10 listed one by one, every card of the pile tried
against the rules table's condition on every choice of cards — and the numbers each level
works with: Grundschule (Klasse 3–4) steps of 2 to 10 both ways and numbers up to 100, plain
words for chance; Klasse 5–6 and Knobeln a step up each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, pairwise, product

import pytest

from kartenspiele.i18n import LANGUAGES, text
from kartenspiele.practice import LEVELS
from tests.practice.spread import answer_key, exercises

GAP = "__"
DOTS = "…"

# -- lesson 3: sequences and runs, recomputed ------------------------------------------------


def numbers(row: str, separator: str = ", ") -> list[int | None]:
    """The shown numbers of a row; None for a gap (or for "…" in a sum)."""
    return [None if part in (GAP, DOTS) else int(part) for part in row.split(separator)]


def steps_of(row: list[int]) -> set[int]:
    return {b - a for a, b in pairwise(row)}


def walk(start: int, step: int, count: int) -> list[int]:
    """The first `count` numbers, one step at a time (no formula)."""
    row = [start]
    while len(row) < count:
        row.append(row[-1] + step)
    return row


def runs(length: int) -> list[set[int]]:
    """Every run of `length` numbers in a row among 1–10, listed one by one."""
    return [set(range(start, start + length)) for start in range(1, 11) if start + length - 1 <= 10]


def sequence_answer(ex) -> int:
    """Lesson 3's answer, found without the engine or the formulas the solution uses."""
    params, question = ex.params, ex.question
    if question == "practice.q.gap":
        shown = numbers(params["row"])
        fits = [x for x in range(-500, 600) if len(steps_of([x if n is None else n for n in shown])) == 1]
        assert len(fits) == 1, ex  # exactly one number closes the gap
        return fits[0]
    if question == "practice.q.run_missing":
        values = {face.value for face in ex.faces()}
        return min(len(run - values) for run in runs(5))
    if question == "practice.q.nth":
        shown = numbers(params["row"])
        (step,) = steps_of(shown)
        return walk(shown[0], step, params["n"])[-1]
    if question == "practice.q.sum":
        shown = numbers(params["row"], " + ")
        if None not in shown:
            assert len(steps_of(shown)) == 1, ex
            return sum(shown)
        first, second, third, last = shown[0], shown[1], shown[2], shown[-1]
        assert shown[3] is None and third - second == second - first
        row = [first]
        while row[-1] != last:
            row.append(row[-1] + second - first)
            assert len(row) < 1000, ex  # the step leads to the last number
        return sum(row)
    if question == "practice.q.position":
        shown = numbers(params["row"])
        (step,) = steps_of(shown)
        place, value = 1, shown[0]
        while value != params["target"]:
            place, value = place + 1, value + step
            assert place < 1000, ex
        return place
    if question == "practice.q.gaps":
        shown = numbers(params["row"])
        first, last, moves = shown[0], shown[-1], len(shown) - 1
        fits = [first + step for step in range(-1000, 1001) if walk(first, step, moves + 1)[-1] == last]
        assert len(fits) == 1, ex
        return fits[0]
    length = params["length"]
    if question == "practice.q.runs_with":
        return sum(1 for run in runs(length) if params["low"] in run and params["high"] in run)
    if question == "practice.q.runs_without":
        return sum(1 for run in runs(length) if params["value"] in run and params["other"] not in run)
    assert question == "practice.q.runs_either", ex
    return sum(1 for run in runs(length) if params["low"] in run or params["high"] in run)


# -- lesson 4: chance, recomputed ---------------------------------------------------------------

COLOURS = ("ge", "gr", "bl", "ro")
DECK = Counter({(colour, value): 2 for colour, value in product(COLOURS, range(1, 11))})
Cards = tuple[tuple[str, int], ...]


def one_colour(cards: Cards, colour: str | None = None) -> bool:
    return len({c for c, _ in cards}) == 1 and (colour is None or cards[0][0] == colour)


def total(cards: Cards) -> int:
    return sum(v for _, v in cards)


def in_a_row(cards: Cards) -> bool:
    values = sorted(v for _, v in cards)
    return all(b == a + 1 for a, b in pairwise(values))


def same_value(cards: Cards) -> bool:
    return len({v for _, v in cards}) == 1


def adjacent_pairs(cards: Cards) -> bool:
    counts = sorted(Counter(v for _, v in cards).items())
    return all(n == 2 for _, n in counts) and all(b == a + 1 for (a, _), (b, _) in pairwise(counts))


# The rules table of ../shared/rules/tausch-rausch.md and the colour tasks of the deck: how many
# cards a task asks for and the condition on exactly those cards.
TASKS: dict[str, tuple[int, Callable[[Cards], bool]]] = {
    "five-even": (5, lambda c: all(v % 2 == 0 for _, v in c)),
    "five-odd": (5, lambda c: all(v % 2 == 1 for _, v in c)),
    "five-one-colour": (5, one_colour),
    "two-one-colour-sum-9": (2, lambda c: one_colour(c) and total(c) == 9),
    "four-sum-at-most-7": (4, lambda c: total(c) <= 7),
    "four-sum-at-least-37": (4, lambda c: total(c) >= 37),
    "run-of-5": (5, in_a_row),
    "run-of-4-one-colour": (4, lambda c: one_colour(c) and in_a_row(c)),
    "full-house": (5, lambda c: sorted(Counter(v for _, v in c).values()) == [2, 3]),
    "four-of-a-kind": (4, same_value),
    "three-of-a-kind": (3, same_value),
    "pair-one-colour": (2, lambda c: c[0] == c[1]),
    "two-adjacent-pairs": (4, adjacent_pairs),
    "three-adjacent-pairs": (6, adjacent_pairs),
    "two-green-sum-9": (2, lambda c: one_colour(c, "gr") and total(c) == 9),
    "four-yellow-sum-at-most-7": (4, lambda c: one_colour(c, "ge") and total(c) <= 7),
    "five-blue-sum-at-least-23": (5, lambda c: one_colour(c, "bl") and total(c) >= 23),
    "three-red-run": (3, lambda c: one_colour(c, "ro") and in_a_row(c)),
    "three-yellow-odd": (3, lambda c: one_colour(c, "ge") and all(v % 2 == 1 for _, v in c)),
    "three-green-even": (3, lambda c: one_colour(c, "gr") and all(v % 2 == 0 for _, v in c)),
    "two-blue-sum-at-least-17": (2, lambda c: one_colour(c, "bl") and total(c) >= 17),
    "two-red-sum-at-most-5": (2, lambda c: one_colour(c, "ro") and total(c) <= 5),
    "pair-red": (2, lambda c: one_colour(c, "ro") and same_value(c)),
    "three-blue-sum-15": (3, lambda c: one_colour(c, "bl") and total(c) == 15),
}


def fulfils(task_id: str, cards: list[tuple[str, int]]) -> bool:
    """Some choice of exactly the task's number of cards meets its condition."""
    size, condition = TASKS[task_id]
    return any(condition(tuple(chosen)) for chosen in combinations(cards, size))


def parse(card: str) -> tuple[str, int]:
    return card[:2], int(card[2:])


def helping_cards(task_id: str, hand: list[tuple[str, int]]) -> int:
    """The cards of the pile (every card but the hand, with its copies) after which the task can
    be fulfilled."""
    pile = DECK - Counter(hand)
    return sum(copies for card, copies in pile.items() if fulfils(task_id, [*hand, card]))


def event_count(phrase, cards: list[tuple[str, int]]) -> int:
    params = dict(phrase.params)
    kind = phrase.key.rsplit(".", 1)[-1]
    tests = {
        "even": lambda c: c[1] % 2 == 0,
        "odd": lambda c: c[1] % 2 == 1,
        "colour": lambda c: params["colour"].key == f"tausch_rausch.colour.{c[0]}.adjective",
        "above": lambda c: c[1] > params["n"],
        "below": lambda c: c[1] < params["n"],
        "value": lambda c: c[1] == params["n"],
    }
    return sum(1 for card in cards if tests[kind](card))


def sure_possible_impossible(favourable: int, possible: int) -> int:
    return 0 if favourable == possible else 2 if favourable == 0 else 1


def chance_answer(ex) -> int:
    """Lesson 4's answer: the cards counted here, the chance as an exact fraction rounded half up."""
    cards = [parse(card) for card in ex.cards]
    if ex.question == "practice.q.c.verdict":
        return sure_possible_impossible(event_count(ex.params["event"], cards), len(cards))
    if ex.question == "practice.q.c.likely":
        a, b = (event_count(ex.params[name], cards) for name in ("first", "second"))
        return 0 if a > b else 1 if a < b else 2
    good = helping_cards(ex.params["task"].task_id, cards)
    pile = sum((DECK - Counter(cards)).values())
    if ex.question == "practice.q.c.task":
        return sure_possible_impossible(good, pile)
    if ex.question == "practice.q.c.helping":
        return good
    assert ex.question == "practice.q.c.percent", ex
    return int(Fraction(100 * good, pile) + Fraction(1, 2))


# -- the property tests -------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (3, 4))
def test_every_answer_matches_an_independent_count(lesson: int, level: str) -> None:
    brute_force = sequence_answer if lesson == 3 else chance_answer
    for number, ex in enumerate(exercises(lesson, level), start=1):
        assert ex.answer == brute_force(ex), ex
        assert ex.answer not in ex.mistakes
        assert all(value >= 0 for value in ex.mistakes)
        if number <= 100:
            for lang in LANGUAGES:
                said = ex.question_text(lang) + ex.solution_text(lang)
                assert "{" not in said and "object at" not in said
                assert all(text(key, lang) for key in ex.mistakes.values())


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (3, 4))
def test_answers_are_spread_with_room_to_spare(lesson: int, level: str) -> None:
    """Well below the 40 % (choices: 50 %) of test_not_guessable: the answer is picked first."""
    made = exercises(lesson, level)
    counts = Counter(answer_key(ex) for ex in made)
    limit = 0.35 if made[0].choices else 0.2
    assert max(counts.values()) <= limit * len(made), counts.most_common(3)


def kinds(level: str) -> Counter[str]:
    return Counter(ex.question for ex in exercises(3, level))


def test_lesson_3_grundschule_is_klasse_3_to_4() -> None:
    """Steps of 2 to 10, rising and falling, numbers up to 100; a dealt hand's run of 5."""
    assert set(kinds("grundschule")) == {"practice.q.gap", "practice.q.run_missing"}
    assert min(kinds("grundschule").values()) >= 300
    directions = Counter()
    for ex in exercises(3, "grundschule"):
        if ex.question == "practice.q.run_missing":
            assert len(ex.cards) == 5 and ex.answer in (1, 2, 3)
            continue
        shown = numbers(ex.params["row"])
        assert len(shown) == 5 and shown.count(None) == 1 and shown[0] is not None and shown[-1] is not None
        row = [ex.answer if n is None else n for n in shown]
        (step,) = steps_of(row)
        assert 2 <= abs(step) <= 10 and all(1 <= n <= 100 for n in row)
        directions[step > 0] += 1
        for lang, rule in (("de", "um {step} {way}"), ("en", "{way} by {step}")):
            said = ex.solution_text(lang)
            way = {("de", True): "größer", ("de", False): "kleiner", ("en", True): "bigger", ("en", False): "smaller"}
            assert rule.format(step=abs(step), way=way[lang, step > 0]) in said, said  # the rule, its direction
            assert f"{row[shown.index(None) - 1]} {'+' if step > 0 else '−'} {abs(step)} = {ex.answer}" in said
    assert min(directions.values()) >= 200  # both directions, about equally often
    assert max(answer_key(ex) for ex in exercises(3, "grundschule")) > 50  # numbers up to 100, not 10


def test_lesson_3_klasse56_is_a_step_up() -> None:
    """The number at position 10 to 30 (steps 3 to 12, both ways); the sum of 6 to 10 numbers."""
    assert set(kinds("klasse56")) == {"practice.q.nth", "practice.q.sum"}
    assert min(kinds("klasse56").values()) >= 400
    directions = Counter()
    for ex in exercises(3, "klasse56"):
        if ex.question == "practice.q.nth":
            shown = numbers(ex.params["row"])
            (step,) = steps_of(shown)
            assert 3 <= abs(step) <= 12 and 10 <= ex.params["n"] <= 30 and ex.answer >= 1
            directions[step > 0] += 1
            steps = ex.params["n"] - 1
            said = f"{shown[0]} {'+' if step > 0 else '−'} {steps} · {abs(step)} = {ex.answer}"
            assert all(said in ex.solution_text(lang) for lang in LANGUAGES)
        else:
            shown = numbers(ex.params["row"], " + ")
            (step,) = steps_of(shown)
            assert 6 <= len(shown) <= 10 and 2 <= abs(step) <= 12 and max(shown) <= 150
            said = f"({shown[0]} + {shown[-1]}) · {len(shown)} : 2 = {ex.answer}"
            assert all(said in ex.solution_text(lang) for lang in LANGUAGES)
    assert min(directions.values()) >= 150


def test_lesson_3_knobeln_is_another_step_up() -> None:
    """Runs through two values among 1–10; a sum given by its ends; a position; the first of
    several gaps."""
    found = kinds("knobeln")
    assert found["practice.q.sum"] >= 150 and found["practice.q.position"] >= 150 and found["practice.q.gaps"] >= 150
    assert sum(found[f"practice.q.runs_{kind}"] for kind in ("with", "without", "either")) >= 150
    assert all(found[f"practice.q.runs_{kind}"] >= 30 for kind in ("with", "without", "either"))
    for ex in exercises(3, "knobeln"):
        assert ex.answer >= 1 and not ex.cards
        if ex.question == "practice.q.sum":
            shown = numbers(ex.params["row"], " + ")
            assert shown[3] is None and 8 <= sequence_length(shown) <= 20 and max(shown[:3] + shown[-1:]) <= 300
        elif ex.question == "practice.q.position":
            assert 8 <= ex.answer <= 40 and 3 <= abs(steps_of(numbers(ex.params["row"])).pop()) <= 15
        elif ex.question == "practice.q.gaps":
            assert 2 <= numbers(ex.params["row"]).count(None) <= 4
        else:
            assert 3 <= ex.params["length"] <= 9
            listed = [run for run in runs(ex.params["length"]) if f"{min(run)}–{max(run)}" in ex.solution_text("de")]
            assert len(listed) == ex.answer  # the solution lists the runs


def sequence_length(shown: list[int | None]) -> int:
    first, second, last = shown[0], shown[1], shown[-1]
    return (last - first) // (second - first) + 1


PLAIN = {"de": ("%", "/", "Wahrscheinlichkeit", "Häufigkeit", "Bruch"), "en": ("%", "/", "probability", "frequency")}


def test_lesson_4_grundschule_speaks_in_plain_words() -> None:
    """sicher / möglich / unmöglich and „wahrscheinlicher“: no fractions, per cent or frequency."""
    for ex in exercises(4, "grundschule")[:300]:
        assert len(ex.choices) == 3
        for lang in LANGUAGES:
            said = " ".join([ex.question_text(lang), ex.solution_text(lang), *ex.choice_texts(lang)])
            said += " ".join(text(key, lang) for key in ex.mistakes.values())
            assert not [word for word in PLAIN[lang] if word in said], said


@pytest.mark.parametrize("level", ["klasse56", "knobeln"])
def test_lesson_4_counts_cards_of_many_tasks(level: str) -> None:
    made = exercises(4, level)
    assert all(len(ex.cards) == 4 and ex.answer >= 1 for ex in made)
    assert len({ex.params["task"].task_id for ex in made}) >= 10
    assert len({ex.answer for ex in made}) >= 8
    for ex in made[:200]:
        count = ex.solution_params["count"]
        for lang in LANGUAGES:  # the counting shown: the helping cards, then the chance
            said = ex.solution_text(lang)
            assert f"{count}/76" in said and str(ex.solution_params["cards"].render(lang)) in said
            if level == "knobeln":
                assert f"≈ {ex.answer} %" in said
