"""The computer's level follows the child at a game table (`bots.ladder`): the first game against
the computer is at the easiest level; after each game one person played alone against the
computer, the level of the next game moves up after a win and down after two losses in a row,
unless the child picked a level in the new-game panel. The browser keeps where the child stands
(`BrowserMemory.levels`), so the next visit goes on from there; the end screen says which level
comes next."""

from __future__ import annotations

from dataclasses import replace

from ..bots.ladder import Ladder
from .memory import BrowserMemory
from .seats import Seat
from .table import GameTable


class LevelCoach:
    """Keeps `table`'s computer seats at the child's level; `memory` keeps it between visits."""

    def __init__(self, table: GameTable, memory: BrowserMemory | None = None) -> None:
        self.table = table
        self.memory = memory
        self.ladder = Ladder.first(table.game)
        table.after_game.append(self.game_over)
        if table.seats_given:  # the page gave the seats and their levels
            return
        if table.offers_setup:
            table.setup.on_level_chosen = self.picked
            table.setup.preset_computers(self.ladder.level)
        if memory is not None:
            memory.observe(lambda _: self._remembered(), "loaded")
            self._remembered()

    def _remembered(self) -> None:
        """The browser's ladder arrived: the panel offers its level (unless a game runs)."""
        if self.memory is None or not self.memory.loaded:
            return
        self.ladder = Ladder.from_json(self.table.game, self.memory.levels.get(self.table.game))
        if self.table.offers_setup and self.table.session is None:
            self.table.setup.preset_computers(self.ladder.level)

    def _keep(self) -> None:
        if self.memory is not None:
            self.memory.levels = {**self.memory.levels, self.table.game: self.ladder.to_json()}

    def picked(self, level: str) -> None:
        """The child picked a level in the panel: it stays."""
        self.ladder = self.ladder.pick(level)
        self._keep()

    def game_over(self, result: str) -> None:
        """A game ended `won`, `lost` or `draw` for the person: with one person against the
        computer, the next game's level follows it (the panel and "Nochmal" both take it)."""
        table = self.table
        if table.seats_given:
            return
        people = [seat for seat in table.seats if seat.is_person]
        computers = [seat for seat in table.seats if seat.is_computer]
        if len(people) != 1 or not computers:
            return
        self.ladder = self.ladder.after(result)
        self._keep()
        level = self.ladder.level
        if table.offers_setup:
            table.setup.preset_computers(level)
        if table.config is not None:
            seats = tuple(Seat(level) if seat.is_computer else seat for seat in table.config.seats)
            table.config = replace(table.config, seats=seats)
        table.next_level = level
