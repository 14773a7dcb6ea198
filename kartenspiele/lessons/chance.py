"""Lesson 4, Zufall: how likely is a task from a random hand?

Three ways to the same number: counting with binomial coefficients in sympy (favourable
hands over all hands), the engine's exact difficulty (`tausch_rausch.difficulty`), and a
simulation in which the engine deals seeded games and the task finder checks each hand.
The reward rule (+2 below 5 % for a hand of 7) comes from the engine, too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from itertools import accumulate

import ipywidgets as widgets
import matplotlib.pyplot as plt
import sympy
from IPython.display import HTML
from matplotlib.figure import Figure

from ..i18n import text
from ..tausch_rausch import DECK, DEFAULT_TASKS, Card, Task, can_fulfil, new_game, probability, reward_for, task_by_id
from ..tausch_rausch.cards import COLOURS, COPIES
from ..tausch_rausch.difficulty import REWARD_HAND, REWARD_THRESHOLD, percent
from ..widgets.buttons import Spec
from .language import describe_figure, follow, in_both_languages, language
from .parity import value_combinations
from .quiz import ChoiceQuiz, Feedback, NumberQuiz
from .style import message
from .style import table as html_table
from .watch import GameWatcher

CARDS = len(DECK)
EVEN_CARDS = sum(1 for card in DECK if card.value % 2 == 0)
PER_VALUE = COPIES * len(COLOURS)
SIMULATION_SEED = 4000
BLUE, VERMILLION = "#0072B2", "#D55E00"


def hands(size: int) -> sympy.Integer:
    """How many different hands of `size` cards the 80 cards give: C(80, size)."""
    return sympy.binomial(CARDS, size)


def all_even_hands(size: int, needed: int = 5) -> sympy.Integer:
    """Hands of `size` cards with at least `needed` even cards: the sum over k of
    C(40, k) · C(40, size − k)."""
    odd_cards = CARDS - EVEN_CARDS
    return sum(
        (sympy.binomial(EVEN_CARDS, k) * sympy.binomial(odd_cards, size - k) for k in range(needed, size + 1)),
        sympy.Integer(0),
    )


def five_even_chance(size: int) -> sympy.Rational:
    """The chance that a hand of `size` cards holds five even cards, by counting."""
    return all_even_hands(size) / hands(size)


def value_combination_hands(task: Task) -> sympy.Integer:
    """Hands of exactly `task.count` cards (any colours) whose values fulfil the task:
    for each value combination, the product of C(8, how often each value occurs)."""
    total = sympy.Integer(0)
    for values in value_combinations(task):
        ways = sympy.Integer(1)
        for count in Counter(values).values():
            ways *= sympy.binomial(PER_VALUE, count)
        total += ways
    return total


def chance_by_values(task_id: str) -> sympy.Rational:
    """The chance that exactly `count` random cards fulfil an any-colour task, by counting
    the hands of each value combination."""
    task = task_by_id(task_id)
    return value_combination_hands(task) / hands(task.count)


def exact(task_id: str, size: int) -> Fraction:
    """The engine's exact chance that a random hand of `size` cards can fulfil the task."""
    return probability(task_by_id(task_id), size)


def as_fraction(number: sympy.Rational) -> Fraction:
    """A sympy rational as a `fractions.Fraction` (to compare with the engine)."""
    return Fraction(int(number.p), int(number.q))


@in_both_languages
def counted_and_engine(chance: sympy.Rational, task_id: str, size: int, lang: str | None = None) -> HTML:
    """The chance counted here beside the engine's exact chance, and whether they agree."""
    lang = lang or language()
    engine = exact(task_id, size)
    counted = as_fraction(chance)
    key = "lessons.chance.compare.same" if counted == engine else "lessons.chance.compare.different"
    return HTML(
        message(
            text(key, lang),
            [
                text("lessons.chance.compare.counted", lang, fraction=counted, chance=show_percent(counted, lang)),
                text("lessons.chance.compare.engine", lang, fraction=engine, chance=show_percent(engine, lang)),
            ],
            counted == engine,
        )
    )


