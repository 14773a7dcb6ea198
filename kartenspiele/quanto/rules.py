"""Checking a Quanto move against the rules, independently of the move generator.

`plan_move` either raises `IllegalMoveError` with the reason, or returns a `Plan`: which
physical cards move and how the taken cards split into groups (for the narration).
The generator lists moves; this module decides whether any given move is legal, so a move
that the (bounded) list leaves out is still accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from ..arithmetic import split_into_groups, subsets_with_sum
from ..core.errors import GameOverError, IllegalMoveError
from .cards import DECK, FACE_CODE, Card, format_cards
from .movegen import MoveList, can_play_beyond_laying, no_move_but_passing
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE, Move
from .tablecode import TableCode

if TYPE_CHECKING:
    from .state import QuantoState

Group = tuple[Card, ...]


class Plan:
    """What a legal move does: the kind of move, the card played (id), the table cards
    taken (ids), the groups, the partner of a Quanto, a rainbow bonus, the value, and for
    a joker taking a Quanto the other player (`target`). A plan of a listed action
    (`plan_listed`) has no `move` and no groups, partner or bonus (only narration uses them)."""

    __slots__ = ("move", "kind", "target", "card_id", "taken_ids", "groups", "partner", "bonus", "value")

    def __init__(
        self,
        move: Move | None,
        card_id: int | None = None,
        taken_ids: list[int] | None = None,
        groups: list[Group] | None = None,
        partner: Group = (),
        bonus: Card | None = None,
        value: int | None = None,
        kind: str = "",
        target: int | None = None,
    ) -> None:
        self.move = move
        self.kind = kind if move is None else move.kind
        self.target = target if move is None else move.target
        self.card_id = card_id
        self.taken_ids = [] if taken_ids is None else taken_ids
        self.groups = [] if groups is None else groups
        self.partner = partner
        self.bonus = bonus
        self.value = value

    @property
    def played(self) -> int:
        """The id of the card played (every move but refilling and passing plays one)."""
        assert self.card_id is not None
        return self.card_id


def split_faces(faces: Sequence[Card], target: int) -> list[Group] | None:
    """Split table cards into groups for `target` (each joker a group by itself), or None."""
    jokers = [face for face in faces if face.is_joker]
    plain = [face for face in faces if not face.is_joker]
    groups: list[Group] = []
    if plain:
        split = split_into_groups([face.value for face in plain], target)  # type: ignore[misc]
        if split is None:
            return None
        pool = sorted(plain, key=Card.sort_key)
        for values in split:
            group = []
            for value in values:
                face = next(f for f in pool if f.value == value)
                pool.remove(face)
                group.append(face)
            groups.append(tuple(group))
    groups.extend((joker,) for joker in jokers)
    return groups


def _split_with_bonus(
    faces: Sequence[Card], target: int, rainbow: bool, need_group: bool
) -> tuple[list[Group], Card | None] | None:
    """Groups for `target`, allowing one extra card as a rainbow bonus."""
    groups = split_faces(faces, target) if faces else []
    if groups is not None and (groups or not need_group):
        return groups, None
    if rainbow:
        for bonus in dict.fromkeys(faces):
            rest = list(faces)
            rest.remove(bonus)
            groups = split_faces(rest, target) if rest else []
            if groups is not None and (groups or not need_group):
                return groups, bonus
    return None


def _find_partner(faces: Sequence[Card], need: int, chip: int) -> tuple[Group, list[Group]] | None:
    """Split `faces` into cards summing to `need` (no joker) and groups for `chip`."""
    plain = [face for face in faces if not face.is_joker]
    for positions in subsets_with_sum([face.value for face in plain], need):  # type: ignore[misc]
        partner = tuple(plain[i] for i in positions)
        rest = list(faces)
        for face in partner:
            rest.remove(face)
        groups = split_faces(rest, chip) if rest else []
        if groups is not None:
            return partner, groups
    return None


def _take_ids(state: QuantoState, faces: Sequence[Card]) -> list[int]:
    """Physical table cards for the faces, or an error naming what is not on the table."""
    available = list(state.table)
    ids = []
    missing = []
    for face in faces:
        code = face.sort_key()
        match = next((i for i in available if FACE_CODE[i] == code), None)
        if match is None:
            missing.append(face)
        else:
            available.remove(match)
            ids.append(match)
    if missing:
        raise IllegalMoveError("quanto.illegal.not_on_table", cards=format_cards(missing))
    return ids


def _playable_id(state: QuantoState, card: Card | None) -> int:
    if card is None:
        raise IllegalMoveError("quanto.illegal.no_card")
    match = _face_id(state.playable(), card.sort_key())
    if match is None:
        key = "quanto.illegal.not_drawn" if state.phase == "after_three" else "quanto.illegal.not_in_hand"
        raise IllegalMoveError(key, card=card.notation)
    return match


FIELDS: dict[str, tuple[str, ...]] = {
    CAPTURE: ("card", "takes", "declared"),
    FORM: ("card", "takes", "chip"),
    EXTEND: ("card", "takes"),
    COLLECT: ("card", "takes", "declared"),
    JOKER_QUANTO: ("card", "target"),
    LAY: ("card", "takes"),
    REFILL_TABLE: (),
    REFILL_HAND: (),
    PASS: (),
}
"""The fields each kind of move may have (a laid card's `takes` gets its own message)."""


def _check_fields(move: Move) -> None:
    """Each field of the right type, and none that the kind of move does not have."""
    if move.card is not None and not isinstance(move.card, Card):
        raise IllegalMoveError("move.field_type", field="card")
    if not isinstance(move.takes, tuple) or not all(isinstance(face, Card) for face in move.takes):
        raise IllegalMoveError("move.field_type", field="takes")
    for name in ("declared", "chip", "target"):
        value = getattr(move, name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise IllegalMoveError("move.field_type", field=name)
    allowed = FIELDS[move.kind]
    for name in ("card", "takes", "declared", "chip", "target"):
        if name not in allowed and getattr(move, name) not in (None, ()):
            raise IllegalMoveError("move.extra_field", kind=move.kind, field=name)


def plan_move(state: QuantoState, move: Move, trusted: bool = False) -> Plan:
    """Check `move` in `state`; return its plan or raise `IllegalMoveError` saying why.
    A `trusted` move was listed in this very position (see `Move.listed_in`): the checks
    that cost a search or a listing are skipped; the plan is the same."""
    if state.over:
        raise GameOverError("illegal.game_over")
    if not trusted:
        if not isinstance(move, Move):
            raise IllegalMoveError("quanto.illegal.not_a_move", move=repr(move))
        _check_fields(move)
    if move.kind in (REFILL_TABLE, REFILL_HAND, PASS):
        return Plan(move) if trusted else _plan_turn_action(state, move)
    card_id = _playable_id(state, move.card)
    card = DECK[card_id]
    player = state.to_move
    chip = state.chip_of[player]
    if move.declared is not None and not card.is_joker:
        raise IllegalMoveError("quanto.illegal.declared_not_joker", card=card.notation)
    if move.kind == LAY:
        if move.takes:
            raise IllegalMoveError("quanto.illegal.lay_takes")
        if not trusted and state.options.lay_only_if_stuck and can_play_beyond_laying(state):
            raise IllegalMoveError("quanto.illegal.lay_not_stuck")
        return Plan(move, card_id)
    if move.kind == JOKER_QUANTO:
        return _plan_joker_quanto(state, move, card_id, player)
    taken_ids = _take_ids(state, move.takes)
    takes = list(move.takes)
    if move.kind == CAPTURE:
        value = move.declared if card.is_joker else card.value
        if value is None or not 1 <= value <= 12:
            raise IllegalMoveError("quanto.illegal.joker_value")
        split = _split_with_bonus(takes, value, card.rainbow, need_group=True)
        if split is None:
            _raise_not_groups(takes, value)
        groups, bonus = split
        return Plan(move, card_id, taken_ids, groups, bonus=bonus, value=value)
    if move.kind == FORM:
        return _plan_form(state, move, card_id, card, chip, taken_ids, takes, trusted)
    if chip is None:
        raise IllegalMoveError("quanto.illegal.no_quanto")
    if move.kind == EXTEND:
        if card.value is None:
            raise IllegalMoveError("quanto.illegal.joker_cannot_build")
        if card.value >= chip:
            raise IllegalMoveError("quanto.illegal.extend_too_big", card=card.notation, chip=chip)
        found = _find_partner(takes, chip - card.value, chip)
        if found is None:
            raise IllegalMoveError(
                "quanto.illegal.extend_partner",
                card=card.notation,
                chip=chip,
                count=chip - card.value,
                cards=format_cards(takes) or "–",
            )
        partner, groups = found
        return Plan(move, card_id, taken_ids, groups, partner=partner, value=chip)
    if move.kind == COLLECT:
        value = move.declared if card.is_joker else card.value
        if card.is_joker and value is None:
            value = chip
        if value != chip:
            raise IllegalMoveError("quanto.illegal.collect_value", card=card.notation, chip=chip)
        split = _split_with_bonus(takes, chip, card.rainbow, need_group=False)
        if split is None:
            _raise_not_groups(takes, chip)
        groups, bonus = split
        return Plan(move, card_id, taken_ids, groups, bonus=bonus, value=chip)
    raise IllegalMoveError("quanto.illegal.not_a_move", move=str(move))


def plan_listed(state: QuantoState, listing: MoveList, position: int) -> Plan:
    """The plan of the move at `position` of this position's own `listing` (so legal
    here), read from the listing's codes without making the move: the kind, the cards
    that move and the value, as `plan_move` gives them (no groups, partner or bonus, which
    only the narration uses)."""
    if position >= listing.played:
        move = listing.plain[position - listing.played]
        if move.kind == LAY:
            assert move.card is not None
            return Plan(move, _listed_id(state, move.card))
        return Plan(move)
    (kind, card, declared, chip, target), code = listing.play_at(position)
    card_id = _listed_id(state, card)
    if kind == JOKER_QUANTO:
        assert target is not None
        return Plan(None, card_id, value=state.chip_of[target], kind=kind, target=target)
    if kind == CAPTURE:
        value = card.value if declared is None else declared
    elif kind == FORM:
        value = chip
    else:
        value = state.chip_of[state.to_move]
    table = listing.table
    assert isinstance(table, TableCode)
    return Plan(None, card_id, table.taken_ids(code), value=value, kind=kind)


def _face_id(cards: list[int], face: int) -> int | None:
    """The first of these card ids with this face code, or None."""
    for card_id in cards:
        if FACE_CODE[card_id] == face:
            return card_id
    return None


def _listed_id(state: QuantoState, card: Card) -> int:
    """The id of a playable card that a listed move plays (so one is there)."""
    card_id = _face_id(state.playable(), card.sort_key())
    assert card_id is not None
    return card_id


def _raise_not_groups(takes: Sequence[Card], value: int) -> NoReturn:
    if not takes:
        raise IllegalMoveError("quanto.illegal.no_groups", value=value)
    raise IllegalMoveError("quanto.illegal.not_groups", cards=format_cards(takes), value=value)


def _plan_form(
    state: QuantoState,
    move: Move,
    card_id: int,
    card: Card,
    chip: int | None,
    taken_ids: list[int],
    takes: list[Card],
    trusted: bool,
) -> Plan:
    if chip is not None:
        raise IllegalMoveError("quanto.illegal.already_quanto", chip=chip)
    if card.is_joker:
        raise IllegalMoveError("quanto.illegal.joker_cannot_build")
    target = move.chip
    if target is None or not 5 <= target <= 12:
        raise IllegalMoveError("quanto.illegal.chip_range", chip=target)
    if not trusted and target not in state.supply():
        raise IllegalMoveError("quanto.illegal.chip_taken", chip=target)
    need = target - card.value  # type: ignore[operator]
    for partner in dict.fromkeys(takes):
        if partner.is_joker or partner.value != need:
            continue
        rest = list(takes)
        rest.remove(partner)
        groups = split_faces(rest, target) if rest else []
        if groups is not None:
            return Plan(move, card_id, taken_ids, groups, partner=(partner,), value=target)
    if not any(face.value == need for face in takes):
        raise IllegalMoveError("quanto.illegal.form_partner", card=card.notation, chip=target, need=need)
    raise IllegalMoveError("quanto.illegal.not_groups", cards=format_cards(takes), value=target)


def _plan_joker_quanto(state: QuantoState, move: Move, card_id: int, player: int) -> Plan:
    if not DECK[card_id].is_joker:
        raise IllegalMoveError("quanto.illegal.joker_only")
    target = move.target
    if move.takes or target is None or not 0 <= target < state.players or target == player:
        raise IllegalMoveError("quanto.illegal.joker_target")
    if state.chip_of[target] is None:
        raise IllegalMoveError("quanto.illegal.no_foreign_quanto", other=target + 1)
    return Plan(move, card_id, value=state.chip_of[target])


def _plan_turn_action(state: QuantoState, move: Move) -> Plan:
    if move.card is not None or move.takes or move.declared is not None or move.chip is not None:
        raise IllegalMoveError("quanto.illegal.not_a_move", move=str(move))
    if move.kind == PASS:
        if not no_move_but_passing(state):
            raise IllegalMoveError("quanto.illegal.cannot_pass")
        return Plan(move)
    if state.phase == "after_two":
        raise IllegalMoveError("quanto.illegal.after_two")
    if state.phase == "after_three":
        raise IllegalMoveError("quanto.illegal.after_three")
    if state.options.refill != "choice":
        raise IllegalMoveError("quanto.illegal.refill_auto")
    if not state.draw:
        raise IllegalMoveError("quanto.illegal.draw_empty")
    if move.kind == REFILL_TABLE and len(state.table) >= state.table_size:
        raise IllegalMoveError("quanto.illegal.table_full", size=state.table_size)
    if move.kind == REFILL_HAND and len(state.hands[state.to_move]) >= state.hand_size:
        raise IllegalMoveError("quanto.illegal.hand_full", size=state.hand_size)
    return Plan(move)
