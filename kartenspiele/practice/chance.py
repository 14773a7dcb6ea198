"""Lesson 4's practice: chance with Tausch-Rausch, from seeded live positions.

* Grundschule (KMK 2022, Leitidee "Daten und Zufall"): a card drawn blind
  from the market's ten cards is *sicher*, *möglich* or *unmöglich* of a kind; which of two
  kinds is *wahrscheinlicher*; and whether a Tausch-Rausch task can be fulfilled after drawing
  one card from the pile.
* Klasse 5–6: how many of the cards in the pile would complete a task (the favourable cases).
* Knobeln: that chance in per cent, rounded.

The engine decides every task (`can_fulfil` on the hand with each card the pile can give);
the market's cards come from a real deal. Answers to choice questions are the index of the
right choice. Each exercise first picks the answer it wants from its number (uniformly among
the three verdicts, or among `HELPING_ANSWERS`) and keeps it while it deals again until the
deal has a question with that answer, so no answer is much more common than another.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from ..core.rng import derive_rng
from ..i18n import text
from ..tausch_rausch import DECK, Card, can_fulfil, missing, new_game, task_by_id
from ..tausch_rausch.cards import COLOURS, COPIES, VALUES
from .base import Exercise, only_wrong
from .phrases import Phrase, TaskTitle

HAND = 4
PILE = len(DECK) - HAND
TASKS = (
    "three-of-a-kind",
    "pair-one-colour",
    "run-of-5",
    "five-even",
    "five-odd",
    "two-one-colour-sum-9",
    "four-sum-at-most-7",
    "two-adjacent-pairs",
)
# The counts of helping cards asked for at Klasse 5–6 and Knobeln, each with the tasks of the
# default deck that give it in at least 3 % of dealt hands (one card short, exactly that many
# helping cards); a count with rarer tasks only would need too many deals.
HELPING_ANSWERS: dict[int, tuple[str, ...]] = {
    1: ("pair-red",),
    2: (
        "pair-red",
        "three-blue-sum-15",
        "two-green-sum-9",
        "two-red-sum-at-most-5",
        "two-blue-sum-at-least-17",
        "three-red-run",
        "run-of-4-one-colour",
    ),
    3: ("pair-red",),
    4: (
        "pair-one-colour",
        "three-red-run",
        "two-blue-sum-at-least-17",
        "two-green-sum-9",
        "two-one-colour-sum-9",
        "two-red-sum-at-most-5",
    ),
    5: ("four-of-a-kind", "two-blue-sum-at-least-17", "two-red-sum-at-most-5"),
    6: ("three-of-a-kind", "two-one-colour-sum-9"),
    7: ("two-adjacent-pairs", "full-house", "four-sum-at-most-7", "two-red-sum-at-most-5"),
    8: ("run-of-5", "three-green-even", "three-yellow-odd", "two-one-colour-sum-9"),
    12: ("full-house", "three-of-a-kind"),
    36: ("five-even", "five-odd"),
}
SURE, POSSIBLE, IMPOSSIBLE = 0, 1, 2
VERDICTS = ("practice.c.sure", "practice.c.possible", "practice.c.impossible")
FIRST, SECOND, SAME = 0, 1, 2


@dataclass(frozen=True)
class Event:
    """A kind of card ("eine gerade Karte"): an i18n key, its fields and the test."""

    key: str
    params: dict[str, object]
    test: Callable[[Card], bool]

    def count(self, cards: list[Card]) -> int:
        return sum(1 for card in cards if self.test(card))

    def phrase(self) -> Phrase:
        return Phrase(self.key, tuple(self.params.items()))


def events() -> list[Event]:
    """Every kind of card the primary-school questions ask about."""
    found = [
        Event("practice.c.e.even", {}, lambda card: card.value % 2 == 0),
        Event("practice.c.e.odd", {}, lambda card: card.value % 2 == 1),
    ]
    found += [
        Event(
            "practice.c.e.colour",
            {"colour": Phrase(f"tausch_rausch.colour.{colour}.adjective")},
            lambda card, colour=colour: card.colour == colour,
        )
        for colour in COLOURS
    ]
    found += [Event("practice.c.e.above", {"n": n}, lambda card, n=n: card.value > n) for n in range(3, 10)]
    found += [Event("practice.c.e.below", {"n": n}, lambda card, n=n: card.value < n) for n in range(2, 9)]
    found += [Event("practice.c.e.value", {"n": n}, lambda card, n=n: card.value == n) for n in VALUES]
    return found


def verdict(favourable: int, possible: int) -> int:
    """sicher (all), unmöglich (none) or möglich (some)."""
    return SURE if favourable == possible else IMPOSSIBLE if favourable == 0 else POSSIBLE


def market_cards(seed: int) -> list[Card]:
    """The ten cards at the market stalls of a freshly dealt game, sorted."""
    state = new_game(3, seed=seed)
    return sorted((DECK[i] for stall in state.stalls for i in stall), key=lambda c: c.sort_key())


def dealt_hand(seed: int) -> list[Card]:
    """The first four cards of player 1's hand in a freshly dealt game, sorted."""
    state = new_game(3, seed=seed)
    return sorted(state.hand_cards(0)[:HAND], key=lambda c: c.sort_key())


