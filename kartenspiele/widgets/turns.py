"""A game table's turn flow: whose turn it is, starting and resuming a game, applying a move,
forced and computer players' moves at their pace, undo, the hot-seat curtain and the game's end."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .. import bots
from ..classroom.classes import pupil
from ..core.errors import KartenspieleError
from ..core.events import Event
from ..core.rng import derive_rng
from ..core.session import Session
from ..kernel import click_limit
from .pacing import SPEEDS
from .seats import Seat, seat_names
from .setup import GameConfig
from .taps import log


class TurnFlow:
    """The turn-flow part of `GameTable` (mixed in; see the module text)."""

    # -- state -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        assert self.session is not None
        return self.session.state

    @property
    def people(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_person]

    @property
    def hot_seat(self) -> bool:
        return len(self.people) > 1

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown: the one person, or in hot-seat the revealed seat."""
        people = self.people
        if len(people) == 1:
            return people[0]
        return self.shown_seat

    @property
    def narrator_viewer(self) -> int | None:
        """Whom the log addresses as "du": the one person; nobody in hot-seat play."""
        people = self.people
        return people[0] if len(people) == 1 else None

    def my_turn(self) -> bool:
        """Whether the shown seat may act now."""
        return (
            self.session is not None
            and not self.state.is_terminal()
            and self.viewer is not None
            and self.state.to_move == self.viewer
        )

    # -- starting ----------------------------------------------------------------------------
    def person_acts(self) -> bool:
        """Whether the person at the screen may choose a move now (their turn, curtain open)."""
        return self.my_turn() and not self.needs_curtain()

    def start_game(self, config: GameConfig) -> None:
        """Deal a new game as chosen in the panel."""
        self.config = config
        self.load(self.new_state(config), config.seats)

    def load(self, state: Any, seats: Sequence[Seat], names: Sequence[str] | None = None) -> None:
        """Play from `state` with these seats (a new game, or a prepared scenario)."""
        self._cancel_pending()
        self.session = Session(state)
        self.reported_over = False
        self.next_level: str | None = None  # the computer's level for the next game, when it follows the child
        self.started_at = time.monotonic()
        self.seats = tuple(seats)
        self._given_names = list(names) if names else None
        self.names = self._given_names or seat_names(self.seats, self.lang, self.child_name)
        self.bots = {i: bots.make_bot(self.game, seat.kind) for i, seat in enumerate(self.seats) if seat.is_computer}
        self.bot_rngs = {i: derive_rng(state.seed, "widgets", "computer", i) for i in self.bots}
        self.actors, self.decisions = [], []
        self.shown_seat = None
        self.message_html = ""
        self.clear_selection()
        self._layout()
        self._advance()
        self.redraw()
        self.access.request_focus("table")

    def play_again(self) -> None:
        """The same deal again, with the same seats."""
        if self.config is not None:
            self.start_game(self.config)

    def show_setup(self) -> None:
        """Open the new-game panel. A game in progress stays: "Zurück zum Spiel" returns to
        it until a new one starts."""
        self._cancel_pending()
        if self.config is not None:
            self.setup.reroll()
        self._layout(setup=True)

    def resume(self) -> None:
        """Close the new-game panel and go on with the game in progress."""
        if self.session is not None:
            self._layout()
            self._advance()
            self.redraw()
            self.access.request_focus("hand")

    # -- moves -----------------------------------------------------------------------------
    def play(self, move: Any) -> bool:
        """Make a person's move (from the buttons); returns whether it was made (else the
        person is told why)."""
        if not self.person_acts():
            self.refuse_turn(f"move {move}")
            return False
        if self.move_guard is not None:
            refusal = self.move_guard(move)
            if refusal:
                log.info("%s: the move %s was refused: %s", type(self).__name__, move, refusal)
                self.say(refusal, "warn")
                self.redraw()
                return False
        try:
            self._apply(move, decision=True)
        except KartenspieleError as error:
            log.info("%s: the engine refused the move %s: %s", type(self).__name__, move, error.key)
            self.say(error.message(self.lang), "warn")
            self.redraw()
            return False
        self.message_html = ""
        self.clear_selection()
        self._advance()
        self.redraw()
        for callback in self.after_play:
            callback()
        self.access.request_focus("result" if self.state.is_terminal() else "hand")
        return True

    def _apply(self, move: Any, decision: bool) -> list[Event]:
        assert self.session is not None
        with click_limit.uninterrupted():  # a stopped click never leaves a move half made
            actor = self.state.to_move
            events = self.session.apply(move)
            self.actors.append(actor)
            self.decisions.append(decision)
            if self.hot_seat and self.state.to_move != actor:
                self.shown_seat = None
            for listener in self.listeners:
                listener(move, events)
        self.lift(actor, move, events)
        return events

    def forced_move(self) -> Any | None:
        """The move a person must make without choosing (passing with nothing to play)."""
        moves = self.state.legal_moves()
        if len(moves) == 1 and moves[0].kind == "pass":
            return moves[0]
        return None

    def _advance(self) -> None:
        """Let forced moves and computer players go on until a person must decide, a timer
        is set, or step mode waits for "next move"."""
        self._cancel_pending()
        while self.session is not None and not self.state.is_terminal():
            seat = self.state.to_move
            if self.seats[seat].is_person:
                forced = self.forced_move()
                if forced is None:
                    return
                self._apply(forced, decision=False)
                continue
            if not self.seats[seat].is_computer or self.step.value:
                return
            delay = SPEEDS[self.speed.value]
            if delay > 0:
                self._pending = self.scheduler(delay, self._tick)
                if self._pending is not None:
                    return
            self._computer_move()

    def _computer_move(self) -> None:
        seat = self.state.to_move
        move = self.bots[seat].choose(self.state.view(seat), self.bot_rngs[seat])
        self._apply(move, decision=False)

    def _computer_to_move(self) -> bool:
        return self.session is not None and not self.state.is_terminal() and self.seats[self.state.to_move].is_computer

    def _tick(self) -> None:
        self._pending = None
        if not self._computer_to_move():
            return
        self._computer_move()
        self._advance()
        self.redraw()

    def next_move(self) -> None:
        """Step mode: let the computer make its next move."""
        if not self._computer_to_move():
            self.refuse("next move", "no computer to move", "tap.changed")
            return
        self._computer_move()
        if not self.step.value or not self.seats[self.state.to_move].is_computer:
            self._advance()
        self.redraw()

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _pace_changed(self) -> None:
        if self.session is not None:
            self._advance()
            self.redraw()

    def undo(self) -> None:
        """Take back the last move a person chose, and the computer moves after it."""
        if self.session is None or True not in self.decisions:
            self.refuse("undo", "no move of a person to take back", "tap.nothing_to_undo")
            return
        self._cancel_pending()
        while True:
            self.session.undo()
            self.actors.pop()
            if self.decisions.pop():
                break
        self.shown_seat = None if self.hot_seat else self.shown_seat
        self.message_html = ""
        self.clear_selection()
        self._layout()
        self.redraw()
        self.access.request_focus("hand")

    # -- hot seat --------------------------------------------------------------------------
    def needs_curtain(self) -> bool:
        return (
            self.hot_seat
            and not self.state.is_terminal()
            and self.seats[self.state.to_move].is_person
            and self.shown_seat != self.state.to_move
        )

    def reveal(self) -> None:
        """Hot-seat: the person to move is ready; show their hand."""
        if self.session is not None and self.seats[self.state.to_move].is_person:
            self.shown_seat = self.state.to_move
            self.redraw()
        else:
            self.refuse_turn("curtain")

    def person_result(self) -> str:
        """How the finished game ended for the people at the screen: "won", "lost" or "draw"."""
        scores = list(self.state.scores())
        people = self.people or [0]
        best = max(scores)
        mine = max(scores[seat] for seat in people)
        return "draw" if scores.count(best) > 1 and mine == best else "won" if mine == best else "lost"

    def _report_result(self) -> None:
        """Tell the pupil's class (if they joined one) how the game ended and how long it was, and
        whoever waits for the end (`after_game`)."""
        scores = list(self.state.scores())
        result = self.person_result()
        for callback in self.after_game:
            callback(result)
        pupil.record(
            "game",
            game=self.game,
            result=f"{result} {'-'.join(map(str, scores))}",
            moves=len(self.session.moves),
            seconds=round(time.monotonic() - self.started_at, 1),
        )
