"""The Tausch-Rausch game state: set-up, legal moves, applying a move, the end, JSON, views.

In the manner of OpenSpiel: `legal_moves()`, `apply(move)`, `is_terminal()`, `returns()`,
`clone()`, `to_dict()`/`from_dict()`. Zones hold card ids (see `cards.DECK`) and task ids;
piles keep their top card last. Reshuffling the discard pile uses
`derive_rng(seed, "tausch_rausch", "reshuffle", n)` for the n-th reshuffle, so no random
state has to be stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import GameOverError, PlayerCountError, RuleOptionError, check_player
from ..core.events import Event
from ..core.rng import check_seed, derive_rng, new_seed
from ..i18n import text
from .cards import DECK, STALL_SIZES, Card, sort_cards
from .movegen import MoveList, legal_moves
from .moves import FULFIL, PASS, SWAP, Move
from .options import TauschRauschOptions
from .rules import Plan, has_move, plan_move
from .tasks import Task

if TYPE_CHECKING:
    from .display import Hand, Market
    from .view import TauschRauschView

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE = 5
OPEN_TASKS = 5


def check_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayerCountError("player_count", game="Tausch-Rausch", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)
    return players


class TauschRauschState:
    """A position of Tausch-Rausch: every zone, the tasks, the player to move."""

    game = "tausch_rausch"
    _actions: MoveList | None = None  # the moves behind the last `legal_actions()`, until a move

    def __init__(self, players: int, seed: int, options: TauschRauschOptions | None = None) -> None:
        self.players = check_players(players)
        self.seed = check_seed(seed)
        self.options = options or TauschRauschOptions()
        deck = self.options.tasks
        if len(deck) < players * (self.options.tasks_to_win - 1) + 1:
            raise RuleOptionError(
                "tausch_rausch.option.deck_too_small",
                tasks=len(deck),
                players=players,
                win=self.options.tasks_to_win,
                need=players * (self.options.tasks_to_win - 1) + 1,
            )
        self.tasks_by_id: dict[str, Task] = {task.id: task for task in deck}
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stalls: list[list[int]] = [[] for _ in STALL_SIZES]
        self.draw: list[int] = []  # top card last
        self.discard: list[int] = []  # top card last
        self.open_tasks: list[str] = []  # the face-up tasks, left to right
        self.task_pile: list[str] = []  # top task last
        self.fulfilled: list[list[str]] = [[] for _ in range(players)]
        self.to_move = 0
        self.turn = 0  # moves made so far
        self.reshuffles = 0  # times the discard pile became the draw pile
        self.over = False
        self.winner: int | None = None

    # -- set-up --------------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: int = 3, seed: int | None = None, options: TauschRauschOptions | Mapping[str, Any] | None = None
    ) -> TauschRauschState:
        """A new game: shuffle with `seed`, fill the five stalls, deal 5 cards to each
        player, turn up 5 tasks."""
        if not isinstance(options, TauschRauschOptions):
            options = TauschRauschOptions.from_dict(options)
        state = cls(players, new_seed() if seed is None else seed, options)
        cards = list(range(len(DECK)))
        derive_rng(state.seed, "tausch_rausch", "deal").shuffle(cards)
        for stall, size in enumerate(STALL_SIZES):
            state.stalls[stall] = [cards.pop() for _ in range(size)]
        for _ in range(HAND_SIZE):
            for hand in state.hands:
                hand.append(cards.pop())
        state.draw = cards
        tasks = [task.id for task in options.tasks]
        derive_rng(state.seed, "tausch_rausch", "tasks").shuffle(tasks)
        state.open_tasks = [tasks.pop() for _ in range(min(OPEN_TASKS, len(tasks)))]
        state.task_pile = tasks
        return state

    # -- queries -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def task(self, task_id: str) -> Task:
        """A task of this game's deck by its id."""
        return self.tasks_by_id[task_id]

    def hand_cards(self, player: int) -> list[Card]:
        """A player's hand as faces, sorted."""
        return list(sort_cards(DECK[i] for i in self.hands[player]))

    def hand(self, player: int) -> Hand:
        """A player's hand, shown as cards in a notebook."""
        from .display import Hand

        return Hand(tuple(self.hand_cards(player)), text("player.name", None, number=player + 1))

    def market(self) -> Market:
        """The five market stalls, shown as cards in a notebook."""
        from .display import Market

        return Market(tuple(sort_cards(DECK[i] for i in stall) for stall in self.stalls))

    def legal_moves(self) -> MoveList:
        """Every legal move, each once, as a lazy sequence (see `movegen.MoveList`; it equals
        the plain list). `apply` accepts every legal move, listed or not (for example a swap
        that gives the other copy of a face)."""
        return legal_moves(self)

    def legal_actions(self) -> range:
        """The legal moves as integer actions, as OpenSpiel and RLCard give them: action `i`
        is the move `legal_moves()[i]` (numbered in this position, counted without listing
        them). For `apply_action`, `action_to_move`, `move_to_action`."""
        return range(len(self._numbered()))

    def action_to_move(self, action: int) -> Move:
        """The move numbered `action` in this position; any other action raises
        `IllegalMoveError`."""
        if self.over:
            raise GameOverError("illegal.game_over")
        return self._numbered().plan(action).move

    def move_to_action(self, move: Move) -> int:
        """The integer action of a legal move in this position; an illegal move raises
        `IllegalMoveError` with the reason."""
        plan_move(self, move)
        return self._numbered().index(move)

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

    def must_pass(self) -> bool:
        """Whether the player to move has no move but to pass."""
        return not self.over and not has_move(self)

    def is_terminal(self) -> bool:
        return self.over

    def is_draw(self) -> bool:
        """Whether the game ended at the turn cap without a winner."""
        return self.over and self.winner is None

    def scores(self) -> list[int]:
        """Tasks fulfilled by each player."""
        return [len(tasks) for tasks in self.fulfilled]

    def winners(self) -> list[int]:
        """The winner (empty before the end and after a draw)."""
        return [] if self.winner is None else [self.winner]

    def returns(self) -> list[float]:
        """1 for the winner; a draw shares 1 among all players; 0 before the end."""
        if not self.over:
            return [0.0] * self.players
        if self.winner is None:
            return [1 / self.players] * self.players
        return [float(p == self.winner) for p in range(self.players)]

    # -- applying moves ------------------------------------------------------------------
    def apply(self, move: Move) -> list[Event]:
        """Carry out a legal move and return the events it caused; an illegal move raises
        `IllegalMoveError` and changes nothing."""
        return self._carry_out(plan_move(self, move))

    def apply_action(self, action: int) -> list[Event]:
        """Carry out the move numbered `action` in `legal_actions()` (the same events as
        `apply(legal_moves()[action])`); any other action raises `IllegalMoveError` and
        changes nothing."""
        if self.over:
            raise GameOverError("illegal.game_over")
        return self._carry_out(self._numbered().plan(action))

    def _numbered(self) -> MoveList:
        """The moves that `legal_actions()` numbered (made again if a copy or a move came between)."""
        moves = self._actions
        if moves is None or moves.state is not self:
            moves = self._actions = legal_moves(self)
        return moves

    def _carry_out(self, plan: Plan) -> list[Event]:
        self._actions = None
        move = plan.move
        events: list[Event] = []
        player = self.to_move
        self.turn += 1
        if move.kind == PASS:
            events.append(Event("passed", player))
        elif move.kind == SWAP:
            self._swap(plan, player, events)
        elif move.kind == FULFIL:
            self._fulfil(plan, player, events)
        if not self.over:
            self._end_turn(events)
        return events

    def _swap(self, plan: Plan, player: int, events: list[Event]) -> None:
        stall = plan.move.stall
        assert stall is not None
        hand = self.hands[player]
        received = self.stalls[stall]
        for card_id in plan.card_ids:
            hand.remove(card_id)
        hand.extend(received)
        self.stalls[stall] = list(plan.card_ids)
        events.append(
            Event(
                "swapped", player, cards=plan.move.cards, value=stall, groups=(sort_cards(DECK[i] for i in received),)
            )
        )
        self._draw(player, 1, events)

    def _fulfil(self, plan: Plan, player: int, events: list[Event]) -> None:
        task = plan.task
        assert task is not None
        hand = self.hands[player]
        for card_id in plan.card_ids:
            hand.remove(card_id)
            self.discard.append(card_id)
        self.fulfilled[player].append(task.id)
        slot = self.open_tasks.index(task.id)
        wins = len(self.fulfilled[player]) >= self.options.tasks_to_win
        # value: the reward drawn; the winning task draws none
        events.append(
            Event("task_fulfilled", player, cards=plan.move.cards, task=task.id, value=None if wins else task.reward)
        )
        if wins:
            del self.open_tasks[slot]
            self.over = True
            self.winner = player
            events.append(
                Event(
                    "game_won",
                    player,
                    value=len(self.fulfilled[player]),
                    scores=tuple(self.scores()),
                    winners=(player,),
                )
            )
            return
        if self.task_pile:
            self.open_tasks[slot] = self.task_pile.pop()
            events.append(Event("task_revealed", player, task=self.open_tasks[slot]))
        else:
            del self.open_tasks[slot]
            events.append(Event("task_pile_empty", player))
        self._draw(player, task.reward, events)

    def _draw(self, player: int, count: int, events: list[Event]) -> None:
        drawn: list[int] = []
        for _ in range(count):
            if not self.draw:
                if not self.discard:
                    break
                self._reshuffle(events)
            drawn.append(self.draw.pop())
        self.hands[player].extend(drawn)
        if drawn:
            events.append(Event("drew", player, cards=tuple(DECK[i] for i in drawn), value=len(drawn), hidden=True))
        if len(drawn) < count:
            events.append(Event("nothing_to_draw", player, value=count - len(drawn)))

    def _reshuffle(self, events: list[Event]) -> None:
        pile, self.discard = self.discard, []
        derive_rng(self.seed, "tausch_rausch", "reshuffle", self.reshuffles).shuffle(pile)
        self.reshuffles += 1
        self.draw = pile
        events.append(Event("reshuffled", value=len(pile)))

    def _end_turn(self, events: list[Event]) -> None:
        cap = self.options.turn_cap
        if cap is not None and self.turn >= cap:
            self.over = True
            events.append(Event("turn_cap", value=self.turn, scores=tuple(self.scores())))
            return
        self.to_move = (self.to_move + 1) % self.players
        events.append(Event("next_player", self.to_move))

    # -- copies, JSON, views, display ----------------------------------------------------
    def clone(self) -> TauschRauschState:
        twin = TauschRauschState.__new__(TauschRauschState)
        twin.__dict__.update(self.__dict__)
        twin._actions = None
        for name in ("draw", "discard", "open_tasks", "task_pile"):
            setattr(twin, name, list(getattr(self, name)))
        for name in ("hands", "stalls", "fulfilled"):
            setattr(twin, name, [list(zone) for zone in getattr(self, name)])
        return twin

    def card_zones(self) -> dict[str, list[int]]:
        """Every zone of number cards by name (for checks: together they hold the 80 cards)."""
        zones = {"draw": self.draw, "discard": self.discard}
        zones.update({f"hand {p}": hand for p, hand in enumerate(self.hands)})
        zones.update({f"stall {s}": stall for s, stall in enumerate(self.stalls)})
        return zones

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (card ids; piles top first)."""
        from .serialise import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TauschRauschState:
        """The state written by `to_dict`; a malformed one raises `SaveFileError`."""
        from .serialise import state_from_dict

        return state_from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TauschRauschState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def view(self, player: int) -> TauschRauschView:
        """What `player` may see: no other hand, no draw pile, no task pile order, no seed."""
        check_player(player, self.players)
        from .view import TauschRauschView

        return TauschRauschView.of(self, player)

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)

    def __repr__(self) -> str:
        return (
            f"<TauschRauschState players={self.players} seed={self.seed} to_move={self.to_move} "
            f"turn={self.turn} tasks={self.scores()} over={self.over}>"
        )


def new_game(players: int = 3, seed: int | None = None, **options: Any) -> TauschRauschState:
    """A new game of Tausch-Rausch for 2–4 players; `options` are those of
    `TauschRauschOptions` (`tasks_to_win`, `turn_cap`, `deck`)."""
    return TauschRauschState.new(players, seed, TauschRauschOptions.from_dict(options))