def pile_kinds(hand: list[Card]) -> Counter[Card]:
    """Each card face the pile still holds (all cards but the hand), with how many copies."""
    left: Counter[Card] = Counter({Card(colour, value): COPIES for colour in COLOURS for value in VALUES})
    left.subtract(Counter(hand))
    return +left


def helping(task_id: str, hand: list[Card]) -> Counter[Card]:
    """The pile's cards (with copies) after which the hand can fulfil the task (the engine asks)."""
    task = task_by_id(task_id)
    return Counter({card: copies for card, copies in pile_kinds(hand).items() if can_fulfil(task, [*hand, card])})


def chance_percent(favourable: int, possible: int = PILE) -> int:
    """favourable / possible in per cent, rounded half up."""
    return floor(Fraction(100 * favourable, possible) + Fraction(1, 2))


@dataclass(frozen=True)
class HelpingCards:
    """The helping cards in a solution: "8 Karten mit der 5" for a value whose every colour
    helps, else "2× grün 4" per card (rendered in the language shown)."""

    cards: tuple[tuple[Card, int], ...]

    def render(self, lang: str) -> str:
        parts = []
        for value in sorted({card.value for card, _ in self.cards}):
            same = [(card, copies) for card, copies in self.cards if card.value == value]
            if len(same) == len(COLOURS):
                count = sum(copies for _, copies in same)
                parts.append(text("practice.c.cards.value", lang, count=count, value=value))
                continue
            for card, copies in sorted(same, key=lambda item: item[0].sort_key()):
                colour = text(f"tausch_rausch.colour.{card.colour}", lang)
                name = text("tausch_rausch.card", lang, colour=colour, value=card.value)
                parts.append(text("practice.c.cards.card", lang, count=copies, card=name))
        return ", ".join(parts)


def card_list(cards: Counter[Card]) -> HelpingCards:
    return HelpingCards(tuple(sorted(cards.items(), key=lambda item: item[0].sort_key())))


# -- the exercises ---------------------------------------------------------------------------


def make(level: str, number: int, seed: int) -> Exercise | None:
    """Exercise `number` of lesson 4 at `level` from the deal `seed` (None: the deal does not fit)."""
    rng = derive_rng(seed, "practice", "chance")
    if level == "grundschule":
        target = derive_rng("practice-chance-answer", number).randrange(3)  # kept over re-deals: balanced
        kind = number % 3
        if kind == 0:
            return _sure_possible_impossible(number, seed, rng, target)
        if kind == 1:
            return _task_after_drawing(number, seed, rng, target)
        return _more_likely(number, seed, rng, target)
    return _helping_cards(level, number, seed, rng)


def _sure_possible_impossible(number: int, seed: int, rng, target: int) -> Exercise | None:
    cards = market_cards(seed)
    fitting = [event for event in events() if verdict(event.count(cards), len(cards)) == target]
    if not fitting:
        return None
    event = rng.choice(fitting)
    favourable = event.count(cards)
    return Exercise(
        4,
        "grundschule",
        number,
        "practice.q.c.verdict",
        {"event": event.phrase(), "total": len(cards)},
        tuple(map(str, cards)),
        target,
        "practice.s.c.verdict" if favourable else "practice.s.c.verdict.none",
        {"event": event.phrase(), "count": favourable, "total": len(cards), "verdict": Phrase(VERDICTS[target])},
        _verdict_mistakes(target),
        tuple(Phrase(key) for key in VERDICTS),
    )


def _verdict_mistakes(target: int) -> dict[int, str]:
    if target == SURE:
        return {POSSIBLE: "practice.m.c.sure_not_possible", IMPOSSIBLE: "practice.m.c.look_again"}
    if target == IMPOSSIBLE:
        return {POSSIBLE: "practice.m.c.none_there", SURE: "practice.m.c.look_again"}
    return {SURE: "practice.m.c.not_all", IMPOSSIBLE: "practice.m.c.some_there"}


