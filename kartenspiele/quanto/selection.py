"""The selection query: a hand card and some table cards — what can they still become?

The tables and hints ask this while a player clicks: the goals the selection can still
reach (a capture for the card's value, a Quanto for a free chip, the own Quanto's chip),
the moves it already is (the buttons), which table cards may join, the running sum as the
move would form its groups, and for every other table card why it cannot join. Every
reason and sum line names only a target that the selection can still reach, or says that
none is reachable and why.

The answer does not list every move the selection could grow into (on a crowded table
there are millions); it decides each question by the exact search in `cover.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalMoveError
from ..i18n import text
from .cards import CHIPS, DECK, Card
from .cover import Counts, Cover, add, any_group, counts_of, fits, one, sub
from .explain import card_name, exact, played, player_name
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, Move

if TYPE_CHECKING:
    from .state import QuantoState

ORDER = {CAPTURE: 0, COLLECT: 1, EXTEND: 2, FORM: 3, JOKER_QUANTO: 4}
SHOWN_GOALS = 2
"""The running sum shows at most this many goals."""


@dataclass(frozen=True)
class Goal:
    """A move the selection can still become: its kind and the value its groups sum to
    (`target`); `declared` for a joker's capture or collection, `chip` for a new Quanto,
    `other` for a joker on another player's Quanto."""

    kind: str
    target: int
    declared: int | None = None
    chip: int | None = None
    other: int | None = None


@dataclass(frozen=True)
class Shape:
    """How a goal forms its groups around the selection (a witness of the search): the
    groups (count vectors, the selection's cards and the table cards still to pick), the
    partner of a Quanto (the one card for a new Quanto, the cards that extend one), whether
    the partner is already picked, the rainbow bonus value, and the table jokers used."""

    groups: tuple[Counts, ...]
    partner: Counts | None = None
    partner_picked: bool = False
    bonus: int | None = None
    jokers: int = 0


@dataclass(frozen=True)
class Reason:
    """Why a table card cannot join: i18n keys with their fields, told one after another.
    A field `holder` (a seat) is told as that player's name."""

    parts: tuple[tuple[str, dict[str, Any]], ...]

    def text(self, lang: str | None = None, names: Sequence[str] | None = None) -> str:
        told = []
        for key, params in self.parts:
            fields = dict(params)
            if "holder" in fields:
                fields["name"] = player_name(fields.pop("holder"), lang, names)
            told.append(text(key, lang, **fields))
        return " ".join(told)


def _arith(values: Sequence[int]) -> str:
    """ "3 + 4 = 7" for several values, "3" for one."""
    if len(values) == 1:
        return str(values[0])
    return f"{' + '.join(map(str, values))} = {sum(values)}"


def _values(counts: Counts) -> list[int]:
    return [value for value in range(12, 0, -1) for _ in range(counts[value])]