def show_percent(chance: Fraction | sympy.Rational, lang: str | None = None) -> str:
    """ "2,74 %" / "2.74 %" (two decimals, as the task table)."""
    if not isinstance(chance, Fraction):
        chance = as_fraction(chance)
    return percent(chance, lang)


# -- simulation with the engine -----------------------------------------------------------


def dealt_hand(seed: int, size: int = 5) -> list[Card]:
    """The first player's hand of a new game (5 cards), plus the top cards of the draw pile
    if `size` is larger: a hand as the engine deals it."""
    state = new_game(2, seed=seed)
    top = state.draw[::-1][: max(0, size - 5)]  # the draw pile's top card is its last
    return [*state.hand_cards(0), *(DECK[i] for i in top)]


def simulate(task_id: str, games: int, size: int = 5, first_seed: int = SIMULATION_SEED) -> list[bool]:
    """For each of `games` seeded new games: can the dealt hand fulfil the task?"""
    task = task_by_id(task_id)
    return [can_fulfil(task, dealt_hand(seed, size)) for seed in range(first_seed, first_seed + games)]


def running_frequency(hits: Sequence[bool]) -> list[float]:
    """The relative frequency of hits after each game."""
    return [count / (index + 1) for index, count in enumerate(accumulate(int(hit) for hit in hits))]


