"""The Quanto game state: set-up, legal moves, applying a move, the end, JSON, views.

In the manner of OpenSpiel: `legal_moves()`, `apply(move)`, `is_terminal()`,
`returns()`, `clone()`, `to_dict()`/`from_dict()`. Zones hold card ids (see `cards.DECK`);
the draw pile keeps its top card last. A turn can pass through phases: after a laid 2 the
same player must play another hand card (`after_two`); after a laid 3 the player plays one
of the drawn cards (`after_three`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from ..core.errors import IllegalMoveError, PlayerCountError, check_player
from ..core.events import Event
from ..core.rng import check_seed, derive_rng, new_seed
from .actions import action_to_move, move_to_action
from .cards import CHIPS, DECK, Card
from .movegen import DEFAULT_LIMIT, ActionList, MoveList, legal_moves
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE, Move
from .options import QuantoOptions
from .rules import Plan, plan_listed, plan_move

if TYPE_CHECKING:
    from .selection import Selection
    from .view import QuantoView

MIN_PLAYERS, MAX_PLAYERS = 2, 6
PHASES = ("turn", "after_two", "after_three")


def sizes(players: int) -> tuple[int, int]:
    """(hand size H, table size T) for a number of players."""
    return (4, 4) if players <= 4 else (5, 5)


def check_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayerCountError("player_count", game="Quanto", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)
    return players


class QuantoState:
    """A position of Quanto: every zone, the player to move and the phase of the turn."""

    game = "quanto"

    def __init__(self, players: int, seed: int, options: QuantoOptions | None = None) -> None:
        self.players = check_players(players)
        self.seed = check_seed(seed)
        self.options = options or QuantoOptions()
        self.hand_size, self.table_size = sizes(players)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.table: list[int] = []
        self.draw: list[int] = []  # top card last
        self.win: list[list[int]] = [[] for _ in range(players)]  # top card last
        self.stacks: list[list[int]] = [[] for _ in range(players)]
        self.chip_of: list[int | None] = [None] * players
        self.out: list[int] = []
        self.drawn: list[int] = []  # cards drawn by a 3, waiting for the choice
        self.phase = "turn"
        self.to_move = 0
        self.last_capturer: int | None = None
        self.end_begun = False
        self.over = False
        self.epoch = object()  # renewed by every move: marks the moves listed in this position
        self._listed: MoveList | None = None  # the legal moves of the position marked `epoch`

    # -- set-up --------------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: int = 3, seed: int | None = None, options: QuantoOptions | Mapping[str, Any] | None = None
    ) -> QuantoState:
        """A new game: shuffle with `seed`, deal H cards to each player, reveal T cards."""
        if not isinstance(options, QuantoOptions):
            options = QuantoOptions.from_dict(options)
        state = cls(players, new_seed() if seed is None else seed, options)
        deck = list(range(len(DECK)))
        derive_rng(state.seed, "quanto", "deal").shuffle(deck)
        state.draw = deck
        for _ in range(state.hand_size):
            for hand in state.hands:
                hand.append(state.draw.pop())
        state.reveal(state.table_size, [])
        return state

    # -- queries -------------------------------------------------------------------------
    def supply(self) -> list[int]:
        """The chips nobody holds."""
        held = set(self.chip_of)
        return [chip for chip in CHIPS if chip not in held]

    def playable(self) -> list[int]:
        """The cards the player to move may play now: the drawn cards after a 3, else the hand."""
        return self.drawn if self.phase == "after_three" else self.hands[self.to_move]

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def legal_moves(self, limit: int | None = DEFAULT_LIMIT) -> MoveList:
        """Every legal move, each once, as a lazy `MoveList` (a read-only sequence). On a
        crowded table at most `limit` unions of groups are listed per card and value, and
        the largest capture, Quanto and extension (exact, on any table) besides;
        `limit=None` lists all. `apply` accepts every legal move, listed or not."""
        return legal_moves(self, limit)

    def check(self, move: Move) -> Plan:
        """The plan of a legal move; an illegal one raises `IllegalMoveError` with the reason."""
        return plan_move(self, move)

    def is_legal(self, move: Move) -> bool:
        from ..core.errors import IllegalMoveError

        try:
            plan_move(self, move)
        except IllegalMoveError:
            return False
        return True

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        """Cards on each win pile (the score at the end)."""
        return [len(pile) for pile in self.win]

    def winners(self) -> list[int]:
        """The players with the most cards (all of them share the win); empty before the end."""
        if not self.over:
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, score in enumerate(scores) if score == best]

    def returns(self) -> list[float]:
        """1 shared among the winners at the end (0 for everyone before the end)."""
        winners = self.winners()
        return [1 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    # -- actions: moves as integers ------------------------------------------------------
    def legal_actions(self) -> ActionList:
        """The legal moves as integers (see `actions`), lazily, in the order of
        `legal_moves()`: `legal_actions()[i] == move_to_action(legal_moves()[i])`."""
        return ActionList(self._listing())

    def _listing(self) -> MoveList:
        """This position's `legal_moves()`, kept until the position changes."""
        listing = self._listed
        if listing is None or listing.origin is not self.epoch:
            listing = self._listed = legal_moves(self)
        return listing

    @overload
    def apply_action(self, action: int) -> None: ...
    @overload
    def apply_action(self, action: int, narrate: Literal[True]) -> list[Event]: ...
    @overload
    def apply_action(self, action: int, narrate: bool) -> list[Event] | None: ...
    def apply_action(self, action: int, narrate: bool = False) -> list[Event] | None:
        """Carry out the move an action names, exactly as `apply(action_to_move(action))`;
        its events are made and returned only if `narrate` is true (self-play needs none).
        An integer that names no legal move raises `IllegalMoveError`, the state unchanged."""
        listing = None if self.over else self._listing()
        position = None if listing is None else listing.locate(action)
        if position is None:  # not listed: checked in full (a legal move beyond the listing's bound is accepted)
            events = self.apply(action_to_move(action))
            return events if narrate else None
        assert listing is not None
        if narrate:
            return self.apply(listing[position])
        self._carry_out(plan_listed(self, listing, position), None)
        return None

    @staticmethod
    def action_to_move(action: int) -> Move:
        """The move an action names (see `actions`)."""
        return action_to_move(action)

    @staticmethod
    def move_to_action(move: Move) -> int:
        """The action (integer) of a move (see `actions`)."""
        return move_to_action(move)

    # -- applying moves ------------------------------------------------------------------
    def apply(self, move: Move) -> list[Event]:
        """Carry out a legal move and return the events it caused; an illegal move raises
        `IllegalMoveError` and changes nothing. A move read from this position's own
        `legal_moves()` is known to be legal: only its cards and groups are worked out."""
        trusted = move.__class__ is Move and move.listed_in(self.epoch)
        plan = plan_move(self, move, trusted)
        events: list[Event] = []
        self._carry_out(plan, events)
        return events

    def _carry_out(self, plan: Plan, events: list[Event] | None) -> None:
        """Make the planned move; tell what happens in `events` (None: tell nothing, and
        the plan need not hold the move, groups, partner and bonus, which only the narration uses)."""
        self.epoch = object()
        player = self.to_move
        kind = plan.kind
        if kind == PASS:
            if events is not None:
                events.append(Event("passed", player))
            self._end_turn(events)
            return
        if kind == REFILL_TABLE:
            self.reveal(self.table_size - len(self.table), events, player)
            self._end_turn(events)
            return
        if kind == REFILL_HAND:
            self._refill_hand(player, events)
            self._end_turn(events)
            return
        card = DECK[plan.played]
        if self.phase == "after_three":
            self.drawn.remove(plan.played)
            if events is not None:
                events.append(Event("chose_drawn", player, card=card))
            if self.drawn:
                if events is not None:
                    events.append(Event("cards_out", player, cards=tuple(DECK[i] for i in self.drawn)))
                self.out.extend(self.drawn)
                self.drawn = []
        else:
            self.hands[player].remove(plan.played)
        self.phase = "turn"
        if kind == LAY:
            self.table.append(plan.played)
            if events is not None:
                events.append(Event("laid", player, card=card))
            self._lay_effect(card, player, events)
            return
        if kind == JOKER_QUANTO:
            self._joker_quanto(plan, player, events)
        else:
            self._take_from_table(plan, card, player, events)
        self._end_turn(events)

    def _take_from_table(self, plan: Plan, card: Card, player: int, events: list[Event] | None) -> None:
        for card_id in plan.taken_ids:
            self.table.remove(card_id)
        if plan.taken_ids:
            self.last_capturer = player
        kind = plan.kind
        groups = tuple(plan.groups) if events is not None else ()
        if kind == CAPTURE:
            if events is not None:
                events.append(Event("captured", player, card=card, groups=groups, value=plan.value))
                self._bonus(plan, player, events)
            self.win[player].extend(plan.taken_ids)
            self.win[player].append(plan.played)
        elif kind == FORM:
            self.chip_of[player] = plan.value
            self.stacks[player] = [plan.played, *plan.taken_ids]
            if events is not None:
                events.append(Event("quanto_formed", player, card=card, cards=plan.partner, value=plan.value))
                events.append(Event("chip_taken", player, value=plan.value))
                if groups:
                    events.append(Event("quanto_groups_added", player, groups=groups, value=plan.value))
        elif kind == EXTEND:
            self.stacks[player].extend([plan.played, *plan.taken_ids])
            if events is not None:
                events.append(Event("quanto_extended", player, card=card, cards=plan.partner, value=plan.value))
                if groups:
                    events.append(Event("quanto_groups_added", player, groups=groups, value=plan.value))
        elif kind == COLLECT:
            if groups and events is not None:
                events.append(Event("quanto_groups_added", player, groups=groups, value=plan.value))
            stack = self.stacks[player] + plan.taken_ids
            self.win[player].extend(stack)
            self.win[player].append(plan.played)
            if events is not None:
                events.append(
                    Event(
                        "quanto_collected",
                        player,
                        card=card,
                        value=plan.value,
                        cards=tuple(DECK[i] for i in stack) + (card,),
                    )
                )
                self._bonus(plan, player, events)  # told after the card that earns it
                events.append(Event("chip_returned", player, value=plan.value))
            self.stacks[player] = []
            self.chip_of[player] = None

    def _bonus(self, plan: Plan, player: int, events: list[Event]) -> None:
        if plan.bonus is not None:
            events.append(Event("rainbow_bonus", player, card=plan.bonus))

    def _joker_quanto(self, plan: Plan, player: int, events: list[Event] | None) -> None:
        other = plan.target
        assert other is not None
        stack = self.stacks[other]
        if events is not None:
            events.append(
                Event(
                    "joker_took_quanto",
                    player,
                    card=DECK[plan.played],
                    other=other,
                    value=self.chip_of[other],
                    cards=tuple(DECK[i] for i in stack),
                )
            )
            events.append(Event("chip_returned", other, value=self.chip_of[other]))
        self.win[player].extend(stack)
        self.win[player].append(plan.played)
        self.stacks[other] = []
        self.chip_of[other] = None

    def _lay_effect(self, card: Card, player: int, events: list[Event] | None) -> None:
        if card.value == 1:
            for step in range(1, self.players):
                other = (player + step) % self.players
                if self.win[other]:
                    taken = self.win[other].pop()
                    self.win[player].append(taken)
                    if events is not None:
                        events.append(Event("one_took", player, card=DECK[taken], other=other))
        elif card.value == 2:
            if self.hands[player]:
                self.phase = "after_two"
                if events is not None:
                    events.append(Event("two_again", player))
                return
            if events is not None:
                events.append(Event("two_chain_ends", player))
        elif card.value == 3:
            if self.draw:
                for _ in range(min(3, len(self.draw))):
                    self.drawn.append(self._draw_one(events))
                self.phase = "after_three"
                if events is not None:
                    events.append(Event("three_drew", player, cards=tuple(DECK[i] for i in self.drawn)))
                return
            if events is not None:
                events.append(Event("three_no_effect", player))
        self._end_turn(events)

    # -- drawing -------------------------------------------------------------------------
    def _draw_one(self, events: list[Event] | None) -> int:
        card_id = self.draw.pop()
        if not self.draw and not self.end_begun:
            self.end_begun = True
            if events is not None:
                events.append(Event("last_card_drawn"))
        return card_id

    def reveal(self, count: int, events: list[Event] | None, player: int | None = None) -> None:
        """Turn `count` cards onto the table; each rainbow card turned up adds one more."""
        revealed: list[Card] = []
        extra = 0
        while count > 0 and self.draw:
            card_id = self._draw_one(events)
            self.table.append(card_id)
            revealed.append(DECK[card_id])
            count -= 1
            if DECK[card_id].rainbow:
                count += 1
                extra += 1
        if revealed and events is not None:
            events.append(Event("table_refilled", player, cards=tuple(revealed), value=extra))

    def _refill_hand(self, player: int, events: list[Event] | None) -> None:
        drawn = []
        while len(self.hands[player]) < self.hand_size and self.draw:
            card_id = self._draw_one(events)
            self.hands[player].append(card_id)
            drawn.append(DECK[card_id])
        if drawn and events is not None:
            events.append(Event("hand_refilled", player, cards=tuple(drawn), value=len(drawn), hidden=True))

    # -- turn end and game end -----------------------------------------------------------
    def _end_turn(self, events: list[Event] | None) -> None:
        player = self.to_move
        self.phase = "turn"
        if self.options.refill == "auto":
            self.reveal(self.table_size - len(self.table), events, player)
            self._refill_hand(player, events)
        if not self.draw and not any(self.hands):
            self._finish(events)
            return
        self.to_move = (player + 1) % self.players
        if events is not None:
            events.append(Event("next_player", self.to_move))

    def _finish(self, events: list[Event] | None) -> None:
        if events is None:
            events = []  # the end is told once a game: no need to save its few events
        if self.table:
            cards = tuple(DECK[i] for i in self.table)
            if self.last_capturer is None:
                self.out.extend(self.table)
                events.append(Event("table_out", cards=cards))
            else:
                self.win[self.last_capturer].extend(self.table)
                events.append(Event("table_to_last_capturer", self.last_capturer, cards=cards))
            self.table = []
        for player, stack in enumerate(self.stacks):
            if self.chip_of[player] is not None:
                events.append(
                    Event("quanto_lost", player, value=self.chip_of[player], cards=tuple(DECK[i] for i in stack))
                )
                self.out.extend(stack)
                self.stacks[player] = []
                self.chip_of[player] = None
        self.over = True
        events.append(Event("game_over", scores=tuple(self.scores()), winners=tuple(self.winners())))

    # -- copies, JSON, views -------------------------------------------------------------
    def clone(self) -> QuantoState:
        twin = QuantoState.__new__(QuantoState)
        twin.__dict__.update(self.__dict__)
        twin.epoch = object()
        for name in ("table", "draw", "out", "drawn", "chip_of"):
            setattr(twin, name, list(getattr(self, name)))
        for name in ("hands", "win", "stacks"):
            setattr(twin, name, [list(zone) for zone in getattr(self, name)])
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (card ids; the draw pile top first)."""
        from .serialise import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QuantoState:
        """The state written by `to_dict`; a malformed one raises `SaveFileError`."""
        from .serialise import state_from_dict

        return state_from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, QuantoState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def view(self, player: int) -> QuantoView:
        """What `player` may see: no other hand, no order or content of the draw pile."""
        check_player(player, self.players)
        from .view import QuantoView

        return QuantoView.of(self, player)

    def selection(self, card_id: int, table_ids: object = (), declared: int | None = None) -> Selection:
        """What a hand card with these table cards can still become (see `selection.py`)."""
        from .selection import query

        if isinstance(table_ids, (str, bytes)) or not isinstance(table_ids, (list, tuple, set, frozenset)):
            raise IllegalMoveError("move.field_type", field="table_ids")
        return query(self, card_id, list(table_ids), declared)

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)

    def __repr__(self) -> str:
        return (
            f"<QuantoState players={self.players} seed={self.seed} to_move={self.to_move} "
            f"phase={self.phase} draw={len(self.draw)} over={self.over}>"
        )


def new_game(players: int = 3, seed: int | None = None, **options: Any) -> QuantoState:
    """A new game of Quanto for 2–6 players; `options` are those of `QuantoOptions`."""
    return QuantoState.new(players, seed, QuantoOptions.from_dict(options))
