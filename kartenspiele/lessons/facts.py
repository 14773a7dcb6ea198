"""Every number a lesson's text states, computed from the engine.

A `Fact` holds a value and the words in which the lesson states it, in German and in English
("4 Gruppen" / "4 groups"): in its Markdown, or, for an answer that pupils see only once it is
revealed (`lessons.reveal`), in the i18n text `revealed` shown with the answer. The tests check
both: that the value is what the engine says, and that the text contains the words (and that a
revealed answer's words are not in the Markdown) — so text and engine cannot drift apart.
`FACTS` maps each lesson notebook to its facts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb

from ..arithmetic import count_subsets_with_sum
from ..quanto import parse_cards
from ..tausch_rausch import task_by_id
from ..tausch_rausch.difficulty import percent
from . import chance, chance_numbers, parity, sequences, subsets, tree
from .parity_numbers import HIGH_TASK, LOW_TASK, points_missing, value_combinations
from .subsets_numbers import captures, largest_capture, values_of

GROUPS, CAPTURES, LARGEST = "lessons.answer.groups", "lessons.answer.captures", "lessons.answer.largest"
ODD_SUMS, ARITHMETIC = "lessons.answer.odd_sums", "lessons.answer.arithmetic"


@dataclass(frozen=True)
class Fact:
    """A number of a lesson and how its text says it."""

    name: str
    value: object
    de: str
    en: str
    revealed: str = ""
    """The i18n key of the revealed answer that states it ("" for the Markdown)."""


def number(value: int, lang: str) -> str:
    """A whole number as schoolbooks write it: "2000", "24.040.016" / "24,040,016"."""
    shown = f"{value:,}" if abs(value) >= 10_000 else str(value)
    return shown.replace(",", ".") if lang == "de" else shown


def teilsummen() -> list[Fact]:
    values = values_of(parse_cards(subsets.LESSON_TABLE))
    target = int(subsets.LESSON_CARD)
    card = parse_cards(subsets.LESSON_CARD)[0]
    table = parse_cards(subsets.LESSON_TABLE)
    ways = count_subsets_with_sum(values, target)
    moves = captures(table, card)
    largest = largest_capture(table, card)
    taken = len(largest.takes) if largest else 0
    nodes = tree.search(values, target)
    one_to_eight = subsets.coefficient(list(range(1, 9)), 8)
    powers = values_of(parse_cards(subsets.POWERS_OF_TWO))
    once = all(count_subsets_with_sum(powers, v) == 1 for v in range(1, sum(powers) + 1))
    return [
        Fact("ways", ways, f"{ways} Gruppen", f"{ways} groups", GROUPS),
        Fact("captures", len(moves), f"{len(moves)} erlaubten Züge", f"{len(moves)} legal captures", CAPTURES),
        Fact("largest", taken, f"{taken} Karten der Auslage", f"{taken} table cards", LARGEST),
        Fact(
            "win_pile",
            taken + 1,
            f"{taken + 1} Karten auf deinen Gewinnstapel",
            f"{taken + 1} cards go onto your win pile",
            LARGEST,
        ),
        Fact("tree_steps", len(nodes), f"{len(nodes)} Schritten", f"{len(nodes)} steps"),
        Fact("choices", 2 ** len(values), f"= {2 ** len(values)}$ Auswahlen", f"= {2 ** len(values)}$ choices"),
        Fact(
            "predicted",
            subsets.TREE_PREDICTIONS,
            f"ersten {subsets.TREE_PREDICTIONS} Schritten",
            f"first {subsets.TREE_PREDICTIONS} steps",
        ),
        Fact("stops", subsets.WATCH_STOPS, "An zwei Stellen", "At two points"),
        Fact("one_to_eight", one_to_eight, f"auf {one_to_eight} Arten", f"in {one_to_eight} ways"),
        Fact("powers_of_two", once, "1, 2, 4 und 8", "1, 2, 4 and 8"),
    ]


def gerade_ungerade() -> list[Fact]:
    even_cards = chance.EVEN_CARDS
    five_odd = value_combinations(task_by_id("five-odd"))
    five_even = value_combinations(task_by_id("five-even"))
    high = value_combinations(task_by_id(HIGH_TASK))
    low = value_combinations(task_by_id(LOW_TASK))
    odd_sums = sorted({sum(values) for values in five_odd})
    even_sums = sorted({sum(values) for values in five_even})
    return [
        Fact("even_cards", even_cards, f"{even_cards} gerade Karten", f"{even_cards} even cards"),
        Fact(
            "odd_sums",
            (odd_sums[0], odd_sums[-1]),
            f"zwischen {odd_sums[0]} und {odd_sums[-1]}",
            f"between {odd_sums[0]} and {odd_sums[-1]}",
            ODD_SUMS,
        ),
        Fact("odd_sums_all_odd", all(s % 2 for s in odd_sums), "immer ungerade", "always odd", ODD_SUMS),
        Fact(
            "even_sums",
            (even_sums[0], even_sums[-1]),
            f"zwischen {even_sums[0]} und {even_sums[-1]}",
            f"between {even_sums[0]} and {even_sums[-1]}",
            ODD_SUMS,
        ),
        Fact(
            "high_combinations",
            len(high),
            f"genau {len(high)} Zahlenkombinationen",
            f"exactly {len(high)} combinations of values",
            "lessons.answer.high",
        ),
        Fact(
            "low_combinations",
            len(low),
            f"genau {len(low)} Zahlenkombinationen",
            f"exactly {len(low)} combinations of values",
            "lessons.answer.low",
        ),
        Fact(
            "at_least_36",
            len(value_combinations(parity.CombinationCountProblem(36).task())),
            f"{len(value_combinations(parity.CombinationCountProblem(36).task()))} Kombinationen",
            f"{len(value_combinations(parity.CombinationCountProblem(36).task()))} combinations",
        ),
        Fact(
            "at_least_35",
            len(value_combinations(parity.CombinationCountProblem(35).task())),
            f"{len(value_combinations(parity.CombinationCountProblem(35).task()))} Kombinationen",
            f"{len(value_combinations(parity.CombinationCountProblem(35).task()))} combinations",
        ),
        Fact(
            "points_missing",
            max(points_missing(v, 10) for v in high),
            f"höchstens {max(points_missing(v, 10) for v in high)} Fehlpunkte",
            f"at most {max(points_missing(v, 10) for v in high)} points missing",
        ),
    ]


def folgen() -> list[Fact]:
    runs5, runs4 = len(sequences.runs(5)), len(sequences.runs(4))
    pairs2, pairs3 = len(sequences.adjacent_pairs(2)), len(sequences.adjacent_pairs(3))
    arith5, arith3 = len(sequences.arithmetic_sequences(5)), len(sequences.arithmetic_sequences(3))
    return [
        Fact("runs_of_5", runs5, f"{runs5} Straßen mit 5 Karten", f"{runs5} runs of 5 cards"),
        Fact("runs_of_4", runs4, f"{runs4} Straßen mit 4 Karten", f"{runs4} runs of 4 cards"),
        Fact(
            "two_adjacent_pairs",
            pairs2,
            f"{pairs2} Möglichkeiten für zwei benachbarte Paare",
            f"{pairs2} possibilities for two adjacent pairs",
        ),
        Fact("three_adjacent_pairs", pairs3, f"{pairs3} für drei", f"{pairs3} for three"),
        Fact(
            "run_sum",
            sum(range(4, 9)),
            f"(4 + 8) · 5 : 2 = {sum(range(4, 9))}",
            f"(4 + 8) · 5 : 2 = {sum(range(4, 9))}",
        ),
        Fact("gauss_20", sum(range(1, 21)), f"· 20 : 2 = {sum(range(1, 21))}", f"· 20 : 2 = {sum(range(1, 21))}"),
        Fact("gauss_100", sum(range(1, 101)), f"= {sum(range(1, 101))}", f"= {sum(range(1, 101))}"),
        Fact("arithmetic_5", arith5, f"{arith5} Folgen mit 5 Zahlen", f"{arith5} sequences of 5 numbers", ARITHMETIC),
        Fact("arithmetic_3", arith3, f"{arith3} Folgen mit 3 Zahlen", f"{arith3} sequences of 3 numbers"),
        Fact("steps_5", steps(5), _steps_text(steps(5), "de"), _steps_text(steps(5), "en"), ARITHMETIC),
        Fact("steps_3", steps(3), _steps_text(steps(3), "de"), _steps_text(steps(3), "en")),
    ]


def steps(length: int) -> dict[int, int]:
    """How many arithmetic sequences of `length` numbers in 1–10 have each step."""
    found: dict[int, int] = {}
    for sequence in sequences.arithmetic_sequences(length):
        found[sequence[1] - sequence[0]] = found.get(sequence[1] - sequence[0], 0) + 1
    return found


def _steps_text(counts: dict[int, int], lang: str) -> str:
    """ "8 mit Abstand 1, 6 mit Abstand 2, … und 2 mit Abstand 4"."""
    word, last = ("mit Abstand", "und") if lang == "de" else ("with step", "and")
    parts = [f"{count} {word} {step}" for step, count in counts.items()]
    return ", ".join(parts[:-1]) + f"{',' if lang == 'en' and len(parts) > 2 else ''} {last} {parts[-1]}"


def zufall() -> list[Fact]:
    all_hands = int(chance.hands(5))
    even_hands = int(chance.all_even_hands(5))
    chance_5 = chance.five_even_chance(5)
    five_even_7 = chance.five_even_chance(7)
    games = chance.FIGURE_HANDS
    hits = sum(chance_numbers.simulate("five-even", games))
    band_100 = chance_numbers.spread(chance_5, 100)
    band_many = chance_numbers.spread(chance_5, games)
    high_4 = Fraction(chance.value_combination_hands(task_by_id(HIGH_TASK)), chance.hands(4))
    tens, nines = comb(chance.PER_VALUE, 4), chance.PER_VALUE * comb(chance.PER_VALUE, 3)
    many, primary = "lessons.answer.many", "lessons.answer.many.grundschule"
    return [
        Fact("hands_5", all_hands, number(all_hands, "de"), number(all_hands, "en")),
        Fact("eight_times", five_even_7 / chance_5, "fast achtmal", "almost eight times"),
        Fact("four_tens", int(tens), f"= {tens}$", f"= {tens}$"),
        Fact("nine_and_tens", int(nines), f"= {nines}$", f"= {nines}$"),
        Fact("even_hands_5", even_hands, number(even_hands, "de"), number(even_hands, "en")),
        Fact("five_even_7", five_even_7, percent(five_even_7, "de"), percent(five_even_7, "en")),
        Fact("simulated", hits, f"{hits} von {number(games, 'de')}", f"{hits} of {number(games, 'en')}", many),
        Fact(
            "simulated_counted",
            hits,
            f"{number(games, 'de')} Hände ausgeteilt: {hits}-mal",
            f"{number(games, 'en')} hands: {hits} times",
            primary,
        ),
        Fact(
            "per_hundred",
            round(100 * hits / games),
            f"ungefähr {round(100 * hits / games)} von 100",
            f"about {round(100 * hits / games)} of 100",
            primary,
        ),
        Fact(
            "band_100",
            band_100,
            f"±{band_100:.1f} Prozentpunkte".replace(".", ","),
            f"±{band_100:.1f} percentage points",
            many,
        ),
        Fact(
            "band_many",
            band_many,
            f"±{band_many:.1f} Prozentpunkte".replace(".", ","),
            f"±{band_many:.1f} percentage points",
            many,
        ),
        Fact("high_4", high_4, percent(high_4, "de"), percent(high_4, "en")),
    ]


def five_even_5() -> Fact:
    """The chance of five even cards in a hand of 5: lesson 4 states it only in an answer (its
    experiment and its outlook show it once the 1000 hands are revealed); the guide quotes it."""
    chance_5 = chance.five_even_chance(5)
    return Fact("five_even_5", chance_5, percent(chance_5, "de"), percent(chance_5, "en"))


def handreichung() -> list[Fact]:
    """The guide quotes two numbers of the lessons as examples (in its own text)."""
    quoted = [next(f for f in teilsummen() if f.name == "ways"), five_even_5()]
    return [replace(fact, revealed="") for fact in quoted]


FACTS: dict[str, Callable[[], list[Fact]]] = {
    "01_teilsummen.ipynb": teilsummen,
    "02_gerade_ungerade.ipynb": gerade_ungerade,
    "03_folgen.ipynb": folgen,
    "04_zufall.ipynb": zufall,
    "handreichung.ipynb": handreichung,
}
