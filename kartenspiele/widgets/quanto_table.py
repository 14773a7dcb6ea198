"""The Quanto table: pick a hand card, then table cards; the engine's selection query says
what they can still become (the buttons), the running sum, and why a card cannot join."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.events import Event
from ..quanto import Move, narrate, new_game
from ..quanto.cards import CHIPS, DECK
from ..quanto.display import back_html, card_html
from ..quanto.explain import card_name
from ..quanto.moves import (
    CAPTURE,
    COLLECT,
    EXTEND,
    FORM,
    JOKER_QUANTO,
    LAY,
    PASS,
    REFILL_HAND,
    REFILL_TABLE,
)
from ..quanto.state import MAX_PLAYERS, MIN_PLAYERS
from .buttons import ButtonRow, Spec
from .motion import Flight, Plan, fixed, matching, seat
from .plain import plain, set_shown
from .setup import GameConfig, Variant
from .table import GameTable
from .texts import t, why

ACTION_LINES = 6
"""The lines the buttons may take beside the board (`button_lines`); a turn whose buttons would
take more offers its plays in a list. Six lines of buttons (about 290 px) beside the last move,
the sum and the message leave room for cards of 90 px on a 1024 × 768 tablet; a Joker with its
own Quanto to collect and two others to take, laying and both refills would take seven."""
STACK_CARDS = 8
"""A Quanto's newest cards shown; the older ones show as their count. Eight small cards as a
fan fit beside the chip in the own block on a 1024 × 768 tablet, two-digit values too (a stack
of a whole game grew to 28 cards)."""
END_EVENTS = {"table_to_last_capturer", "table_out", "quanto_lost"}
SIDE_KINDS = (REFILL_TABLE, REFILL_HAND, PASS)
"""Moves that play no card: their buttons stay buttons, beside a list of plays."""


def card_spec(
    card_id: int,
    lang: str,
    classes: Sequence[str] = (),
    tooltip: str = "",
    disabled: bool = False,
    pressed: bool | None = None,
) -> Spec:
    """A card as a button: big value (★ for a joker), rainbow or joker look, its full name
    for screen readers and as tooltip; `pressed` whether it is picked."""
    face = DECK[card_id]
    looks = ["ks-card", "ks-joker" if face.is_joker else f"ks-v{face.value}"]
    if face.rainbow:
        looks.append("ks-rainbow")
    name = card_name(face, lang)
    return Spec(
        card_id,
        "★" if face.is_joker else str(face.value),
        f"{name}. {tooltip}" if tooltip else name,
        tuple(looks) + tuple(classes),
        disabled,
        name=name,
        pressed=pressed,
        description=tooltip,
        face=face,
    )


def button_lines(moves: Sequence[Move]) -> int:
    """The lines that buttons for `moves` take beside the board: two for a "Quanto von …
    nehmen" (it names a player, its words wrap), one for any other play, and one for the row
    of refill buttons."""
    plays = [move for move in moves if move.kind not in SIDE_KINDS]
    return sum(2 if move.kind == JOKER_QUANTO else 1 for move in plays) + (len(plays) < len(moves))


def move_label(move: Move, lang: str, names: Sequence[str]) -> str:
    """The button text of a move: "Nehmen", "Quanto 10 bilden", "Anlegen" …"""
    kind = move.kind
    if kind == CAPTURE:
        if move.declared is not None:
            return t("quanto.action.capture_joker", lang, value=move.declared)
        return t("quanto.action.capture", lang)
    if kind == FORM:
        return t("quanto.action.form", lang, chip=move.chip)
    if kind == JOKER_QUANTO:
        return t("quanto.action.joker_quanto", lang, name=names[move.target])
    return t(f"quanto.action.{kind}", lang)


class QuantoTable(GameTable):
    """Quanto for 2–6 players, people and computer players, in German or English.

    `QuantoTable()` opens the new-game panel; `QuantoTable(start=True)` deals at once.
    Keyword arguments preset the panel: `players`, `seats` (e.g. `["person", "greedy"]`),
    `seed`, `options` (rule variants), `lang`, `speed`, `step`.
    """

    game = "quanto"
    title_key = "quanto.title"
    player_range = (MIN_PLAYERS, MAX_PLAYERS)
    variants = (
        Variant(
            "refill",
            "quanto.variant.refill",
            (("quanto.variant.refill_choice", "choice"), ("quanto.variant.refill_auto", "auto")),
        ),
        Variant(
            "lay_only_if_stuck",
            "quanto.variant.lay",
            (("quanto.variant.lay_always", False), ("quanto.variant.lay_stuck", True)),
        ),
    )

    # -- building ------------------------------------------------------------------------
    def build_board(self) -> None:
        self.card: int | None = None
        self.picked: list[int] = []
        self.hinted: Move | None = None
        self._selection_cache: tuple[tuple, Any] | None = None
        self.others = plain(widgets.HTML)
        self.pile = plain(widgets.HTML)
        self.table_label = plain(widgets.HTML, _dom_classes=("ks-table-label",))
        self.table_row = self.card_row("table card", self.press_table)
        self.table_row.add_class("ks-table-cards")
        self.table_empty = plain(widgets.HTML, _dom_classes=("ks-table-empty",))
        top = plain(widgets.HBox, [self.others, self.pile])
        top.add_class("ks-top")
        self.public_area.children = (top, plain(widgets.VBox, [self.table_label, self.table_row, self.table_empty]))
        self.sum_line = plain(widgets.HTML)
        self.sum_line.add_class("ks-sum")
        self.actions = ButtonRow(
            self.tapper("action", self.press_action),
            base_class="ks-action",
            row_class="ks-actions",
            access=self.access,
            on_gone=self.tapper("action", self.gone("action")),
        )
        self.action_list = plain(widgets.Dropdown, layout=widgets.Layout(width="24em"))
        self.action_go = plain(widgets.Button, button_style="primary")
        self.action_go.add_class("ks-action-go")
        self.action_go.on_click(lambda _: self.tap("listed action", self._play_listed))
        self.action_more = plain(
            widgets.HBox,
            [self.action_list, self.action_go],
            layout=widgets.Layout(display="none"),
            _dom_classes=("ks-action-more",),
        )
        self.hand_label = plain(widgets.HTML, _dom_classes=("ks-hand-label",))
        self.hand_row = self.card_row("hand card", self.press_hand)
        self.hand_row.add_class("ks-hand-cards")
        self.held = plain(widgets.HTML)
        self.mine = plain(widgets.HTML)
        hand = plain(widgets.VBox, [self.hand_label, self.hand_row, self.held], _dom_classes=("ks-hand",))
        self.private_area.children = (
            self.sum_line,
            self.actions,
            self.action_more,
            self.message,
            plain(widgets.HBox, [hand, self.mine], _dom_classes=("ks-hand-box",)),
        )
        self._action_moves: list[Move] = []

    def new_state(self, config: GameConfig) -> Any:
        return new_game(config.players, config.seed, **config.options)

    # -- the person's clicks ----------------------------------------------------------------
    def press_hand(self, card_id: int) -> None:
        """A playable card was clicked: choose it (or let it go again)."""
        if not self.person_acts():
            self.refuse_turn("hand card")
            return
        if card_id not in self.state.playable():
            self.refuse("hand card", f"{card_id} is not playable", "tap.changed")
            return
        self.card = None if self.card == card_id else card_id
        self.picked = []
        self.hinted = None
        self.message_html = ""
        self.redraw()

    def press_table(self, card_id: int) -> None:
        """A table card was clicked: add it to the selection, take it back, or say why not."""
        if not self.person_acts():
            self.refuse_turn("table card")
            return
        if card_id not in self.state.table:
            self.refuse("table card", f"{card_id} is not on the table", "tap.changed")
            return
        self.message_html = ""
        self.hinted = None
        if self.card is None:
            self.say(t("quanto.say.card_first", self.lang), "info")
        elif card_id in self.picked:
            self.picked.remove(card_id)
        else:
            selection = self.selection()
            if card_id in selection.joinable:
                self.picked.append(card_id)
            else:
                self.say(selection.why_not(card_id, self.lang, self.names), "warn")
        self.redraw()

    def press_action(self, move: Move) -> None:
        """An action button: make its move, if it is still offered."""
        if move in self._action_moves:
            self.play(move)
        elif not self.person_acts():
            self.refuse_turn("action")
        else:
            self.refuse("action", f"{move} is no longer offered", "tap.changed")

    def _play_listed(self) -> None:
        if self.action_list.value is not None:
            self.press_action(self.action_list.value)
        else:
            self.refuse("listed action", "no move chosen in the list", "tap.changed")

    def clear_selection(self) -> None:
        self.card = None
        self.picked = []
        self.hinted = None

    def show_move(self, move: Move) -> None:
        """Pick the cards of `move` (a hint): its hand card and the table cards it takes;
        its button is marked too."""
        self.hinted = move
        if move.card is None:
            return
        playable = self.state.playable()
        self.card = next((i for i in playable if DECK[i] == move.card), None)
        pool = list(self.state.table)
        self.picked = []
        for face in move.takes:
            match = next((i for i in pool if DECK[i] == face), None)
            if match is not None:
                pool.remove(match)
                self.picked.append(match)

    # -- asking the engine ------------------------------------------------------------------
    def selection(self):
        """The engine's answer for the current pick (remembered until something changes)."""
        key = (len(self.session.moves), self.card, tuple(self.picked))
        if self._selection_cache is None or self._selection_cache[0] != key:
            self._selection_cache = (key, self.state.selection(self.card, self.picked))
        return self._selection_cache[1]

    def offered_moves(self) -> list[Move]:
        """The moves the buttons offer now: what the selection already is, laying the card,
        and refilling."""
        state = self.state
        moves: list[Move] = []
        if self.card is not None:
            moves.extend(self.selection().ready)
            if not self.picked:
                lay = Move(LAY, DECK[self.card])
                if state.is_legal(lay):
                    moves.append(lay)
        for move in (Move(kind) for kind in SIDE_KINDS):
            if state.is_legal(move):
                moves.append(move)
        return moves

    # -- drawing ------------------------------------------------------------------------------
    def draw_board(self) -> None:
        state = self.state
        lang = self.lang
        viewer = self.viewer
        mine = self.person_acts()
        selection = self.selection() if self.card is not None else None
        self._set(self.others, self._players_html([p for p in range(state.players) if p != viewer]))
        self._set(self.pile, self._pile_html())
        self._set(self.table_label, f"<h2 class='ks-area'>{escape(t('quanto.table', lang))}</h2>")
        specs = []
        for card_id in state.table:
            classes: list[str] = []
            tooltip = ""
            if card_id in self.picked:
                classes.append("ks-selected")
            elif selection is not None:
                if card_id in selection.joinable:
                    classes.append("ks-joinable")
                    tooltip = t("access.joinable", lang)
                else:
                    classes.append("ks-blocked")
                    tooltip = selection.why_not(card_id, lang, self.names)
            specs.append(
                card_spec(
                    card_id, lang, classes, tooltip, disabled=not mine, pressed=card_id in self.picked if mine else None
                )
            )
        self.table_row.show(specs)
        empty = "" if specs else f"<div class='ks-note'>{escape(t('quanto.table_empty', lang))}</div>"
        self._set(self.table_empty, empty)  # where the table's cards would lie
        if viewer is None:
            return
        self._draw_private(viewer, mine, selection)

    def _draw_private(self, viewer: int, mine: bool, selection) -> None:
        state = self.state
        lang = self.lang
        drawn_phase = mine and state.phase == "after_three"
        cards = state.drawn if drawn_phase else state.hands[viewer]
        label = t("quanto.drawn" if drawn_phase else "quanto.your_hand", lang, name=self.names[viewer])
        self._set(self.hand_label, f"<h2 class='ks-area'>{escape(label)}</h2>")
        specs = [
            card_spec(
                i,
                lang,
                ("ks-selected",) if i == self.card else (),
                disabled=not mine,
                pressed=i == self.card if mine else None,
            )
            for i in sorted(cards, key=lambda i: DECK[i].sort_key())
        ]
        self.hand_row.show(specs)
        held = ""
        if drawn_phase and state.hands[viewer]:
            held = (
                f"<div class='ks-row'><span class='ks-label'>{escape(t('quanto.hand_waits', lang))}</span>"
                + "".join(card_html(DECK[i], lang, small=True) for i in state.hands[viewer])
                + "</div>"
            )
        self._set(self.held, held)
        self._set(self.mine, self._players_html([viewer], own=True))
        if selection is not None:
            parts = selection.expression_parts(lang, self.names)
            played = card_name(DECK[self.card], lang)
            text = (
                t("quanto.sum_line", lang, card=played, sum=parts[0])
                if parts
                else t("quanto.sum_line_empty", lang, card=played)
            )
            self._set(self.sum_line, f"<div aria-live='polite'>{escape(text)}</div>{why(' '.join(parts[1:]), lang)}")
        else:
            self._set(self.sum_line, "")
        moves = self.offered_moves() if mine else []
        self._action_moves = moves
        plays = [m for m in moves if m.kind not in SIDE_KINDS]
        if button_lines(moves) > ACTION_LINES:
            others = [m for m in moves if m not in plays]
            self.action_list.options = [(self._describe(m), m) for m in plays]
            if self.hinted in plays:
                self.action_list.value = self.hinted
            elif self.action_list.value is None:
                self.action_list.value = plays[0]  # the list shows a choice, never an empty box
            self.action_go.description = t("quanto.action.do", lang)
            set_shown(self.action_more)
            shown = others
        else:
            set_shown(self.action_more, False)
            shown = moves
        self.actions.show([self._action_spec(m) for m in shown])

    def _describe(self, move: Move) -> str:
        label = move_label(move, self.lang, self.names)
        if move.takes:
            label += ": " + ", ".join(card_name(face, self.lang) for face in move.takes)
        return label

    def _action_spec(self, move: Move) -> Spec:
        label = move_label(move, self.lang, self.names)
        side = move.kind in SIDE_KINDS
        classes = ("ks-side" if side else "ks-main-action", f"ks-do-{move.kind}")
        if move == self.hinted:
            classes += ("ks-hinted",)
        return Spec(move, label, self._describe(move), classes, name=self._describe(move))

    def motion(self, actor: int, move: Move, events: Sequence[Event]) -> Plan:
        """The card played and the table cards it takes fly to the player's win pile (a capture,
        a collected or stolen Quanto) or Quanto (built or extended); a laid card to the table. A
        built or collected Quanto is cheered."""
        kind = move.kind
        if kind not in (CAPTURE, FORM, EXTEND, COLLECT, JOKER_QUANTO, LAY):
            return Plan()
        in_hand = dict(self.hand_row.shown()).get(self.card) if actor == self.viewer else None
        played = in_hand or seat(actor, ".ks-back")
        taken = matching(move.takes, self.table_row.shown(), DECK.__getitem__)
        if kind == LAY:
            laid = move.card

            def on_table() -> str | None:
                return next((place for key, place in self.table_row.shown() if DECK[key] == laid), None)

            return Plan([Flight(played, on_table)])
        into = seat(actor, ".ks-chip") if kind in (FORM, EXTEND) else seat(actor, ".ks-count")
        sources = [played, *taken] + ([seat(move.target, ".ks-chip")] if kind == JOKER_QUANTO else [])
        cheers = [fixed(into)] if kind in (FORM, COLLECT) else []
        return Plan([Flight(source, fixed(into)) for source in sources], cheers)

    def hint_marks(self, move: Move) -> str:
        """What a hint for `move` marks: its cards and its button, or only the button."""
        return t("tutor.hint_button" if move.card is None else "tutor.hint_cards_button", self.lang)

    def player_rows(self, player: int, own: bool) -> list[str]:
        state = self.state
        lang = self.lang
        hand = (
            ""
            if own
            else (
                f"<span class='ks-label'>{escape(t('quanto.hand', lang))}</span>"
                f"{back_html(len(state.hands[player]), lang)}"
            )
        )
        rows = [
            f"<div class='ks-row'>{hand}<span class='ks-label'>{escape(t('quanto.win_pile', lang))}</span>"
            f"<span class='ks-count'>{len(state.win[player])}</span></div>"
        ]
        chip = state.chip_of[player]
        if chip is not None:
            rows.append(
                f"<div class='ks-row'><span class='ks-label'>{escape(t('quanto.quanto', lang))}</span>"
                f"<span class='ks-chip' title='{escape(t('quanto.chip', lang, chip=chip))}'>{chip}</span>"
                f"{self._stack_html(chip, state.stacks[player])}</div>"
            )
        return rows

    def _stack_html(self, chip: int, stack: Sequence[int]) -> str:
        """A Quanto's cards as one group: its newest `STACK_CARDS` cards (the app page lays them
        as a fan, each value at its visible edge; a two-digit value, "ks-wide", needs a wider
        edge), the older ones as their count ("+20"); its name lists every card, for a tooltip
        and for screen readers."""
        lang = self.lang
        names = ", ".join(card_name(DECK[i], lang) for i in stack)
        label = escape(t("quanto.stack", lang, chip=chip, count=len(stack), cards=names))
        older = max(0, len(stack) - STACK_CARDS)
        more = f"<span class='ks-stack-more' aria-hidden='true'>+{older}</span>" if older else ""
        cards = "".join(
            card_html(DECK[i], lang, small=True, classes=("ks-wide",) if (DECK[i].value or 0) >= 10 else ())
            for i in stack[older:]
        )
        return f"<span class='ks-stack' role='group' aria-label='{label}' title='{label}'>{more}{cards}</span>"

    def _pile_html(self) -> str:
        state = self.state
        lang = self.lang
        held = set(state.chip_of)
        chips = "".join(f"<span class='ks-chip'>{c}</span>" for c in CHIPS if c not in held)
        return (
            f"<div class='ks-row'><span class='ks-label'>{escape(t('quanto.draw_pile', lang))}</span>"
            f"{back_html(len(state.draw), lang)}"
            f"<span class='ks-label'>{escape(t('quanto.supply', lang))}</span>{chips}</div>"
        )

    # -- words --------------------------------------------------------------------------------
    def prompt(self) -> str:
        state = self.state
        lang = self.lang
        name = self.names[state.to_move]
        if state.phase == "after_two":
            return t("quanto.prompt.after_two", lang, name=name)
        if state.phase == "after_three":
            return t("quanto.prompt.after_three", lang, name=name)
        if self.card is None:
            refill = any(state.is_legal(Move(kind)) for kind in (REFILL_TABLE, REFILL_HAND))
            if not state.playable():  # (with nothing to refill either, the table passes by itself)
                return t("quanto.prompt.refill_only", lang, name=name)
            return t("quanto.prompt.pick_card" if refill else "quanto.prompt.pick_card_only", lang, name=name)
        return t(self._table_prompt(), lang, name=name)

    def _table_prompt(self) -> str:
        """The status line after a hand card is chosen: only what the buttons offer."""
        selection = self.selection()
        offered = self.offered_moves()
        if any(move.kind == LAY for move in offered):
            return "quanto.prompt.pick_table" if selection.joinable else "quanto.prompt.lay_only"
        if selection.ready:
            return "quanto.prompt.pick_more_or_press" if selection.joinable else "quanto.prompt.press"
        if selection.joinable:
            return "quanto.prompt.pick_table_only"
        return "quanto.prompt.other_card"

    def tell(self, actor: int, events: Sequence[Event]) -> list[str]:
        viewer = self.narrator_viewer
        return [narrate(event, self.lang, viewer, self.names) for event in events if event.kind != "next_player"]

    def score_label(self) -> str:
        return t("quanto.score_label", self.lang)

    def ending_lines(self, events: Sequence[Event]) -> list[str]:
        return [
            narrate(event, self.lang, self.narrator_viewer, self.names) for event in events if event.kind in END_EVENTS
        ]