@in_both_languages
def simulation_figure(task_id: str, games: int, lang: str | None = None, size: int = 5) -> Figure:
    """The relative frequency of a task over many dealt hands, and the exact chance."""
    lang = lang or language()
    hits = simulate(task_id, games, size)
    frequency = [100 * value for value in running_frequency(hits)]
    chance = 100 * float(exact(task_id, size))
    fig, axes = plt.subplots(figsize=(8, 3.6), dpi=100)
    axes.plot(
        range(1, games + 1), frequency, color=BLUE, linewidth=2, label=text("lessons.chance.plot.frequency", lang)
    )
    axes.axhline(
        chance,
        color=VERMILLION,
        linestyle="--",
        linewidth=2,
        label=text("lessons.chance.plot.exact", lang, chance=show_percent(exact(task_id, size), lang)),
    )
    axes.set_xlabel(text("lessons.chance.plot.games", lang, size=size))
    axes.set_ylabel(text("lessons.chance.plot.percent", lang))
    axes.set_title(task_by_id(task_id).title(lang))
    axes.set_ylim(0, max(3 * chance, max(frequency[games // 10 :]) * 1.1))
    axes.legend(loc="upper right")
    fig.tight_layout()
    plt.close(fig)
    describe_figure(
        text(
            "lessons.access.simulation_alt",
            lang,
            task=task_by_id(task_id).title(lang),
            games=games,
            chance=show_percent(exact(task_id, size), lang),
        )
    )
    return fig


def reward_rows(tasks: Sequence[Task] = DEFAULT_TASKS) -> list[tuple[Task, Fraction, int]]:
    """Each task with its chance for a hand of 7 and its reward, most likely first."""
    rows = [(task, probability(task, REWARD_HAND), reward_for(task)) for task in tasks]
    return sorted(rows, key=lambda row: row[1], reverse=True)


@in_both_languages
def reward_figure(lang: str | None = None) -> Figure:
    """A bar per task: its chance for a hand of 7 cards, the 5 % line, +2 tasks hatched."""
    lang = lang or language()
    rows = reward_rows()
    fig, axes = plt.subplots(figsize=(8, 7), dpi=100)
    names = [task.title(lang) for task, _, _ in rows]
    chances = [100 * float(chance) for _, chance, _ in rows]
    bars = axes.barh(range(len(rows)), chances, color=[BLUE if reward == 1 else VERMILLION for *_, reward in rows])
    for bar, (_, _, reward) in zip(bars, rows):
        if reward == 2:
            bar.set_hatch("//")
    axes.axvline(100 * float(REWARD_THRESHOLD), color="black", linewidth=2)
    axes.set_yticks(range(len(rows)), names, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel(text("lessons.chance.plot.reward_axis", lang, size=REWARD_HAND))
    axes.legend(
        handles=[bars[[r for *_, r in rows].index(1)], bars[[r for *_, r in rows].index(2)]],
        labels=[text("lessons.chance.plot.plus_one", lang), text("lessons.chance.plot.plus_two", lang)],
        loc="lower right",
    )
    fig.tight_layout()
    plt.close(fig)
    describe_figure(text("lessons.access.reward_alt", lang, size=REWARD_HAND))
    return fig


@in_both_languages
def reward_table(lang: str | None = None) -> HTML:
    """The tasks with their chances for hands of 5 and 7 cards and their rewards."""
    lang = lang or language()
    head = [
        text("lessons.chance.column.task", lang),
        text("lessons.chance.column.five", lang),
        text("lessons.chance.column.seven", lang),
        text("lessons.chance.column.reward", lang),
    ]
    rows = [
        (task.title(lang), percent(probability(task, 5), lang), percent(chance, lang), f"+{reward}")
        for task, chance, reward in reward_rows()
    ]
    return HTML(html_table(head, rows))


# -- problems -----------------------------------------------------------------------------


def _one_in(chance: Fraction) -> int:
    return round(1 / chance) if chance else 0


@dataclass(frozen=True)
class MoreLikelyProblem:
    """Which of two tasks can a random hand fulfil more often?"""

    first: str
    second: str
    size: int = 5

    def chances(self) -> tuple[Fraction, Fraction]:
        return exact(self.first, self.size), exact(self.second, self.size)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.likely.prompt', lang, size=self.size))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.likely.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [
            Spec(self.first, task_by_id(self.first).title(lang)),
            Spec(self.second, task_by_id(self.second).title(lang)),
            Spec("same", text("lessons.chance.likely.same", lang)),
        ]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        a, b = self.chances()
        right = "same" if a == b else self.first if a > b else self.second
        lines = tuple(
            text(
                "lessons.chance.likely.line",
                lang,
                task=task_by_id(task_id).title(lang),
                chance=show_percent(chance, lang),
                one_in=_one_in(chance),
            )
            for task_id, chance in ((self.first, a), (self.second, b))
        )
        key = "lessons.chance.likely.right" if answer == right else "lessons.chance.likely.wrong"
        return Feedback(answer == right, text(key, lang), lines)

    def __repr__(self) -> str:
        return f"MoreLikelyProblem({self.first!r}, {self.second!r}, size={self.size})"


@dataclass(frozen=True)
class RewardProblem:
    """Does this task earn +1 or +2? The engine's rule decides, from the exact chance."""

    task_id: str

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.reward.prompt', lang, task=task_by_id(self.task_id).title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.reward.hint", lang, size=REWARD_HAND)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(1, "+1"), Spec(2, "+2")]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        task = task_by_id(self.task_id)
        reward = reward_for(task)
        chance = probability(task, REWARD_HAND)
        line = text(
            "lessons.chance.reward.line",
            lang,
            size=REWARD_HAND,
            chance=show_percent(chance, lang),
            relation=text("lessons.chance.reward.below" if reward == 2 else "lessons.chance.reward.above", lang),
            reward=reward,
        )
        key = "lessons.chance.reward.right" if answer == reward else "lessons.chance.reward.wrong"
        return Feedback(answer == reward, text(key, lang), (line,))

    def __repr__(self) -> str:
        return f"RewardProblem({self.task_id!r})"


@dataclass(frozen=True)
class EstimateProblem:
    """In `hands` random hands, about how often can you fulfil the task? (Close is right.)"""

    task_id: str
    hands: int = 1000
    size: int = 5

    def expected(self) -> Fraction:
        return self.hands * exact(self.task_id, self.size)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.estimate.prompt', lang, hands=self.hands, size=self.size, task=task_by_id(self.task_id).title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.estimate.hint", lang, hands=self.hands)

    def check(self, answer: int, lang: str) -> Feedback:
        expected = self.expected()
        close = abs(answer - expected) <= max(2, expected / 3)
        simulated = sum(simulate(self.task_id, self.hands, self.size))
        lines = (
            text(
                "lessons.chance.estimate.exact",
                lang,
                chance=show_percent(exact(self.task_id, self.size), lang),
                hands=self.hands,
                expected=round(expected),
            ),
            text("lessons.chance.estimate.simulated", lang, hands=self.hands, count=simulated),
        )
        key = "lessons.chance.estimate.right" if close else "lessons.chance.estimate.wrong"
        return Feedback(close, text(key, lang, answer=answer), lines)

    def __repr__(self) -> str:
        return f"EstimateProblem({self.task_id!r}, hands={self.hands}, size={self.size})"


@dataclass(frozen=True)
class PercentProblem:
    """How many per cent (rounded) is the chance of a task for a hand of `size` cards?"""

    task_id: str
    size: int

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.percent.prompt', lang, size=self.size, task=task_by_id(self.task_id).title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.percent.hint", lang, size=self.size)

    def check(self, answer: int, lang: str) -> Feedback:
        chance = exact(self.task_id, self.size)
        right = round(100 * chance)
        key = "lessons.chance.percent.right" if answer == right else "lessons.chance.percent.wrong"
        return Feedback(
            answer == right,
            text(key, lang, answer=answer),
            (text("lessons.chance.percent.exact", lang, chance=show_percent(chance, lang)),) if answer == right else (),
        )

    def __repr__(self) -> str:
        return f"PercentProblem({self.task_id!r}, {self.size})"


def likely_problems() -> list[MoreLikelyProblem]:
    """Pairs of tasks to compare (one pair equally likely, by the symmetry v → 11 − v)."""
    return [
        MoreLikelyProblem(a, b)
        for a, b in (
            ("three-of-a-kind", "four-of-a-kind"),
            ("five-even", "five-odd"),
            ("run-of-5", "full-house"),
            ("pair-one-colour", "pair-red"),
            ("four-sum-at-least-37", "four-sum-at-most-7"),
        )
    ]


def reward_problems() -> list[RewardProblem]:
    """Tasks of both rewards."""
    return [
        RewardProblem(task_id)
        for task_id in (
            "three-of-a-kind",
            "four-of-a-kind",
            "five-one-colour",
            "two-adjacent-pairs",
            "three-red-run",
            "pair-red",
        )
    ]


def estimate_problems() -> list[EstimateProblem]:
    """Tasks from common to rarer, for 1000 hands of five."""
    return [EstimateProblem(task_id) for task_id in ("three-of-a-kind", "five-even", "pair-one-colour")]


def chance_commentary(state, lang: str) -> list[str]:
    """For the watched game: each open task — can the hand fulfil it now, and how likely is
    that for a random hand of 7 cards (the measure of its reward)?"""
    hand = state.hand_cards(state.to_move)
    lines = [
        text(
            "lessons.watch.chance.head", lang, name=text("player.name", lang, number=state.to_move + 1), size=len(hand)
        )
    ]
    for task_id in state.open_tasks:
        task = state.task(task_id)
        key = "lessons.watch.chance.yes" if can_fulfil(task, hand) else "lessons.watch.chance.no"
        lines.append(
            text(
                key,
                lang,
                task=task.title(lang),
                size=REWARD_HAND,
                reward=task.reward,
                chance=show_percent(probability(task, REWARD_HAND), lang),
            )
        )
    return lines


# -- dealing many hands in the browser -----------------------------------------------------


class Simulation(widgets.VBox):
    """Deal hands with the engine, 100 or 1000 at a time, and watch the frequency settle."""

    def __init__(self, task_id: str = "five-even", size: int = 5) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.task_id = task_id
        self.size = size
        self.hits: list[bool] = []
        self.title = widgets.HTML()
        self.buttons = [widgets.Button(icon="random") for _ in (100, 1000)]
        for button, games in zip(self.buttons, (100, 1000)):
            button.on_click(lambda _, games=games: self.deal(games))
        self.reset_button = widgets.Button(icon="fast-backward")
        self.reset_button.on_click(lambda _: self.reset())
        self.result = widgets.HTML()
        self.children = (self.title, widgets.HBox([*self.buttons, self.reset_button]), self.result)
        self.redraw()
        follow(self)

    def deal(self, games: int) -> None:
        """Deal `games` more hands (the next seeds) and check each with the task finder."""
        self.hits.extend(simulate(self.task_id, games, self.size, SIMULATION_SEED + len(self.hits)))
        self.redraw()

    def reset(self) -> None:
        self.hits = []
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        chance = exact(self.task_id, self.size)
        self.title.value = (
            f"<h4>{escape(text('lessons.chance.sim.title', lang, size=self.size))}</h4>"
            f"<p>{escape(task_by_id(self.task_id).title(lang))}</p>"
        )
        for button, games in zip(self.buttons, (100, 1000)):
            button.description = text("lessons.chance.sim.deal", lang, games=games)
        self.reset_button.description = text("lessons.chance.sim.reset", lang)
        games, hits = len(self.hits), sum(self.hits)
        if not games:
            self.result.value = message(text("lessons.chance.sim.none", lang))
            return
        frequency = Fraction(hits, games)
        scale = 100 / max(float(3 * chance), float(frequency), 0.01)
        bar = (
            f"<div class='ks-bar-track'><div class='ks-bar-fill' style='width:{min(100, float(frequency) * scale):.1f}%'></div>"
            f"<div class='ks-bar-mark' style='left:{min(100, float(chance) * scale):.1f}%'></div></div>"
        )
        self.result.value = (
            message(
                text(
                    "lessons.chance.sim.result", lang, games=games, count=hits, frequency=show_percent(frequency, lang)
                ),
                [text("lessons.chance.sim.exact", lang, chance=show_percent(chance, lang))],
                None,
            )
            + bar
        )

    def __repr__(self) -> str:
        return f"Simulation({self.task_id!r}, size={self.size})"


# -- the lesson's widgets and solutions -------------------------------------------------

WATCH_SEED = 12


def likely_quiz() -> ChoiceQuiz:
    """Which of two tasks is more likely?"""
    return ChoiceQuiz(likely_problems(), "lessons.chance.likely.title")


def reward_quiz() -> ChoiceQuiz:
    """+1 or +2?"""
    return ChoiceQuiz(reward_problems(), "lessons.chance.reward.title")


def estimate_quiz() -> NumberQuiz:
    """How often in 1000 hands?"""
    return NumberQuiz(estimate_problems(), "lessons.chance.estimate.title")


def challenge_quiz() -> NumberQuiz:
    """Five even cards in a hand of nine: exactly one half — why?"""
    return NumberQuiz([PercentProblem("five-even", 9)], "lessons.chance.percent.title")


def watcher() -> GameWatcher:
    """A game of three computer players (seeded), with the chances of the open tasks."""
    return GameWatcher("tausch_rausch", 3, WATCH_SEED, chance_commentary)


@in_both_languages
def solutions(lang: str | None = None) -> HTML:
    """The answers to the lesson's exercises, for the teacher."""
    lang = lang or language()
    rows = []
    for likely in likely_problems():
        a, b = likely.chances()
        rows.append(
            (
                text("lessons.chance.likely.title", lang),
                f"{task_by_id(likely.first).title(lang)} / {task_by_id(likely.second).title(lang)}",
                f"{show_percent(a, lang)} / {show_percent(b, lang)}",
            )
        )
    for reward in reward_problems():
        task = task_by_id(reward.task_id)
        rows.append(
            (
                text("lessons.chance.reward.title", lang),
                task.title(lang),
                f"+{reward_for(task)} ({show_percent(probability(task, REWARD_HAND), lang)})",
            )
        )
    for estimate in estimate_problems():
        rows.append(
            (
                text("lessons.chance.estimate.title", lang),
                task_by_id(estimate.task_id).title(lang),
                f"≈ {round(estimate.expected())}",
            )
        )
    rows.append(
        (
            text("lessons.chance.percent.title", lang),
            task_by_id("five-even").title(lang),
            show_percent(exact("five-even", 9), lang),
        )
    )
    head = [
        text("lessons.solutions.exercise", lang),
        text("lessons.solutions.problem", lang),
        text("lessons.solutions.answer", lang),
    ]
    return HTML(html_table(head, rows))
