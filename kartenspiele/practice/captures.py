"""Lesson 1's practice (Quanto): captures and subset sums on a dealt table.

* Grundschule (Klasse 3–4): pick two or three table cards (values 1–10, all different, no
  rainbow card) that add up to a number up to 20 — the range the lesson states. The pupil taps
  the cards; any right pick is right.
* Klasse 5–6: a played card 1–12 takes several groups at once: the most table cards (1–5) it
  can take from six (a rainbow card revealed in the deal adds one more; rainbow cards count
  with their value).
* Knobeln: how many different groups of table cards (six to eight different values) make a
  number 8–20, groups of any size.

The target (or the played card) is chosen after the deal, so that the answers spread on
purpose. Grundschule: the wanted pick is drawn from all picks of the table, and the target is
its sum. Klasse 5–6 and Knobeln: the wanted answer is drawn for the exercise number alone
(evenly from `MOST_CARDS` and `KNOBELN_GROUPS`); a deal that cannot give it is passed over for
the next one, and the played card or target is then drawn from those that give it. The
answers come from the engine (`subsets_with_sum`, `capture_moves`, `count_subsets_with_sum`).
"""

from __future__ import annotations

from itertools import combinations
from random import Random

from ..arithmetic import count_subsets_with_sum, split_into_groups, subsets_with_sum
from ..core.rng import derive_rng
from ..quanto import new_game as new_quanto
from ..quanto.cards import DECK as QUANTO_DECK
from ..quanto.cards import VALUES as QUANTO_VALUES
from ..quanto.cards import Card as QuantoCard
from ..quanto.movegen import capture_moves
from .base import Exercise, only_wrong

TABLE_CARDS = 6
KNOBELN_TABLE_CARDS = 8
GRUNDSCHULE_CARDS = 5  # at least this many different values to pick from
GRUNDSCHULE_HIGHEST = 10  # the cards shown at Grundschule level: 1–10 …
GRUNDSCHULE_SUMS = 20  # … and the sums asked: up to 20
GRUNDSCHULE_DEAL = 12  # the table and the top of the pile, from which the first six cards 1–10 are shown
THREE_CARDS = 0.4  # the share of Grundschule exercises that ask for three cards
KNOBELN_TARGETS = range(8, 21)
KNOBELN_GROUPS = range(2, 8)  # how many groups a Knobeln answer may be
MOST_CARDS = range(1, 6)  # how many cards a Klasse 5–6 answer may be


def quanto_position(seed: int, size: int = TABLE_CARDS) -> tuple[list[QuantoCard], list[QuantoCard]]:
    """The table after dealing (filled up to `size` cards from the draw pile) and player 1's hand."""
    state = new_quanto(3, seed=seed)
    table = [QUANTO_DECK[card] for card in state.table]
    table += [QUANTO_DECK[card] for card in reversed(state.draw)][: max(0, size - len(table))]
    return table, [QUANTO_DECK[card] for card in state.hands[0]]


def make(level: str, number: int, seed: int) -> Exercise | None:
    rng = derive_rng(seed, "practice", "card")
    if level == "grundschule":  # the dealt cards 1–10, up to six of them (more from the pile)
        dealt, _ = quanto_position(seed, GRUNDSCHULE_DEAL)
        plain = [card for card in dealt if not card.is_joker and not card.rainbow]
        return _pick_cards(number, [card for card in plain if _value(card) <= GRUNDSCHULE_HIGHEST], rng)
    table, _ = quanto_position(seed, KNOBELN_TABLE_CARDS if level == "knobeln" else TABLE_CARDS)
    if any(card.is_joker for card in table):
        return None
    wanted = derive_rng(f"practice-1-{level}-answer", number)  # the same for every deal tried
    if level == "klasse56":
        return _most_cards(number, table, rng, wanted.choice(MOST_CARDS))
    return _count_groups(number, table, rng, wanted.choice(KNOBELN_GROUPS))


def _pick_cards(number: int, table: list[QuantoCard], rng: Random) -> Exercise | None:
    """Pick two (or three) of the first six different values dealt that add up to the target;
    the target is the sum of a pick drawn from all picks up to 20, so both the target and the
    right cards vary."""
    values = sorted(list(dict.fromkeys(_value(card) for card in table if not card.rainbow))[:TABLE_CARDS])
    if len(values) < GRUNDSCHULE_CARDS:
        return None
    size = 3 if rng.random() < THREE_CARDS else 2
    small = [pick for pick in combinations(values, size) if sum(pick) <= GRUNDSCHULE_SUMS]
    if not small:
        return None
    wanted = rng.choice(small)
    target = sum(wanted)
    picks = tuple(group for group in subsets_with_sum(values, target) if len(group) == size)
    shown = "; ".join(" + ".join(str(values[i]) for i in group) + f" = {target}" for group in picks)
    return Exercise(
        1,
        "grundschule",
        number,
        "practice.q.pick_two" if size == 2 else "practice.q.pick_three",
        {"target": target},
        tuple(map(str, values)),
        len(picks),
        "practice.s.pick",
        {"count": len(picks), "picks": shown},
        pick=size,
        picks=picks,
    )


def _most_cards(number: int, table: list[QuantoCard], rng: Random, most: int) -> Exercise | None:
    """The most cards a played card takes: `most`, for a played card drawn from those that take
    that many from this table (None if none does)."""
    fitting: list[tuple[int, list[QuantoCard]]] = []
    for value in QUANTO_VALUES:
        moves = capture_moves(table, QuantoCard(value))
        if moves:
            largest = max((move.takes for move in moves), key=len)
            if len(largest) == most:
                fitting.append((value, list(largest)))
    if not fitting:
        return None
    value, takes = rng.choice(fitting)
    card = QuantoCard(value)
    single = max(len(group) for group in subsets_with_sum([_value(c) for c in table], value))
    split = split_into_groups([_value(c) for c in takes], value) or [[_value(c) for c in takes]]
    return Exercise(
        1,
        "klasse56",
        number,
        "practice.q.most",
        {"card": str(card)},
        tuple(str(c) for c in table),
        most,
        "practice.s.most",
        {"count": most, "takes": ", ".join(" + ".join(map(str, group)) for group in split), "card": str(card)},
        only_wrong(
            {
                most + 1: "practice.m.counted_played",
                single: "practice.m.one_group",
                len(split): "practice.m.counted_groups",
            },
            most,
        ),
    )


def _count_groups(number: int, table: list[QuantoCard], rng: Random, count: int) -> Exercise | None:
    """How many groups make the target: `count`, for a target 8–20 drawn from those that this
    many groups of the table make (None if none)."""
    values = sorted({_value(card) for card in table})
    if len(values) < 6:
        return None
    targets = [target for target in KNOBELN_TARGETS if count_subsets_with_sum(values, target) == count]
    if not targets:
        return None
    target = rng.choice(targets)
    groups = list(subsets_with_sum(values, target))
    by_size = [len(group) for group in groups]
    return Exercise(
        1,
        "knobeln",
        number,
        "practice.q.groups",
        {"target": target},
        tuple(map(str, values)),
        count,
        "practice.s.groups",
        {
            "count": count,
            "groups": "; ".join(" + ".join(str(values[i]) for i in group) for group in groups),
            "target": target,
        },
        only_wrong(
            {
                **({by_size.count(2): "practice.m.only_pairs"} if 2 in by_size else {}),
                sum(1 for size in by_size if size <= 3): "practice.m.big_groups",
            },
            count,
        ),
    )


def _value(card: QuantoCard) -> int:
    """A plain or rainbow card's value (jokers are left out before this is asked)."""
    return card.value or 0
