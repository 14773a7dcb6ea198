"""The selection query against the brute-force reference, on thousands of random positions.

For every random position, hand card and selection (grown click by click, plus random
table subsets) in German and English:
- the goals, the ready moves and the joinable cards equal those of `reference_moves`;
- every arithmetic statement in a reason or the running sum is true ("a + b = c",
  "x ist mehr als y", "bis t fehlen noch k" with table cards that make k, "ergänzen s
  nicht zu t" with no table cards that make t − s, "Chip c hat …" with the right holder,
  "Quanto-Chips gibt es erst ab 5 / nur bis 12");
- every target a text names is one the selection can still reach.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from kartenspiele.core.errors import ScenarioError
from kartenspiele.quanto import from_scenario
from kartenspiele.quanto.cards import CHIPS, DECK
from kartenspiele.quanto.moves import (
    CAPTURE,
    FORM,
    JOKER_QUANTO,
    LAY,
    PASS,
    REFILL_HAND,
    REFILL_TABLE,
)

from .reference import reference_moves

NAMES = ("Anna", "Computer 1", "Computer 2")


def random_position(rng: random.Random):
    """A small random position: 0–8 table cards (jokers and rainbow cards among them),
    a hand of 1–3 cards, Quantos held by the player and by others."""
    players = rng.choice((2, 3))
    ids = rng.sample(range(len(DECK)), 24)
    face = [DECK[i].notation for i in ids]
    table_size = rng.randint(0, 8)
    table, rest = face[:table_size], face[table_size:]
    hand = [rest.pop() for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.3:
        hand.append("J")  # jokers are rare in a sample; make them common here
    if rng.random() < 0.2:
        hand.append(f"R{rng.randint(4, 12)}")
    quantos = {}
    chips = list(CHIPS)
    rng.shuffle(chips)
    for player in range(players):
        if rng.random() < 0.4:
            quantos[player] = (chips.pop(), rest.pop())
    scenario = {
        "players": players,
        "table": " ".join(table),
        "hands": [" ".join(hand)] + [""] * (players - 1),
        "quantos": quantos,
        "draw": " ".join(rest[:3]),
    }
    try:
        return from_scenario(scenario)
    except ScenarioError:  # a random hand may ask for a card the sample already holds
        scenario["hands"] = [" ".join(hand[:1])] + [""] * (players - 1)
        return from_scenario(scenario)


def target_of(move, state) -> int:
    if move.kind == CAPTURE:
        return move.declared if move.card.is_joker else move.card.value
    if move.kind == FORM:
        return move.chip
    if move.kind == JOKER_QUANTO:
        return state.chip_of[move.target]
    return state.chip_of[state.to_move]


def within(part: Counter, whole: Counter) -> bool:
    return all(whole[key] >= count for key, count in part.items())


def makes(values: list[int], amount: int) -> bool:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return amount > 0 and amount in sums


def check_claims(
    said: str, lang: str, targets: set[int], rest: list[int], state, capture_possible: bool, any_play: bool
) -> int:
    """Check every statement of one text; return how many were checked."""
    checked = 0
    for match in re.finditer(r"(\d+(?: \+ \d+)+) = (\d+)", said):
        assert sum(map(int, match.group(1).split(" + "))) == int(match.group(2)), said
        checked += 1
    more = r"(\d+) ist mehr als (\d+)" if lang == "de" else r"(\d+) is more than (\d+)"
    for match in re.finditer(more, said):
        big, target = map(int, match.groups())
        assert big > target and target in targets, said
        checked += 1
    gap = r"[Bb]is (\d+) fehl(?:t|en) noch (\d+)" if lang == "de" else r"(\d+) more (?:would make|to make) (\d+)"
    for match in re.finditer(gap, said):
        target, count = map(int, match.groups()) if lang == "de" else map(int, match.groups()[::-1])
        assert target in targets and makes(rest, count), said
        checked += 1
    complement = r"ergänzen (\d+) nicht zu (\d+)" if lang == "de" else r"cannot make (\d+) up to (\d+)"
    for match in re.finditer(complement, said):
        part, target = map(int, match.groups())
        assert target in targets and part < target and not makes(rest, target - part), said
        checked += 1
    held = r"Chip (\d+) hat ([^.]+)\." if lang == "de" else r"([^:]+) has chip (\d+)\."
    for match in re.finditer(held, said):
        chip, name = (match.group(1), match.group(2)) if lang == "de" else (match.group(2), match.group(1))
        holder = state.chip_of.index(int(chip))
        assert name.strip() == NAMES[holder] and holder != state.to_move, said
        checked += 1
    for match in re.finditer(r"= (\d+): Quanto[- ][Cc]hips", said):
        total = int(match.group(1))
        assert total < 5 if ("ab 5" in said or "start at 5" in said) else total > 12, said
        checked += 1
    partner = r"die (\d+) fehlt noch" if lang == "de" else r"the (\d+) is still missing"
    for match in re.finditer(partner, said):
        assert int(match.group(1)) in rest, said
        checked += 1
    if "auch nichts" in said or "cannot capture anything" in said:
        assert not capture_possible, said
        checked += 1
    if "keine Karte aus der Auslage" in said or "cannot take any card" in said:
        assert not any_play, said
        checked += 1
    labels = (
        r"Nehmen \((?:Joker als )?(\d+)\)|Quanto (\d+) (?:bilden|erweitern|einsammeln)"
        if lang == "de"
        else r"Capture \((?:joker as )?(\d+)\)|(?:Form|Extend|Collect) Quanto (\d+)"
    )
    for match in re.finditer(labels, said):
        target = int(match.group(1) or match.group(2))
        assert target in targets, said
        checked += 1
    return checked


def check_selection(state, card_id: int, picked: list[int], moves) -> tuple[int, int]:
    """Compare one selection with the reference; check its texts. (texts, statements)."""
    card = DECK[card_id]
    mine = [m for m in moves if m.card == card and m.kind not in (LAY, REFILL_HAND, REFILL_TABLE, PASS)]
    chosen = Counter(DECK[i] for i in picked)
    reaching = [m for m in mine if within(chosen, Counter(m.takes))]
    selection = state.selection(card_id, picked)
    assert {(g.kind, g.target) for g in selection.goals} == {(m.kind, target_of(m, state)) for m in reaching}
    assert set(selection.ready) == {m for m in reaching if Counter(m.takes) == chosen}
    for other in state.table:
        if other in picked:
            continue
        grown = chosen + Counter([DECK[other]])
        can = any(within(grown, Counter(m.takes)) for m in reaching)
        assert (other in selection.joinable) == can, (str(state), card, picked, other)
        assert (other in selection.reasons) != can
    targets = {target_of(m, state) for m in reaching}
    table_left = [DECK[i].value for i in state.table if i not in picked and not DECK[i].is_joker]
    capture_possible = any(m.kind == CAPTURE for m in reaching)
    texts = statements = 0
    for lang in ("de", "en"):
        said = selection.expression(lang, NAMES)
        statements += check_claims(said, lang, targets, table_left, state, capture_possible, bool(reaching))
        texts += 1
        for other, reason in selection.reasons.items():
            rest = list(table_left)
            if not DECK[other].is_joker:
                rest.remove(DECK[other].value)
            said = reason.text(lang, NAMES)
            assert said
            statements += check_claims(said, lang, targets, rest, state, capture_possible, bool(reaching))
            texts += 1
    return texts, statements


def run(positions: int, seed: int) -> tuple[int, int, int, int]:
    rng = random.Random(seed)
    selections = texts = statements = 0
    for _ in range(positions):
        state = random_position(rng)
        moves = reference_moves(state)
        for card_id in dict.fromkeys(state.playable()):
            picked: list[int] = []
            while True:  # grown click by click, as a person does
                told, claims = check_selection(state, card_id, picked, moves)
                selections, texts, statements = selections + 1, texts + told, statements + claims
                joinable = state.selection(card_id, picked).joinable
                if not joinable:
                    break
                picked.append(rng.choice(joinable))
            if state.table:  # and one random subset, reachable or not
                subset = rng.sample(state.table, rng.randint(1, len(state.table)))
                told, claims = check_selection(state, card_id, subset, moves)
                selections, texts, statements = selections + 1, texts + told, statements + claims
    return positions, selections, texts, statements


def test_selection_matches_the_reference_and_every_statement_is_true():
    positions, selections, texts, statements = run(500, seed=10)
    print(f"{positions} positions, {selections} selections, {texts} texts, {statements} statements")
    assert selections > 4_000 and statements > 25_000


@pytest.mark.slow
def test_selection_property_long():
    positions, selections, texts, statements = run(5_000, seed=11)
    print(f"{positions} positions, {selections} selections, {texts} texts, {statements} statements")
    assert selections > 40_000