def _makes(avail: Counts, amount: int) -> bool:
    """Whether some cards of `avail` sum to exactly `amount` (a subset-sum table)."""
    reachable = 1
    for value in range(1, 13):
        for _ in range(min(avail[value], amount // value)):
            reachable |= reachable << value
    return amount > 0 and bool(reachable >> amount & 1)


class _Query:
    """One selection query: the table counted by value, and the exact search."""

    def __init__(self, state: QuantoState, card: Card, declared: int | None) -> None:
        self.state = state
        self.card = card
        self.declared = declared
        self.player = state.to_move
        self.chip = state.chip_of[self.player]
        faces = [DECK[i] for i in state.table]
        self.avail = counts_of(face.value for face in faces if face.value is not None)
        self.table_jokers = sum(face.is_joker for face in faces)
        self.search = Cover()

    # -- goals ---------------------------------------------------------------------------
    def goals(self) -> list[Goal]:
        """Every goal of the card, whatever the selection."""
        card, chip = self.card, self.chip
        found: list[Goal] = []
        if card.is_joker:
            values = range(1, 13) if self.declared is None else [self.declared]
            found.extend(Goal(CAPTURE, value, declared=value) for value in values if 1 <= value <= 12)
        else:
            found.append(Goal(CAPTURE, card.value))  # type: ignore[arg-type]
        if chip is None:
            if card.value is not None:
                value = card.value
                found.extend(Goal(FORM, s, chip=s) for s in self.state.supply() if 1 <= s - value <= 12)
        else:
            if card.value is not None and card.value < chip:
                found.append(Goal(EXTEND, chip))
            if (card.is_joker and self.declared in (None, chip)) or card.value == chip:
                found.append(Goal(COLLECT, chip, declared=chip if card.is_joker else None))
        if card.is_joker and self.declared is None:
            found.extend(
                Goal(JOKER_QUANTO, other_chip, other=other)
                for other, other_chip in enumerate(self.state.chip_of)
                if other != self.player and other_chip is not None
            )
        return found

    def shape(
        self, goal: Goal, need: Counts, jokers: int, avail: Counts | None = None, table_jokers: int | None = None
    ) -> Shape | None:
        """How `goal` can take every card of the selection `need` (plain values) plus
        `jokers` table jokers, within `avail` (the table); None if it cannot."""
        avail = self.avail if avail is None else avail
        table_jokers = self.table_jokers if table_jokers is None else table_jokers
        if not fits(need, avail) or jokers > table_jokers:
            return None
        search, target = self.search, goal.target
        if goal.kind == JOKER_QUANTO:
            return Shape(()) if not any(need) and not jokers else None
        if goal.kind in (CAPTURE, COLLECT):
            bonus: int | None = None
            if self.card.rainbow:
                found = search.cover_with_bonus(need, avail, target)
                if found is None:
                    return None
                groups, bonus = found
            else:
                covered = search.cover(need, avail, target)
                if covered is None:
                    return None
                groups = covered
            if goal.kind == CAPTURE and not groups and not jokers:
                left = avail if bonus is None else sub(avail, one(bonus))
                extra = any_group(left, target)
                if extra is not None:
                    return Shape((extra,), bonus=bonus)
                if table_jokers:
                    return Shape((), bonus=bonus, jokers=1)
                return None
            return Shape(groups, bonus=bonus, jokers=jokers)
        if goal.kind == FORM:
            partner = one(target - self.card.value)  # type: ignore[operator]
            if fits(partner, need):
                formed = search.cover(sub(need, partner), sub(avail, partner), target)
                if formed is not None:
                    return Shape(formed, partner, True, jokers=jokers)
            if fits(add(need, partner), avail):
                formed = search.cover(need, sub(avail, partner), target)
                if formed is not None:
                    return Shape(formed, partner, False, jokers=jokers)
            return None
        found_part = search.cover_with_part(need, avail, target - self.card.value, target)  # type: ignore[operator]
        if found_part is None:
            return None
        part, groups = found_part
        return Shape(groups, part, fits(part, need), jokers=jokers)

    def ready_shape(self, goal: Goal, need: Counts, jokers: int) -> Shape | None:
        """The shape of `goal` taking exactly the selection (its button), or None."""
        shape = self.shape(goal, need, jokers, avail=need, table_jokers=jokers)
        if shape is None or shape.jokers != jokers:
            return None
        return shape

    def move(self, goal: Goal, takes: tuple[Card, ...]) -> Move:
        return Move.canonical(goal.kind, self.card, takes, goal.declared, goal.chip, goal.other)


def query(state: QuantoState, card_id: int, table_ids: Sequence[int] = (), declared: int | None = None) -> Selection:
    """Answer the selection query; a card not playable or not on the table raises
    `IllegalMoveError`. `declared` narrows a joker to one value."""
    if card_id not in state.playable():
        raise IllegalMoveError("quanto.illegal.not_in_hand", card=str(card_id))
    table_ids = list(table_ids)
    missing = [i for i in table_ids if i not in state.table]
    if missing or len(set(table_ids)) != len(table_ids):
        raise IllegalMoveError("quanto.illegal.not_on_table", cards=" ".join(map(str, table_ids)))
    card = DECK[card_id]
    if declared is not None and (not card.is_joker or not 1 <= declared <= 12):
        raise IllegalMoveError("quanto.illegal.joker_value")
    ask = _Query(state, card, declared)
    picked = [DECK[i] for i in table_ids]
    need = counts_of(face.value for face in picked if face.value is not None)
    jokers = sum(face.is_joker for face in picked)
    every_goal = ask.goals()
    shapes = {goal: shape for goal in every_goal if (shape := ask.shape(goal, need, jokers)) is not None}
    takes = tuple(sorted(picked, key=Card.sort_key))
    ready: dict[Goal, Shape] = {}
    for goal in shapes:
        shape = ask.ready_shape(goal, need, jokers)
        if shape is not None and (takes or goal.kind in (COLLECT, JOKER_QUANTO)):
            ready[goal] = shape
    joinable, reasons = [], {}
    verdicts: dict[int | None, Reason | None] = {}
    for other in state.table:
        if other in table_ids:
            continue
        face = DECK[other]
        if face.value not in verdicts:
            if face.is_joker:
                grown_need, grown_jokers = need, jokers + 1
            else:
                grown_need, grown_jokers = add(need, one(face.value)), jokers  # type: ignore[arg-type]
            if any(ask.shape(goal, grown_need, grown_jokers) is not None for goal in shapes):
                verdicts[face.value] = None
            else:
                verdicts[face.value] = _reason(ask, face, need, jokers, shapes, every_goal)
        verdict = verdicts[face.value]
        if verdict is None:
            joinable.append(other)
        else:
            reasons[other] = verdict
    return Selection(
        card_id=card_id,
        selected=tuple(table_ids),
        declared=declared,
        total=sum(need[v] * v for v in range(13)),
        goals=tuple(shapes),
        shapes=shapes,
        ready=tuple(ask.move(goal, takes) for goal in ready),
        ready_shapes=ready,
        joinable=tuple(joinable),
        reasons=reasons,
    )


# -- reasons ------------------------------------------------------------------------------
def _pairing(card: Card, value: int, state: QuantoState) -> tuple[str, dict[str, Any]]:
    """Why the card and one table card form no Quanto: the chip of their sum."""
    total = card.value + value  # type: ignore[operator]
    arith = _arith([card.value, value])  # type: ignore[list-item]
    if total < CHIPS[0]:
        return "quanto.reason.chip_low", {"arith": arith}
    if total > CHIPS[-1]:
        return "quanto.reason.chip_high", {"arith": arith}
    return "quanto.reason.chip_held", {"arith": arith, "chip": total, "holder": state.chip_of.index(total)}


def _reason(
    ask: _Query, face: Card, need: Counts, jokers: int, shapes: dict[Goal, Shape], every_goal: list[Goal]
) -> Reason:
    card, state = ask.card, ask.state
    if not shapes:
        if any(need) or jokers:
            return Reason((("quanto.reason.dead_selection", {}),))
        if face.is_joker or card.is_joker or ask.chip is not None:
            return Reason((("quanto.reason.nothing", {}),))
        return Reason(
            (
                _pairing(card, face.value, state),  # type: ignore[arg-type]
                ("quanto.reason.no_capture", {"card": card.value}),
            )
        )
    if face.is_joker:  # a joker joins every reachable goal: this is not reached
        return Reason((("quanto.reason.dead_selection", {}),))
    parts = []
    # a joker's reason is told against its largest reachable value: "… = 15 ist mehr als 12"
    goals = sorted(
        (g for g in shapes if g.kind != JOKER_QUANTO),
        key=lambda g: (ORDER[g.kind], -g.target if card.is_joker else g.target),
    )
    if not goals:
        return Reason((("quanto.reason.nothing", {}),))
    if not any(need) and not jokers and not card.is_joker and ask.chip is None:
        parts.append(_pairing(card, face.value, state))  # type: ignore[arg-type]
        capture = next((g for g in goals if g.kind == CAPTURE), None)
        if capture is None:
            parts.append(("quanto.reason.no_capture", {"card": card.value}))
            return Reason(tuple(parts))
        goals = [capture]
    goal = goals[0]
    parts.append(_against(ask, goal, shapes[goal], face.value, need))  # type: ignore[arg-type]
    return Reason(tuple(parts))


def _open_parts(ask: _Query, goal: Goal, shape: Shape, need: Counts) -> list[list[int]]:
    """The selection's cards of every group that still misses cards (values; the played
    card first in the part that extends a Quanto)."""
    parts: list[list[int]] = []
    left = need
    if shape.partner is not None and goal.kind == EXTEND:
        mine = tuple(min(n, p) for n, p in zip(left, shape.partner))
        left = sub(left, mine)
        if mine != shape.partner:
            parts.append([ask.card.value or 0, *_values(mine)])
    elif shape.partner is not None and shape.partner_picked:
        left = sub(left, shape.partner)
    if shape.bonus is not None and left[shape.bonus]:
        left = sub(left, one(shape.bonus))
    for group in shape.groups:
        mine = tuple(min(n, g) for n, g in zip(left, group))
        left = sub(left, mine)
        if any(mine) and mine != group:
            parts.append(_values(mine))
    return parts


def _against(ask: _Query, goal: Goal, shape: Shape, value: int, need: Counts) -> tuple[str, dict[str, Any]]:
    """Why a card of `value` cannot join `goal` (whose target the selection can reach)."""
    target = goal.target
    if value > target:
        if ask.card.rainbow and goal.kind in (CAPTURE, COLLECT):
            return "quanto.reason.too_big_bonus", {"card": value, "target": target}
        return "quanto.reason.too_big", {"card": value, "target": target}
    rest = sub(ask.avail, add(need, one(value)))
    parts = _open_parts(ask, goal, shape, need)
    fitting = [part for part in parts if sum(part) + value <= target]
    if parts and not fitting:
        part = min(parts, key=sum)
        return "quanto.reason.sum_too_big", {"arith": _arith([*part, value]), "target": target}
    values = [*fitting[0], value] if fitting else [value]
    reached = sum(values)
    if reached == target:
        return "quanto.reason.others_break", {"arith": _arith(values)}
    gap = target - reached
    if _makes(rest, gap):
        return "quanto.reason.needed_elsewhere", {"arith": _arith(values), "target": target, "count": gap}
    if len(values) == 1:
        return "quanto.reason.no_complement_card", {"card": value, "target": target}
    return "quanto.reason.no_complement", {"arith": _arith(values), "sum": reached, "target": target}


# -- the answer ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Selection:
    """The answer to the selection query (table cards by id)."""

    card_id: int
    selected: tuple[int, ...]
    declared: int | None
    total: int
    goals: tuple[Goal, ...]
    shapes: dict[Goal, Shape] = field(repr=False)
    ready: tuple[Move, ...]
    ready_shapes: dict[Goal, Shape] = field(repr=False)
    joinable: tuple[int, ...]
    reasons: dict[int, Reason]

    @property
    def card(self) -> Card:
        return DECK[self.card_id]

    @property
    def kinds(self) -> set[str]:
        """The kinds of move the selection can still become."""
        return {goal.kind for goal in self.goals}

    def why_not(self, card_id: int, lang: str | None = None, names: Sequence[str] | None = None) -> str:
        """Why the table card `card_id` cannot join ("" if it can)."""
        reason = self.reasons.get(card_id)
        return "" if reason is None else reason.text(lang, names)

    def expression(self, lang: str | None = None, names: Sequence[str] | None = None) -> str:
        """The running sum as the move would form its groups, one goal after another
        ("Nehmen (8): 4 + 4 = 8; 3, bis 8 fehlen noch 5."); the moves that are ready (the
        buttons) first; "" for an empty selection. Says why there is no button yet when none
        is ready."""
        return " ".join(self.expression_parts(lang, names))

    def expression_parts(self, lang: str | None = None, names: Sequence[str] | None = None) -> list[str]:
        """The sentences of `expression`: the first goal (one sentence, what a table shows at
        once), then the others and why there is no button yet (behind "Warum?")."""
        if not self.selected:
            return []
        if not self.goals:
            return [text("quanto.sum.dead", lang)]
        order = sorted(self.shapes, key=lambda g: (g not in self.ready_shapes, ORDER[g.kind], g.target))
        goals = [g for g in order if g.kind != JOKER_QUANTO]
        lines = [
            self._goal_line(goal, self.ready_shapes.get(goal, self.shapes[goal]), lang, names)
            for goal in goals[:SHOWN_GOALS]
        ]
        if len(goals) > SHOWN_GOALS:
            lines.append(text("quanto.sum.more", lang, count=len(goals) - SHOWN_GOALS))
        if not self.ready_shapes:
            lines.append(text("quanto.sum.no_button", lang))
        return lines

    def _goal_line(self, goal: Goal, shape: Shape, lang: str | None, names: Sequence[str] | None) -> str:
        card = self.card
        label = {
            CAPTURE: lambda: text("quanto.goal.capture", lang, card=played(card, goal.declared, lang)),
            FORM: lambda: text("quanto.goal.form", lang, chip=goal.target),
            EXTEND: lambda: text("quanto.goal.extend", lang, chip=goal.target),
            COLLECT: lambda: text("quanto.goal.collect", lang, chip=goal.target),
            JOKER_QUANTO: lambda: text("quanto.goal.joker_quanto", lang, name=player_name(goal.other, lang, names)),  # type: ignore[arg-type]
        }[goal.kind]()
        pool = [DECK[i] for i in self.selected]
        pieces = [self._piece(part, target, lang) for part, target in _pieces(card, goal, shape, pool)]
        pool_jokers = [face for face in pool if face.is_joker]
        pieces.extend(card_name(face, lang) for face in pool_jokers)
        if shape.bonus is not None and any(face.value == shape.bonus for face in pool):
            bonus = next(face for face in pool if face.value == shape.bonus)
            pieces.append(text("quanto.sum.bonus", lang, card=card_name(bonus, lang)))
        return text("quanto.sum.goal", lang, goal=label, groups="; ".join(p for p in pieces if p))

    @staticmethod
    def _piece(part: tuple[list[str], int, int, str | None], target: int, lang: str | None) -> str:
        names, reached, missing, partner = part
        if len(names) == 1:  # one card: its number, or (making the value by itself) no sum "12 = 12"
            arith = names[0] if missing else exact(names[0], lang)
        else:
            arith = f"{' + '.join(names)} = {reached}"
        if partner is not None:
            return text("quanto.sum.partner", lang, card=names[0], partner=partner, chip=target)
        if missing:
            return text("quanto.sum.open", lang, arith=arith, target=target, count=missing)
        return arith


def _pieces(
    card: Card, goal: Goal, shape: Shape, pool: list[Card]
) -> Iterator[tuple[tuple[list[str], int, int, str | None], int]]:
    """The groups of a shape told with the selected cards' names: (names, sum, missing,
    missing partner) per group that holds a selected card, and the target."""
    plain = [face for face in pool if not face.is_joker]
    if shape.bonus is not None:
        bonus = next((face for face in plain if face.value == shape.bonus), None)
        if bonus is not None:
            plain.remove(bonus)

    def take(group: Sequence[int]) -> list[Card]:
        taken = []
        for value in sorted(group):
            face = next((f for f in plain if f.value == value), None)
            if face is not None:
                plain.remove(face)
                taken.append(face)
        return taken

    target = goal.target
    own = "" if card.value is None else str(card.value)  # only forming and extending name it
    if goal.kind == FORM and shape.partner is not None:
        partner_value = target - card.value  # type: ignore[operator]
        if shape.partner_picked:
            chosen = take([partner_value])
            yield ([own, *(str(f.value) for f in chosen)], target, 0, None), target  # type: ignore[list-item]
        else:
            yield ([own], card.value or 0, 0, str(partner_value)), target
    if goal.kind == EXTEND and shape.partner is not None:
        part = take(_values(shape.partner))
        reached = card.value + sum(f.value for f in part)  # type: ignore[operator,misc]
        yield ([own, *(str(f.value) for f in part)], reached, target - reached, None), target  # type: ignore[list-item]
    for group in shape.groups:
        chosen = take(_values(group))
        if chosen:
            reached = sum(f.value for f in chosen)  # type: ignore[misc]
            names = [str(f.value) for f in chosen]
            yield (names, reached, target - reached, None), target
