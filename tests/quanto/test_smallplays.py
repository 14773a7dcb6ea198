"""The plays of small tables (`smallplays`) are those of the general listing (`TableKinds`),
code for code and in the same order, for every kind of play, target and bound."""

from __future__ import annotations

import random

import pytest

from kartenspiele.quanto.cards import DECK
from kartenspiele.quanto.movegen import clear_memos
from kartenspiele.quanto.moves import CAPTURE, COLLECT, EXTEND, FORM
from kartenspiele.quanto.tablecode import TableCode, TableKinds


def random_tables(count: int, seed: int) -> list[list[int]]:
    """Tables of 0–11 cards of the whole deck (rainbow cards and jokers included), many of
    them with equal cards."""
    rng = random.Random(seed)
    tables = []
    for _ in range(count):
        size = rng.randrange(12)
        pool = rng.sample(range(len(DECK)), 40) if rng.random() < 0.5 else list(range(len(DECK)))
        low = [i for i in pool if DECK[i].value is not None and DECK[i].value <= 6 or DECK[i].value is None]
        tables.append(rng.sample(low if rng.random() < 0.4 else pool, size))
    return tables


@pytest.mark.parametrize("limit", [256, 16, None])
def test_small_tables_list_the_plays_of_the_general_listing(limit):
    clear_memos()
    small = general = 0
    for table in random_tables(150, seed=limit or 0):
        code = TableCode(table, limit)
        kinds = TableKinds.of_ids(table, limit)
        for target in range(1, 13):
            asked = [(CAPTURE, target, 0), (COLLECT, target, 0)]
            asked += [(FORM, target, value) for value in range(1, target) if code.has_value(target - value)]
            asked += [(EXTEND, target, value) for value in range(1, target)]
            for kind, chip, value in asked:
                made = code.small.codes(kind, chip, value, limit)
                if made is None:
                    general += 1
                    continue
                small += 1
                assert list(made) == list(kinds.codes(kind, chip, value)), (table, kind, chip, value)
            for kind in (CAPTURE, COLLECT):
                bonus = code.small.bonus_codes(kind, target, limit)
                if bonus is not None:
                    assert bonus == kinds.bonus_codes(kind, target), (table, kind, target)
    assert small > 1000  # the small path is taken …
    if limit is not None:
        assert general > 10  # … and the general one where a list could be cut


def test_listing_through_small_tables_equals_the_general_listing():
    """Whole listings: a table code (small tables first) and a table by kind agree."""
    rng = random.Random(7)
    for table in random_tables(60, seed=11):
        hand_values = rng.sample(range(1, 13), 3)
        code = TableCode(table, 256)
        kinds = TableKinds.of_ids(table, 256)
        for value in hand_values:
            for chip in range(value + 1, 13):
                assert list(code.codes(EXTEND, chip, value)) == list(kinds.codes(EXTEND, chip, value))


def test_the_listing_skips_only_plays_that_cannot_exist():
    """`TableCode.codes` answers an extension without a partner group, and a capture
    without any group on a table without jokers, at once: its answers are still those of
    the general listing; `has_group` agrees with trying every choice of cards."""
    from itertools import combinations

    clear_memos()
    skipped = 0
    for table in random_tables(200, seed=21):
        code = TableCode(table, 256)
        kinds = TableKinds.of_ids(table, 256)
        plain = [DECK[i].value for i in table if DECK[i].value is not None]
        for target in range(1, 13):
            exists = any(sum(c) == target for n in range(1, len(plain) + 1) for c in combinations(plain, n))
            assert code.has_group(target) == exists, (table, target)
            for value in range(1, target):
                skipped += not code.has_group(target - value)
                assert list(code.codes(EXTEND, target, value)) == list(kinds.codes(EXTEND, target, value))
            assert list(code.codes(CAPTURE, target)) == list(kinds.codes(CAPTURE, target))
    assert skipped > 500  # the shortcut is taken
