"""The selection query: a hand card and some table cards — what can they still become?

The tables and hints ask this while a player clicks: the running sum, the moves the
selection can still grow into, the moves it already is, and for every other table card
why it cannot join ("7 + 4 = 11 ist mehr als 8").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..arithmetic import contains
from ..core.errors import IllegalMoveError
from ..i18n import text
from .cards import DECK, Card
from .explain import card_name
from .movegen import Candidate, TableKinds, candidates
from .moves import CAPTURE, COLLECT, EXTEND, FORM, Move


@dataclass(frozen=True)
class Reason:
    """Why a table card cannot join: an i18n key and its fields."""

    key: str
    params: dict = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        return text(self.key, lang, **self.params)


@dataclass(frozen=True)
class Selection:
    """The answer to the selection query (table cards by id)."""

    card_id: int
    selected: tuple[int, ...]
    total: int
    moves: tuple[Move, ...]
    ready: tuple[Move, ...]
    joinable: tuple[int, ...]
    reasons: dict[int, Reason]

    @property
    def card(self) -> Card:
        return DECK[self.card_id]

    @property
    def kinds(self) -> set[str]:
        """The kinds of move the selection can still become."""
        return {move.kind for move in self.moves}

    def expression(self, lang: str | None = None) -> str:
        """The running sum of the selected cards, e.g. "4 + 4 = 8" (jokers named apart)."""
        faces = [DECK[i] for i in self.selected]
        numbers = [card_name(face, lang) for face in faces if not face.is_joker]
        jokers = [card_name(face, lang) for face in faces if face.is_joker]
        parts = []
        if numbers:
            parts.append(" + ".join(numbers) + (f" = {self.total}" if len(numbers) > 1 else ""))
        parts.extend(jokers)
        return ", ".join(parts)

    def why_not(self, card_id: int, lang: str | None = None) -> str:
        """Why the table card `card_id` cannot join ("" if it can)."""
        reason = self.reasons.get(card_id)
        return "" if reason is None else reason.text(lang)


def _context(card: Card, reachable: list[Candidate], state,
             declared: int | None) -> tuple[int, int] | None:
    """(target value, value already counted) of the move the player most likely builds:
    a capture if one is reachable, else a Quanto move, else the card's own value."""
    for kind, _, declared, chip, _, _ in sorted(reachable, key=lambda c: c[0] != CAPTURE):
        if kind == CAPTURE:
            return (declared if card.is_joker else card.value), 0  # type: ignore[return-value]
        if kind == COLLECT:
            return state.chip_of[state.to_move], 0
        if kind in (FORM, EXTEND):
            return (chip or state.chip_of[state.to_move]), card.value  # type: ignore[return-value]
    value = declared if card.is_joker else card.value
    return None if value is None else (value, 0)


def _reason(face: Card, selected_sum: int, context: tuple[int, int] | None) -> Reason:
    if face.is_joker:
        return Reason("quanto.why.joker_alone")
    if context is None:
        return Reason("quanto.why.no_move")
    target, counted = context
    open_part = (selected_sum + counted) % target
    if open_part == 0 and face.value > target:  # type: ignore[operator]
        return Reason("quanto.why.too_big", {"card": face.value, "target": target})
    reached = open_part + face.value  # type: ignore[operator]
    if open_part and reached > target:
        return Reason("quanto.why.sum_too_big", {"open": open_part, "card": face.value,
                                                 "sum": reached, "target": target})
    if reached < target:
        return Reason("quanto.why.missing", {"sum": reached, "missing": target - reached,
                                             "target": target})
    return Reason("quanto.why.no_completion", {"card": face.value, "target": target})


def query(state, card_id: int, table_ids: list[int], declared: int | None = None) -> Selection:
    """Answer the selection query; a card not playable or not on the table raises
    `IllegalMoveError`. `declared` narrows a joker to one value."""
    if card_id not in state.playable():
        raise IllegalMoveError("quanto.illegal.not_in_hand", card=str(card_id))
    missing = [i for i in table_ids if i not in state.table]
    if missing or len(set(table_ids)) != len(table_ids):
        raise IllegalMoveError("quanto.illegal.not_on_table", cards=" ".join(map(str, table_ids)))
    card = DECK[card_id]
    table = TableKinds([DECK[i] for i in state.table], limit=None)
    selected_code = table.code_of([DECK[i] for i in table_ids])
    assert selected_code is not None
    seen: set[Candidate] = set()
    reachable: list[Candidate] = []
    for candidate in candidates(state, card, table):
        if declared is not None and candidate[2] not in (None, declared):
            continue
        if candidate not in seen and contains(candidate[5], selected_code, table.size):
            seen.add(candidate)
            reachable.append(candidate)
    joinable_kinds = set()
    for candidate in reachable:
        extra = candidate[5] - selected_code
        joinable_kinds.update(table.cards(extra))
    selected_sum = sum(DECK[i].value or 0 for i in table_ids)
    context = _context(card, reachable, state, declared)
    joinable, reasons = [], {}
    for other in state.table:
        if other in table_ids:
            continue
        if DECK[other] in joinable_kinds:
            joinable.append(other)
        else:
            reasons[other] = _reason(DECK[other], selected_sum, context)
    return Selection(
        card_id=card_id,
        selected=tuple(table_ids),
        total=selected_sum,
        moves=tuple(table.move(c) for c in reachable),
        ready=tuple(table.move(c) for c in reachable if c[5] == selected_code),
        joinable=tuple(joinable),
        reasons=reasons,
    )
