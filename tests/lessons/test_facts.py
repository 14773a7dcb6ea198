"""Every number a lesson states is what the engine says, and the text states it in both languages.

The values are checked twice: against the number written here, and (where it can be done in a
few lines) against an independent brute-force count.
"""

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

import pytest

from kartenspiele.i18n import text
from kartenspiele.lessons import facts
from kartenspiele.tausch_rausch import DECK, can_fulfil, new_game, probability, task_by_id

from .helpers import markdown

TABLE = [1, 2, 3, 5, 6, 7]


def values(name):
    return {fact.name: fact.value for fact in facts.FACTS[name]()}


@pytest.mark.parametrize("name", sorted(facts.FACTS))
def test_the_text_states_every_fact_in_german_and_in_english(name):
    german, english = markdown(name)
    for fact in facts.FACTS[name]():
        said_de, said_en = (
            (text(fact.revealed, "de"), text(fact.revealed, "en")) if fact.revealed else (german, english)
        )
        assert fact.de in said_de, (fact.name, fact.de)
        assert fact.en in said_en, (fact.name, fact.en)


@pytest.mark.parametrize("name", sorted(set(facts.FACTS) - {"handreichung.ipynb"}))
def test_a_revealed_answer_is_not_stated_on_the_pupils_page_before(name):
    """The words of an answer shown on the teacher's word stand in no Markdown of the lesson."""
    german, english = markdown(name, teacher=False)
    revealed = [fact for fact in facts.FACTS[name]() if fact.revealed]
    assert revealed or name == "04_zufall.ipynb"
    for fact in revealed:
        assert fact.de not in german and fact.en not in english, fact.name


def groups_by_brute_force(numbers, target):
    return [
        c
        for size in range(1, len(numbers) + 1)
        for c in combinations(range(len(numbers)), size)
        if sum(numbers[i] for i in c) == target
    ]


def splits_into_groups(numbers, target):
    """Whether the multiset splits into groups that each sum to target (brute force)."""
    if not numbers:
        return True
    first, rest = numbers[0], numbers[1:]
    for size in range(len(rest) + 1):
        for partners in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in partners) == target:
                left = [v for i, v in enumerate(rest) if i not in partners]
                if splits_into_groups(left, target):
                    return True
    return False


def test_teilsummen():
    found = values("01_teilsummen.ipynb")
    assert found["ways"] == len(groups_by_brute_force(TABLE, 8)) == 4
    captures = {
        tuple(sorted(TABLE[i] for i in c))
        for size in range(1, 7)
        for c in combinations(range(6), size)
        if splits_into_groups([TABLE[i] for i in c], 8)
    }
    assert found["captures"] == len(captures) == 8
    assert found["largest"] == max(map(len, captures)) == 6
    assert found["win_pile"] == 7
    assert found["tree_steps"] == 28 and found["choices"] == 2**6 == 64
    assert found["predicted"] == 6 and found["stops"] == 2  # the predicted tree steps and game stops
    assert found["one_to_eight"] == len(groups_by_brute_force(list(range(1, 9)), 8)) == 6
    assert found["powers_of_two"] is True
    assert all(len(groups_by_brute_force([1, 2, 4, 8], v)) == 1 for v in range(1, 16))


def test_gerade_ungerade():
    found = values("02_gerade_ungerade.ipynb")
    assert found["even_cards"] == sum(1 for card in DECK if card.value % 2 == 0) == 40
    odd = [sum(c) for c in combinations_with_replacement([1, 3, 5, 7, 9], 5)]
    even = [sum(c) for c in combinations_with_replacement([2, 4, 6, 8, 10], 5)]
    assert found["odd_sums"] == (min(odd), max(odd)) == (5, 45)
    assert found["odd_sums_all_odd"] is True and all(total % 2 for total in odd)
    assert found["even_sums"] == (min(even), max(even)) == (10, 50)
    four = list(combinations_with_replacement(range(1, 11), 4))
    assert found["high_combinations"] == sum(1 for c in four if sum(c) >= 37) == 7
    assert found["low_combinations"] == sum(1 for c in four if sum(c) <= 7) == 7
    assert found["at_least_36"] == sum(1 for c in four if sum(c) >= 36) == 12
    assert found["at_least_35"] == sum(1 for c in four if sum(c) >= 35) == 18
    assert found["points_missing"] == 40 - 37 == 3


def test_folgen():
    found = values("03_folgen.ipynb")

    def arithmetic(length):
        return [c for c in combinations(range(1, 11), length) if len({b - a for a, b in zip(c, c[1:])}) == 1]

    assert found["runs_of_5"] == sum(1 for c in arithmetic(5) if c[1] - c[0] == 1) == 6
    assert found["runs_of_4"] == sum(1 for c in arithmetic(4) if c[1] - c[0] == 1) == 7
    assert found["two_adjacent_pairs"] == 9 and found["three_adjacent_pairs"] == 8
    assert found["run_sum"] == 4 + 5 + 6 + 7 + 8 == 30
    assert found["gauss_20"] == sum(range(1, 21)) == 210 and found["gauss_100"] == 5050
    assert found["arithmetic_5"] == len(arithmetic(5)) == 8
    assert found["arithmetic_3"] == len(arithmetic(3)) == 20
    assert found["steps_5"] == dict(Counter(c[1] - c[0] for c in arithmetic(5))) == {1: 6, 2: 2}
    assert found["steps_3"] == dict(Counter(c[1] - c[0] for c in arithmetic(3))) == {1: 8, 2: 6, 3: 4, 4: 2}


def test_zufall():
    found = values("04_zufall.ipynb")
    five_even = task_by_id("five-even")
    assert found["hands_5"] == math.comb(80, 5) == 24_040_016
    assert found["even_hands_5"] == math.comb(40, 5) == 658_008
    five_5 = facts.five_even_5().value
    assert five_5 == Fraction(math.comb(40, 5), math.comb(80, 5)) == probability(five_even, 5) == Fraction(333, 12166)
    assert found["eight_times"] == found["five_even_7"] / five_5
    seven = Fraction(sum(math.comb(40, k) * math.comb(40, 7 - k) for k in range(5, 8)), math.comb(80, 7))
    assert found["five_even_7"] == seven == probability(five_even, 7)
    assert 7.5 < found["eight_times"] < 8
    assert found["four_tens"] == math.comb(8, 4) == 70 and found["nine_and_tens"] == 8 * math.comb(8, 3) == 448
    high = [c for c in combinations_with_replacement(range(1, 11), 4) if sum(c) >= 37]
    hands = sum(math.prod(math.comb(8, n) for n in Counter(c).values()) for c in high)
    assert found["high_4"] == Fraction(hands, math.comb(80, 4)) == probability(task_by_id("four-sum-at-least-37"), 4)
    hits = sum(can_fulfil(five_even, new_game(2, seed=seed).hand_cards(0)) for seed in range(4000, 5000))
    assert found["simulated"] == found["simulated_counted"] == hits == 28
    assert found["per_hundred"] == round(100 * hits / 1000) == 3
    p = 333 / 12166  # twice the standard deviation of the share, in percentage points
    assert found["band_100"] == pytest.approx(200 * math.sqrt(p * (1 - p) / 100)) and 3.25 < found["band_100"] < 3.35
    assert found["band_many"] == pytest.approx(200 * math.sqrt(p * (1 - p) / 1000)) and 0.95 < found["band_many"] < 1.05


def test_the_guide_quotes_the_lessons():
    guide = {fact.name: fact for fact in facts.FACTS["handreichung.ipynb"]()}
    assert guide["ways"].value == 4 and guide["five_even_5"].value == Fraction(333, 12166)
