"""Lesson 4, Zufall: how likely is a task from a random hand?

Three ways to the same number: counting with binomial coefficients (`math.comb`, exact
fractions with `fractions.Fraction`: favourable hands over all hands), the engine's exact
difficulty (`tausch_rausch.difficulty`), and a simulation in which the engine deals seeded
games and the task finder checks each hand. Each group deals from its own seed, and in a class
the groups' results pool into one class curve (`classroom.classes.experiments`). The reward rule (+2
below 5 % for a hand of 7) comes from the engine, too. Charts are light SVG (`charts`): the
lesson's kernel needs neither sympy nor matplotlib.

The numbers from the engine live in `chance_numbers`, the problems in `chance_problems`; this
module holds what the lesson's notebook shows: the counting, the comparison with the engine, the
group experiment (`Simulation`), the figures and tables, the quizzes, the watched game, the exit
ticket and the answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from math import comb
from secrets import randbelow

import ipywidgets as widgets
from IPython.display import HTML

from ..classroom.classes import experiments, pupil
from ..i18n import text
from ..tausch_rausch import DECK, Task, can_fulfil, probability, reward_for, task_by_id
from ..tausch_rausch.cards import COLOURS, COPIES
from ..tausch_rausch.difficulty import REWARD_HAND, REWARD_THRESHOLD, percent
from .chance_numbers import exact, reward_rows, running_frequency, show_percent, simulate, spread, thinned
from .chance_problems import (
    PercentProblem,
    chance_prediction,
    estimate_problems,
    exit_questions,
    likely_problems,
    reward_problems,
)
from .charts import GREEN, Line, bar_chart, line_chart
from .language import follow, in_both_languages, language
from .levels import LevelPractice
from .parity_numbers import value_combinations
from .quiz import ChoiceQuiz, NumberQuiz
from .reasoning import Begruende
from .sicherung import Sicherung
from .style import message
from .style import table as html_table
from .watch import GameWatcher

CARDS = len(DECK)
EVEN_CARDS = sum(1 for card in DECK if card.value % 2 == 0)
PER_VALUE = COPIES * len(COLOURS)
FIGURE_HANDS = 2000
"""The lesson's figure deals 2000 hands: after n hands the share typically strays from the
chance p by about √(p(1 − p)/n); for p ≈ 2,74 % that is ±3,3 percentage points (twice that
width) after 100 hands — more than p itself — but only ±0,73 after 2000, so the curve visibly
settles onto the line while the page still deals the hands in about a second."""
GROUP_SEEDS = 9000  # a group's seed is 1000–9999: short enough to read out
HANDS_PER_GROUP = 100_000  # the games of a group: seed · 100000 + 0, 1, …


def hands(size: int) -> int:
    """How many different hands of `size` cards the 80 cards give: C(80, size)."""
    return comb(CARDS, size)


def all_even_hands(size: int, needed: int = 5) -> int:
    """Hands of `size` cards with at least `needed` even cards: the sum over k of
    C(40, k) · C(40, size − k)."""
    odd_cards = CARDS - EVEN_CARDS
    return sum(comb(EVEN_CARDS, k) * comb(odd_cards, size - k) for k in range(needed, size + 1))


def five_even_chance(size: int) -> Fraction:
    """The chance that a hand of `size` cards holds five even cards, by counting."""
    return Fraction(all_even_hands(size), hands(size))


def value_combination_hands(task: Task) -> int:
    """Hands of exactly `task.count` cards (any colours) whose values fulfil the task:
    for each value combination, the product of C(8, how often each value occurs)."""
    total = 0
    for values in value_combinations(task):
        ways = 1
        for count in Counter(values).values():
            ways *= comb(PER_VALUE, count)
        total += ways
    return total


def chance_by_values(task_id: str) -> Fraction:
    """The chance that exactly `count` random cards fulfil an any-colour task, by counting
    the hands of each value combination."""
    task = task_by_id(task_id)
    return Fraction(value_combination_hands(task), hands(task.count))


@in_both_languages
def counted_and_engine(chance: Fraction, task_id: str, size: int, lang: str | None = None) -> HTML:
    """The chance counted here beside the engine's exact chance, and whether they agree."""
    lang = lang or language()
    engine = exact(task_id, size)
    counted = chance
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


# -- simulation with the engine -----------------------------------------------------------


