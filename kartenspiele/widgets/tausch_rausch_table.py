"""The Tausch-Rausch table: pick hand cards, then a market stall (swap) or an open task.

Each task shows at once what the engine's checks say about the picked cards ("4 + 3 = 7,
verlangt ist genau 9"); a stall or task that cannot take them says why when pressed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.errors import IllegalMoveError
from ..core.events import Event
from ..tausch_rausch import Move, narrate, new_game
from ..tausch_rausch.cards import DECK, Card
from ..tausch_rausch.display import PALETTE
from ..tausch_rausch.explain import count_of_cards
from ..tausch_rausch.moves import FULFIL, SWAP
from ..tausch_rausch.reasons import judge, sum_arith
from ..tausch_rausch.state import MAX_PLAYERS, MIN_PLAYERS
from .access import tagged, token
from .buttons import Spec
from .motion import Flight, Plan, fixed, matching, seat
from .plain import plain
from .setup import GameConfig, Variant
from .table import GameTable
from .table_layout import EMPTY, set_class
from .texts import t


def card_spec(
    card_id: int,
    lang: str,
    classes: Sequence[str] = (),
    tooltip: str = "",
    disabled: bool = False,
    pressed: bool | None = None,
) -> Spec:
    """A number card as a button: colour, symbol (from the CSS) and big value; its full name
    for screen readers and as tooltip; `pressed` whether it is picked."""
    face = DECK[card_id]
    name = face.name(lang)
    return Spec(
        card_id,
        str(face.value),
        f"{name}. {tooltip}" if tooltip else name,
        ("ks-card", "ks-tr", f"ks-c-{face.colour}", *classes),
        disabled,
        name=name,
        pressed=pressed,
        description=tooltip,
        face=face,
    )


def small_card(face: Card, lang: str) -> str:
    """A small card in HTML (for stalls, piles and the log of tasks)."""
    name = escape(face.name(lang))
    symbol = PALETTE[face.colour][2]
    return (
        f"<span class='ks-card ks-small ks-tr ks-c-{face.colour}' role='img' aria-label='{name}' "
        f"title='{name}'><span class='ks-sym'>{symbol}</span><span class='ks-value'>{face.value}</span></span>"
    )


def _slots(
    css_class: str, press: Callable[[int], None], count: int = 5
) -> tuple[list[widgets.HTML], list[widgets.Button], list[widgets.VBox], list[str]]:
    """`count` boxes (class `css_class`) of a text over a button (class `css_class`-button, with
    its `Access` token); pressing button i calls `press(i)`. The market's stalls and the open
    tasks. Box i has the class `css_class`-i too. Returns the texts, buttons, boxes and the buttons'
    tokens."""
    tags = [token() for _ in range(count)]
    texts = [plain(widgets.HTML) for _ in range(count)]
    buttons = [plain(widgets.Button, _dom_classes=(f"{css_class}-button", tag)) for tag in tags]
    for index, button in enumerate(buttons):
        button.on_click(lambda _button, index=index: press(index))
    boxes = [
        plain(widgets.VBox, [text, button], _dom_classes=(css_class, f"{css_class}-{index}"))
        for index, (text, button) in enumerate(zip(texts, buttons))
    ]
    return texts, buttons, boxes, tags


class TauschRauschTable(GameTable):
    """Tausch-Rausch for 2–4 players, people and computer players, in German or English.

    `TauschRauschTable()` opens the new-game panel; `TauschRauschTable(start=True)` deals at
    once. Keyword arguments preset the panel as for `QuantoTable`.
    """

    game = "tausch_rausch"
    title_key = "tausch_rausch.title"
    player_range = (MIN_PLAYERS, MAX_PLAYERS)
    variants = (
        Variant(
            "tasks_to_win",
            "tausch_rausch.variant.win",
            (("tausch_rausch.variant.win5", 5), ("tausch_rausch.variant.win4", 4), ("tausch_rausch.variant.win3", 3)),
        ),
    )

    # -- building ------------------------------------------------------------------------
    def build_board(self) -> None:
        self.picked: list[int] = []
        self.drawn_tasks: list[str] = []  # the open tasks as the page shows them, slot by slot
        self.hinted: Move | None = None
        self.others = plain(widgets.HTML)
        self.piles = plain(widgets.HTML)
        self.market_label = plain(widgets.HTML)
        self.market_label.add_class("ks-market-label")
        self.stall_cards, self.stall_buttons, self.stalls, self.stall_tags = _slots(
            "ks-stall", self.tapper("stall", self.press_stall)
        )
        self.market = plain(widgets.HBox, self.stalls)
        self.market.add_class("ks-market")
        self.tasks_label = plain(widgets.HTML)
        self.tasks_label.add_class("ks-tasks-label")
        self.task_texts, self.task_buttons, self.task_boxes, self.task_tags = _slots(
            "ks-task", self.tapper("task", self.press_task)
        )
        self.tasks_row = plain(widgets.HBox, self.task_boxes)
        self.tasks_row.add_class("ks-tasks")
        top = plain(widgets.HBox, [self.others, self.piles])
        top.add_class("ks-top")
        self.public_area.children = (top, self.market_label, self.market, self.tasks_label, self.tasks_row)
        self.sum_line = plain(widgets.HTML)
        self.sum_line.add_class("ks-sum")
        self.clear_button = plain(widgets.Button, icon="times", own_layout=True)
        self.clear_button.add_class("ks-side")
        self.clear_tag = tagged(self.clear_button)
        self.clear_button.on_click(lambda _: self.tap("clear", self._clear))
        self.hand_label = plain(widgets.HTML)
        self.hand_label.add_class("ks-hand-label")
        self.hand_row = self.card_row("hand card", self.press_hand)
        self.hand_row.add_class("ks-hand-cards")
        self.mine = plain(widgets.HTML)
        hand = plain(widgets.VBox, [self.hand_label, self.hand_row], _dom_classes=("ks-hand",))
        self.private_area.children = (
            plain(widgets.HBox, [self.sum_line, self.clear_button], _dom_classes=("ks-pick-row",)),
            self.message,
            plain(widgets.HBox, [hand, self.mine], _dom_classes=("ks-hand-box",)),
        )

    def new_state(self, config: GameConfig) -> Any:
        return new_game(config.players, config.seed, **config.options)

    # -- the person's clicks ----------------------------------------------------------------
    def press_hand(self, card_id: int) -> None:
        """A hand card was clicked: pick it or put it back."""
        if not self.person_acts():
            self.refuse_turn("hand card")
            return
        if card_id not in self.state.hands[self.state.to_move]:
            self.refuse("hand card", f"{card_id} is not in the hand", "tap.changed")
            return
        if card_id in self.picked:
            self.picked.remove(card_id)
        else:
            self.picked.append(card_id)
        self.hinted = None
        self.message_html = ""
        self.redraw()

    def press_stall(self, stall: int) -> None:
        """Swap the picked cards at `stall` — or say why not."""
        self._try(Move.swap(stall, self._faces()))

    def press_task(self, slot: int) -> None:
        """Fulfil the open task in `slot` with the picked cards — or say why not."""
        if slot < len(self.state.open_tasks):
            self._try(Move.fulfil(self.state.open_tasks[slot], self._faces()))
        else:
            self.refuse("task", f"no open task in slot {slot}", "tap.changed")

    def _try(self, move: Move) -> None:
        if not self.person_acts():
            self.refuse_turn("stall or task")
            return
        try:
            self.state.check(move)
        except IllegalMoveError as error:
            self.say(error.message(self.lang), "warn")
            self.redraw()
            return
        self.play(move)

    def _clear(self) -> None:
        self.picked = []
        self.message_html = ""
        self.redraw()

    def _faces(self) -> list[Card]:
        return [DECK[i] for i in self.picked]

    def clear_selection(self) -> None:
        self.picked = []
        self.hinted = None

    def show_move(self, move: Move) -> None:
        """Pick the hand cards of `move` (a hint) and mark its stall or task."""
        pool = list(self.state.hands[self.state.to_move])
        self.picked = []
        self.hinted = move
        for face in move.cards:
            match = next((i for i in pool if DECK[i] == face), None)
            if match is not None:
                pool.remove(match)
                self.picked.append(match)

    def motion(self, actor: int, move: Move, events: Sequence[Event]) -> Plan:
        """A swap: the cards given fly to the stall, the stall's cards to the hand. A fulfilled
        task: its cards fly into the task, the task to the player's count, which is cheered."""
        if move.kind not in (SWAP, FULFIL):
            return Plan()
        own = actor == self.viewer
        hand = self.hand_row.shown()
        given = [place for key, place in hand if key in self.picked] if own and self.picked else []
        given = given or [seat(actor, ".ks-back")] * len(move.cards)
        if move.kind == FULFIL:
            count = seat(actor, ".ks-count")
            if move.task not in self.drawn_tasks:
                return Plan([Flight(place, fixed(count)) for place in given], [fixed(count)])
            box = f".ks-task-{self.drawn_tasks.index(move.task)}"
            return Plan([*(Flight(place, fixed(box)) for place in given), Flight(box, fixed(count))], [fixed(count)])
        stall = f".ks-stall-{move.stall}"
        received = next((event.groups[0] for event in events if event.kind == "swapped"), ())
        before = {key for key, _ in hand}

        def into_hand(index: int):
            def target() -> str | None:
                if not own:
                    return seat(actor, ".ks-back")
                new = [(key, place) for key, place in self.hand_row.shown() if key not in before]
                found = matching(received, new, DECK.__getitem__)
                return found[index] if index < len(found) else None

            return target

        back = [
            Flight(f"{stall} .ks-row > .ks-card:nth-child({index + 1})", into_hand(index))
            for index in range(len(received))
        ]
        return Plan([*(Flight(place, fixed(stall)) for place in given), *back])

    def forced_move(self) -> Move | None:
        return Move.pass_turn() if self.state.must_pass() else None

    # -- drawing ------------------------------------------------------------------------------
    def draw_board(self) -> None:
        state = self.state
        lang = self.lang
        viewer = self.viewer
        mine = self.person_acts()
        faces = self._faces()
        self._set(self.others, self._players_html([p for p in range(state.players) if p != viewer]))
        self._set(self.piles, self._piles_html())
        self._set(self.market_label, f"<h2 class='ks-area'>{escape(t('tausch_rausch.market', lang))}</h2>")
        for index, (cards, button) in enumerate(zip(self.stall_cards, self.stall_buttons)):
            stall = state.stalls[index]
            shown = "".join(small_card(face, lang) for face in sorted((DECK[i] for i in stall), key=Card.sort_key))
            self._set(
                cards,
                f"<div class='ks-stall-head'>{escape(t('tausch_rausch.stall', lang, number=index + 1, count=len(stall)))}"
                f"</div><div class='ks-row'>{shown}</div>",
            )
            ready = mine and len(faces) == len(stall)
            label = t("tausch_rausch.swap", lang, count=len(stall))
            self._button(
                button,
                label,
                not mine,
                ready,
                t("tausch_rausch.swap_tooltip", lang, number=index + 1, count=len(stall)),
                self.hinted is not None and self.hinted.stall == index,
            )
            self.access.set(
                self.stall_tags[index], {"aria-label": t("access.swap", lang, label=label, number=index + 1)}
            )
        self._set(self.tasks_label, f"<h2 class='ks-area'>{escape(t('tausch_rausch.open_tasks', lang))}</h2>")
        self.drawn_tasks = list(state.open_tasks)
        for slot, (text_widget, button, box) in enumerate(zip(self.task_texts, self.task_buttons, self.task_boxes)):
            unused = slot >= len(state.open_tasks)
            set_class(box, EMPTY, unused)
            if unused:
                continue
            task = state.task(state.open_tasks[slot])
            verdict = ""
            ok = False
            if faces and mine:
                step, ok = self._verdict(judge(task, faces))
                verdict = (  # a long one scrolls in its box (app.css): reachable by keys too
                    f"<div class='{'ks-ok' if ok else 'ks-no'}' tabindex='0'>{'✔' if ok else '✘'} "
                    f"{escape(step.render(lang))}</div>"
                )
            reward = escape(t("tausch_rausch.reward_tooltip", lang, count=task.reward))
            self._set(
                text_widget,
                f"<div class='ks-task-title'><span class='ks-reward' title='{reward}'>"
                f"+{task.reward}</span> {escape(task.title(lang))}</div>{verdict}",
            )
            self._button(
                button,
                t("tausch_rausch.fulfil", lang),
                not mine,
                ok,
                t("tausch_rausch.fulfil_tooltip", lang, task=task.title(lang)),
                self.hinted is not None and self.hinted.task == task.id,
            )
            self.access.set(self.task_tags[slot], {"aria-label": t("access.fulfil", lang, task=task.title(lang))})
        if viewer is not None:
            self._draw_private(viewer, mine, faces)

    @staticmethod
    def _verdict(steps: list) -> tuple[Any, bool]:
        """The engine's check worth showing: the last one when all hold, else the first failing
        one that is not merely the count (the count only when nothing else fails)."""
        failing = [step for step in steps if not step.ok]
        if not failing:
            return steps[-1], True
        telling = [step for step in failing if not step.key.startswith("count.")]
        return (telling or failing)[0], False

    @staticmethod
    def _button(button: widgets.Button, label: str, disabled: bool, ready: bool, tooltip: str, hinted: bool) -> None:
        """A stall's or task's button: its text, and marked when the choice fits (or a hint)."""
        with button.hold_sync():  # one message for all of it
            if button.description != label:
                button.description = label
            if button.tooltip != tooltip:
                button.tooltip = tooltip
            if button.disabled != disabled:
                button.disabled = disabled
            set_class(button, "ks-ready", ready)
            set_class(button, "ks-hinted", hinted)

    def _draw_private(self, viewer: int, mine: bool, faces: list[Card]) -> None:
        state = self.state
        lang = self.lang
        self._set(
            self.hand_label,
            f"<h2 class='ks-area'>{escape(t('tausch_rausch.your_hand', lang, name=self.names[viewer]))}</h2>",
        )
        hand = sorted(state.hands[viewer], key=lambda i: DECK[i].sort_key())
        self.hand_row.show(
            [
                card_spec(
                    i,
                    lang,
                    ("ks-selected",) if i in self.picked else (),
                    disabled=not mine,
                    pressed=i in self.picked if mine else None,
                )
                for i in hand
            ]
        )
        if faces:
            values = [face.value for face in faces]
            total = sum_arith(values) if len(values) > 1 else str(values[0])
            line = t("tausch_rausch.picked", lang, cards=count_of_cards(len(faces), lang), sum=total)
        elif mine:
            line = t("tausch_rausch.pick_hint", lang)
        else:
            line = ""
        self._set(self.sum_line, f"<div aria-live='polite'>{escape(line)}</div>" if line else "")
        self.clear_button.description = t("tausch_rausch.clear", lang)
        self.clear_button.layout.visibility = "visible" if faces else "hidden"
        self.access.set(self.clear_tag, {"aria-label": t("access.clear", lang)})
        self._set(self.mine, self._players_html([viewer], own=True))

    def player_rows(self, player: int, own: bool) -> list[str]:
        state = self.state
        lang = self.lang
        done = state.fulfilled[player]
        size = len(state.hands[player])
        hand = (
            ""
            if own
            else (
                f"<span class='ks-label'>{escape(t('tausch_rausch.hand', lang))}</span>"
                f"<span class='ks-card ks-back ks-small' role='img' "
                f"aria-label='{escape(t('tausch_rausch.cards', lang, count=size))}'>{size}</span>"
            )
        )
        rows = [
            f"<div class='ks-row'>{hand}<span class='ks-label'>{escape(t('tausch_rausch.fulfilled', lang))}</span>"
            f"<span class='ks-count'>{len(done)} / {state.options.tasks_to_win}</span></div>"
        ]
        if done:
            titles = "".join(f"<li>{escape(state.task(task_id).title(lang))}</li>" for task_id in done)
            rows.append(f"<ul class='ks-done'>{titles}</ul>")
        return rows

    def _piles_html(self) -> str:
        state = self.state
        lang = self.lang
        top = small_card(DECK[state.discard[-1]], lang) if state.discard else ""
        return (
            f"<div class='ks-row'><span class='ks-label'>{escape(t('tausch_rausch.draw_pile', lang))}</span>"
            f"<span class='ks-card ks-back ks-small' role='img' "
            f"aria-label='{escape(t('tausch_rausch.cards', lang, count=len(state.draw)))}'>{len(state.draw)}</span>"
            f"<span class='ks-label'>{escape(t('tausch_rausch.discard_pile', lang, count=len(state.discard)))}</span>"
            f"{top}<span class='ks-label'>{escape(t('tausch_rausch.task_pile', lang))}</span>"
            f"<span class='ks-count'>{len(state.task_pile)}</span></div>"
        )

    # -- words --------------------------------------------------------------------------------
    def prompt(self) -> str:
        return t("tausch_rausch.prompt", self.lang, name=self.names[self.state.to_move])

    def tell(self, actor: int, events: Sequence[Event]) -> list[str]:
        viewer = self.narrator_viewer
        tasks = self.state.tasks_by_id
        return [narrate(event, self.lang, viewer, self.names, tasks) for event in events if event.kind != "next_player"]

    def score_label(self) -> str:
        return t("tausch_rausch.score_label", self.lang)

    def ending_lines(self, events: Sequence[Event]) -> list[str]:
        tasks = self.state.tasks_by_id
        return [
            narrate(event, self.lang, self.narrator_viewer, self.names, tasks)
            for event in events
            if event.kind in ("game_won", "turn_cap")
        ]
