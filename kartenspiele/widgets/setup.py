"""The new-game panel: players, who sits where, rule variants and the seed.

The defaults start a game of one person against the computer with a single click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..core.rng import new_seed
from .access import Access, tagged
from .plain import set_shown
from .seats import PERSON, Seat, available_levels, default_level, level_label
from .texts import relabel_options, t


@dataclass(frozen=True)
class Variant:
    """A rule option offered in the panel: its name, label key and (label key, value) choices."""

    option: str
    label: str
    choices: tuple[tuple[str, Any], ...]

    @property
    def default(self) -> Any:
        return self.choices[0][1]


@dataclass(frozen=True)
class GameConfig:
    """What the panel chose."""

    players: int
    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]


class SetupPanel(widgets.VBox):
    """Choose players, seats, variants and seed; `on_start(config)` runs on "Spiel starten"."""

    def __init__(
        self,
        game: str,
        players: tuple[int, int],
        variants: Sequence[Variant],
        lang: str,
        on_start: Callable[[GameConfig], None],
        default_players: int = 2,
    ) -> None:
        super().__init__()
        self.add_class("ks-setup")
        self.game = game
        self.lang = lang
        self._relabelling = False
        self.on_level_chosen: Callable[[str], None] | None = None
        """Called with the level when the child picks a computer level for a seat itself."""
        self.variants = tuple(variants)
        self.levels = available_levels(game)
        low, high = players
        self.title = widgets.HTML()
        self.players_label = widgets.HTML()
        self.players = widgets.ToggleButtons(options=list(range(low, high + 1)), value=default_players)
        self.players.add_class("ks-players")
        self.seat_labels = [widgets.HTML() for _ in range(high)]
        self.seat_kinds = [widgets.Dropdown(layout=widgets.Layout(width="14em")) for _ in range(high)]
        self.seat_names = [widgets.Text(layout=widgets.Layout(width="12em")) for _ in range(high)]
        self.seat_rows = [
            widgets.HBox([label, kind, name], layout=widgets.Layout(align_items="center"))
            for label, kind, name in zip(self.seat_labels, self.seat_kinds, self.seat_names)
        ]
        computer = default_level(self.levels)
        for index, kind in enumerate(self.seat_kinds):
            kind.options = self._kind_options()
            kind.value = PERSON if index == 0 or computer is None else computer
            kind.observe(self._seats_changed, "value")
        self.variant_labels = [widgets.HTML() for _ in self.variants]
        self.variant_boxes = [widgets.Dropdown(layout=widgets.Layout(width="22em")) for _ in self.variants]
        self.seed_label = widgets.HTML()
        self.seed = widgets.BoundedIntText(value=new_seed(), min=0, max=10**9, layout=widgets.Layout(width="10em"))
        self.dice = widgets.Button(icon="random", layout=widgets.Layout(width="auto"))
        self.dice.on_click(lambda _: self.reroll())
        self.start = widgets.Button(button_style="success")
        self.start.add_class("ks-start")
        self.start.on_click(lambda _: on_start(self.config()))
        self.players.observe(self._seats_changed, "value")
        variant_rows = [
            widgets.HBox([label, box], layout=widgets.Layout(align_items="center"))
            for label, box in zip(self.variant_labels, self.variant_boxes)
        ]
        self.children = (
            self.title,
            widgets.HBox([self.players_label, self.players]),
            *self.seat_rows,
            *variant_rows,
            widgets.HBox([self.seed_label, self.seed, self.dice]),
            self.start,
        )
        self.control_tags = [tagged(control) for control in (*self.seat_kinds, *self.variant_boxes, self.seed)]
        self.relabel(lang)
        self._seats_changed()

    def _kind_options(self) -> list[tuple[str, str]]:
        options = [(t("seat.person", self.lang), PERSON)]
        options += [
            (t("seat.computer", self.lang, level=level_label(level, self.lang)), level) for level in self.levels
        ]
        return options

    def _seats_changed(self, change: dict | None = None) -> None:
        if self._relabelling:
            return
        picked = change is not None and change["owner"] in self.seat_kinds and change["new"] in self.levels
        if picked and self.on_level_chosen is not None:
            self.on_level_chosen(change["new"])
        for index, row in enumerate(self.seat_rows):
            set_shown(row, index < self.players.value)
            self.seat_names[index].layout.visibility = "visible" if self.seat_kinds[index].value == PERSON else "hidden"

    def relabel(self, lang: str) -> None:
        """Show every text in `lang`."""
        self.lang = lang
        self.title.value = f"<h2>{t('setup.title', lang)}</h2>"
        self.players_label.value = f"<b>{t('setup.players', lang)}</b>"
        self._relabelling = True  # the seats' drop-downs pass through their first option
        try:
            for index, (label, kind, name) in enumerate(zip(self.seat_labels, self.seat_kinds, self.seat_names)):
                label.value = t("setup.seat", lang, number=index + 1)
                relabel_options(kind, self._kind_options())
                name.placeholder = t("seat.person_name", lang, number=index + 1)
        finally:
            self._relabelling = False
        for variant, label, box in zip(self.variants, self.variant_labels, self.variant_boxes):
            label.value = f"{t(variant.label, lang)}"
            if box.options:
                relabel_options(box, [(t(key, lang), choice) for key, choice in variant.choices])
            else:
                box.options = [(t(key, lang), choice) for key, choice in variant.choices]
                box.value = variant.default
        self.seed_label.value = t("setup.seed", lang)
        self.dice.tooltip = t("setup.new_seed", lang)
        self.start.description = t("setup.start", lang)

    def name_controls(self, access: Access) -> None:
        """Give each drop-down and the game number the name its label shows (the labels are
        texts of their own, which a screen reader does not tie to the control)."""
        names = [t("setup.seat", self.lang, number=index + 1) for index in range(len(self.seat_kinds))]
        names += [t(variant.label, self.lang) for variant in self.variants]
        names.append(t("setup.seed", self.lang))
        for tag, name in zip(self.control_tags, names):
            access.set(tag, {"control:aria-label": name})

    def preset_computers(self, level: str) -> None:
        """Let every computer seat play at `level` (the level that follows the child); not a pick."""
        self._relabelling = True
        try:
            for kind in self.seat_kinds:
                if kind.value != PERSON:
                    kind.value = level
        finally:
            self._relabelling = False

    def reroll(self) -> None:
        """A fresh random seed."""
        self.seed.value = new_seed()

    def set_players(self, players: int, seats: Sequence[Seat] | None = None) -> None:
        """Preset the number of players and, optionally, the seats."""
        self.players.value = players
        for index, seat in enumerate(seats or ()):
            self.seat_kinds[index].value = seat.kind
            self.seat_names[index].value = seat.name

    def config(self) -> GameConfig:
        """The game chosen in the panel."""
        players = self.players.value
        seats = tuple(
            Seat(kind.value, name.value if kind.value == PERSON else "")
            for kind, name in zip(self.seat_kinds[:players], self.seat_names[:players])
        )
        options = {variant.option: box.value for variant, box in zip(self.variants, self.variant_boxes)}
        return GameConfig(players, seats, int(self.seed.value), options)