def _task_after_drawing(number: int, seed: int, rng, target: int) -> Exercise | None:
    hand = dealt_hand(seed)
    order = list(TASKS)
    rng.shuffle(order)
    for task_id in order:
        good = helping(task_id, hand)
        answer = verdict(sum(good.values()), PILE)
        if answer == target:
            task = TaskTitle(task_id)
            return Exercise(
                4,
                "grundschule",
                number,
                "practice.q.c.task",
                {"task": task, "pile": PILE},
                tuple(map(str, hand)),
                answer,
                f"practice.s.c.task.{answer}",
                {"task": task, "count": sum(good.values()), "pile": PILE, "cards": card_list(good)},
                _verdict_mistakes(answer),
                tuple(Phrase(key) for key in VERDICTS),
            )
    return None


def _more_likely(number: int, seed: int, rng, target: int) -> Exercise | None:
    cards = market_cards(seed)
    counted = [(event, event.count(cards)) for event in events()]
    counted = [(event, count) for event, count in counted if 0 < count < len(cards)]
    pairs = [
        (a, b)
        for a in counted
        for b in counted
        if a[0].key != b[0].key and (FIRST if a[1] > b[1] else SECOND if a[1] < b[1] else SAME) == target
    ]
    if not pairs:
        return None
    (first, a), (second, b) = rng.choice(pairs)
    return Exercise(
        4,
        "grundschule",
        number,
        "practice.q.c.likely",
        {"first": first.phrase(), "second": second.phrase(), "total": len(cards)},
        tuple(map(str, cards)),
        target,
        "practice.s.c.likely",
        {"first": first.phrase(), "second": second.phrase(), "a": a, "b": b, "total": len(cards)},
        {choice: "practice.m.c.count_both" for choice in (FIRST, SECOND, SAME) if choice != target},
        (first.phrase(), second.phrase(), Phrase("practice.c.same")),
    )


def _one_short(task_id: str, hand: list[Card], pile: Counter[Card]) -> int:
    """How many pile cards complete the task when the hand lacks exactly one card (the task
    finder's options say which values and colours); 0 when it lacks none or more than one."""
    shortfall = missing(task_by_id(task_id), hand)
    if shortfall is None or shortfall.cards != 1:
        return 0
    faces = {
        face
        for face in pile
        for option in shortfall.options
        for need in option.needs
        if face.value in need.values and need.colour in (None, face.colour)
    }
    return sum(pile[face] for face in faces)


def _helping_cards(level: str, number: int, seed: int, rng) -> Exercise | None:
    wanted = derive_rng("practice-chance-helping", level, number).choice(list(HELPING_ANSWERS))  # kept over deals
    hand = dealt_hand(seed)
    pile = pile_kinds(hand)
    fitting = [task_id for task_id in HELPING_ANSWERS[wanted] if _one_short(task_id, hand, pile) == wanted]
    if not fitting:
        return None  # the next deal
    task_id = rng.choice(fitting)
    good = helping(task_id, hand)  # every card of the pile tried by the engine
    count = sum(good.values())
    if count != wanted:  # pragma: no cover - the finder's options and the engine agree
        return None
    values = Counter[int]()
    for card, copies in good.items():
        values[card.value] += copies
    whole_deck = sum(COPIES for colour in COLOURS for value in VALUES if Card(colour, value) in good)
    task = TaskTitle(task_id)
    solution = {"task": task, "count": count, "pile": PILE, "cards": card_list(good)}
    if level == "klasse56":
        mistakes = {
            len(values): "practice.m.c.numbers_not_cards",
            len(good): "practice.m.c.copies",
            whole_deck: "practice.m.c.own_cards",
        }
        return Exercise(
            4,
            level,
            number,
            "practice.q.c.helping",
            {"task": task, "pile": PILE},
            tuple(map(str, hand)),
            count,
            "practice.s.c.helping",
            solution,
            only_wrong(mistakes, count),
        )
    answer = chance_percent(count)
    exact = Fraction(100 * count, PILE)
    mistakes = {
        count: "practice.m.c.count_not_percent",
        floor(exact): "practice.m.c.rounding",
        chance_percent(count, len(DECK)): "practice.m.c.eighty",
        chance_percent(len(good)): "practice.m.c.copies",
    }
    if len(values) > 1:
        mistakes[chance_percent(max(values.values()))] = "practice.m.c.one_value"
    return Exercise(
        4,
        level,
        number,
        "practice.q.c.percent",
        {"task": task, "pile": PILE},
        tuple(map(str, hand)),
        answer,
        "practice.s.c.percent",
        {**solution, "percent": answer},
        only_wrong(mistakes, answer),
    )