def frequency_chart(
    task_id: str,
    size: int,
    own: Sequence[bool],
    lang: str,
    pooled: Sequence[tuple[int, float]] = (),
    band: bool = False,
) -> str:
    """The running share of hits of `own` hands (and of the class, if given) beside the exact
    chance; with `band`, the shaded region in which about 95 of 100 runs stay."""
    chance = exact(task_id, size)
    line_y = 100 * float(chance)
    frequency = [100 * value for value in running_frequency(own)]
    x_max = max(len(own), max((hands for hands, _ in pooled), default=0), 10)
    lines = [Line(thinned(frequency), text("lessons.chance.plot.frequency", lang))] if own else []
    if pooled:
        lines.append(
            Line(
                [(0, 100 * pooled[0][1]), *((h, 100 * f) for h, f in pooled)][1:],
                text("lessons.chance.plot.class", lang),
                GREEN,
                3,
                "3 3",
            )
        )
    funnel = (
        [
            (x, max(0.0, line_y - spread(chance, x)), line_y + spread(chance, x))
            for x in range(10, x_max + 1, max(1, x_max // 200))
        ]
        if band
        else []
    )
    tail = frequency[len(frequency) // 10 :] or [line_y]
    y_max = max(3 * line_y, max(tail) * 1.15, *(100 * f * 1.15 for _, f in pooled[len(pooled) // 3 :]))
    alt = text(
        "lessons.access.simulation_alt",
        lang,
        task=task_by_id(task_id).title(lang),
        games=len(own),
        chance=show_percent(chance, lang),
    )
    return line_chart(
        lines,
        x_max=x_max,
        y_max=y_max,
        x_label=text("lessons.chance.plot.games", lang, size=size),
        y_label=text("lessons.chance.plot.percent", lang),
        title=task_by_id(task_id).title(lang),
        alt=alt,
        lang=lang,
        reference=(line_y, text("lessons.chance.plot.exact", lang, chance=show_percent(chance, lang))),
        band=funnel,
        band_label=text("lessons.chance.plot.band", lang) if band else "",
    )


@in_both_languages
def simulation_figure(task_id: str, games: int = FIGURE_HANDS, lang: str | None = None, size: int = 5) -> HTML:
    """The relative frequency of a task over many dealt hands, the exact chance and the band
    in which about 95 of 100 such runs stay."""
    lang = lang or language()
    return HTML(frequency_chart(task_id, size, simulate(task_id, games, size), lang, band=True))


@in_both_languages
def reward_figure(lang: str | None = None) -> HTML:
    """A bar per task: its chance for a hand of 7 cards, the 5 % line, +2 tasks hatched."""
    lang = lang or language()
    rows = [(task.title(lang), 100 * float(chance), reward == 2) for task, chance, reward in reward_rows()]
    return HTML(
        bar_chart(
            rows,
            x_label=text("lessons.chance.plot.reward_axis", lang, size=REWARD_HAND),
            alt=text("lessons.access.reward_alt", lang, size=REWARD_HAND),
            lang=lang,
            threshold=100 * float(REWARD_THRESHOLD),
            plain_label=text("lessons.chance.plot.plus_one", lang),
            marked_label=text("lessons.chance.plot.plus_two", lang),
        )
    )


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


# -- dealing many hands in the browser -----------------------------------------------------


def group_seed() -> int:
    """A new seed for a group: 1000–9999, different on every page."""
    return 1000 + randbelow(GROUP_SEEDS)


class Simulation(widgets.VBox):
    """A group's experiment: write an estimate first, then deal hands with the engine (100 or
    1000 at a time, from the group's own seed) and watch the share settle near the exact
    chance. "Von vorn" starts again with a new seed. In a class each batch is recorded and the
    class's pooled curve is drawn beside the group's."""

    BATCHES = (100, 1000)

    def __init__(self, task_id: str = "five-even", size: int = 5, seed: int | None = None) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.task_id = task_id
        self.size = size
        self.title = widgets.HTML()
        self.seed_line = widgets.HTML()
        self.estimate_label = widgets.HTML()
        self.estimate_box = widgets.Text(layout=widgets.Layout(width="6em"))
        self.estimate_box.observe(lambda change: self.set_estimate(change["new"]), "value")
        self.buttons = [widgets.Button(icon="random") for _ in self.BATCHES]
        for button, games in zip(self.buttons, self.BATCHES):
            button.add_class("ks-main-action")
            button.on_click(lambda _, games=games: self.deal(games))
        self.reset_button = widgets.Button(icon="fast-backward")
        self.reset_button.on_click(lambda _: self.reset())
        self.class_button = widgets.Button(icon="users")
        self.class_button.on_click(lambda _: self.redraw())
        self.result = widgets.HTML()
        self.chart = widgets.HTML()
        self.children = (
            self.title,
            self.seed_line,
            widgets.HBox([self.estimate_label, self.estimate_box]),
            widgets.HBox([*self.buttons, self.reset_button, self.class_button]),
            self.result,
            self.chart,
        )
        self.reset(seed)
        follow(self)

    @property
    def experiment(self) -> str:
        return f"chance.sim.{self.task_id}.{self.size}"

    def reset(self, seed: int | None = None) -> None:
        """Start again (a new seed unless one is given); the estimate is asked again."""
        self.seed = group_seed() if seed is None else seed
        self.hits: list[bool] = []
        self.estimate: int | None = None
        self.estimate_box.value = ""
        self.redraw()

    def set_estimate(self, raw: str) -> None:
        """The group's estimate: how many hits in 100 hands (a whole number 0–100)."""
        value = raw.strip()
        self.estimate = int(value) if value.isdigit() and int(value) <= 100 else None
        self.redraw()

    def deal(self, games: int) -> None:
        """Deal `games` more hands from the group's seed and check each with the task finder."""
        if self.estimate is None:
            return
        first = self.seed * HANDS_PER_GROUP + len(self.hits)
        batch = simulate(self.task_id, games, self.size, first)
        self.hits.extend(batch)
        experiments.record_batch(self.experiment, self.seed, games, sum(batch))
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        chance = exact(self.task_id, self.size)
        self.title.value = (
            f"<h3>{escape(text('lessons.chance.sim.title', lang, size=self.size))}</h3>"
            f"<p>{escape(task_by_id(self.task_id).title(lang))}</p>"
        )
        self.seed_line.value = f"<p>{escape(text('lessons.chance.sim.seed', lang, seed=self.seed))}</p>"
        self.estimate_label.value = escape(text("lessons.chance.sim.estimate", lang))
        self.estimate_box.disabled = bool(self.hits)
        for button, games in zip(self.buttons, self.BATCHES):
            button.description = text("lessons.chance.sim.deal", lang, games=games)
            button.disabled = self.estimate is None
        self.reset_button.description = text("lessons.chance.sim.reset", lang)
        in_class = pupil.current() is not None
        self.class_button.description = text("lessons.chance.sim.class_refresh", lang)
        self.class_button.layout.display = "" if in_class else "none"
        batches = experiments.class_batches(self.experiment) if in_class else []
        pooled = experiments.pooled_curve(batches)
        games, hits = len(self.hits), sum(self.hits)
        if not games:
            key = "lessons.chance.sim.none" if self.estimate is None else "lessons.chance.sim.ready"
            self.result.value = message(text(key, lang, estimate=self.estimate or 0))
            self.chart.value = ""
            return
        first_hundred = sum(self.hits[:100])
        lines = [
            text("lessons.chance.sim.estimated", lang, count=self.estimate, hits=first_hundred),
            text("lessons.chance.sim.exact", lang, chance=show_percent(chance, lang)),
        ]
        if pooled:
            class_hands, class_hits = pooled[-1][0], sum(batch.hits for batch in batches)
            groups = len({(batch.group, batch.seed) for batch in batches})
            lines.append(
                text(
                    "lessons.chance.sim.class",
                    lang,
                    count=groups,
                    hands=class_hands,
                    hits=class_hits,
                    frequency=show_percent(Fraction(class_hits, class_hands), lang),
                )
            )
        elif not in_class:
            lines.append(text("lessons.chance.sim.alone", lang))
        self.result.value = message(
            text(
                "lessons.chance.sim.result",
                lang,
                games=games,
                count=hits,
                frequency=show_percent(Fraction(hits, games), lang),
            ),
            lines,
            None,
        )
        self.chart.value = frequency_chart(self.task_id, self.size, self.hits, lang, pooled)

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


def watcher() -> GameWatcher:
    """A game of three computer players (seeded), with the chances of the open tasks; the pupil
    first predicts the most likely task and each task the computer fulfils."""
    return GameWatcher(
        "tausch_rausch", 3, WATCH_SEED, chance_commentary, predict=chance_prediction, name="chance.watch"
    )


def sicherung() -> Sicherung:
    """Merksatz and exit ticket."""
    return Sicherung("chance", exit_questions())


def practice() -> LevelPractice:
    """Endless practice at the pupil's (or the class's) level: from sicher / möglich /
    unmöglich (Grundschule) to chances in per cent (Knobeln)."""
    return LevelPractice("chance")


def reason_groups() -> Begruende:
    """Begründe: two groups got different shares — is one of them wrong?"""
    return Begruende("chance", "groups")


def reason_reward() -> Begruende:
    """Begründe: is +2 for rare tasks fair?"""
    return Begruende("chance", "reward")


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
