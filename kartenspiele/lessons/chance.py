"""Lesson 4, Zufall: how likely is a task from a random hand?

At the class's level (`chance_level`): in words and counted hands at Grundschule (sicher,
möglich, unmöglich, wahrscheinlicher, "etwa 38-mal in 1000 Händen"), in per cent with the band
from Klasse 5–6 on. Three ways to the same number: counting with binomial coefficients (an
outlook, `math.comb` and exact fractions: favourable hands over all hands), the engine's exact
difficulty (`tausch_rausch.difficulty`), and an experiment in which the engine deals seeded
games and the task finder checks each hand (`chance_experiment`: each group from its own
seed, pooled into the class's result). The reward rule (+2 below 5 % for a hand of 7) comes
from the engine, too. Charts are light SVG (`charts`): the kernel needs neither sympy nor
matplotlib.

The numbers from the engine live in `chance_numbers`, the problems in `chance_problems`; this
module holds what the lesson's notebook shows: the counting, the comparison with the engine,
the reward rule, figure and table, the quizzes, the watched game, the exit ticket and the
answers.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape
from math import comb

from IPython.display import HTML

from ..i18n import text
from ..kernel.page_request import while_waiting
from ..practice.exercises import exercise
from ..tausch_rausch import DECK, Task, can_fulfil, probability, reward_for, task_by_id
from ..tausch_rausch.cards import COLOURS, COPIES
from ..tausch_rausch.difficulty import REWARD_HAND, REWARD_THRESHOLD, percent
from .chance_experiment import FIGURE_HANDS, HANDS_PER_GROUP, Simulation, many_hands
from .chance_level import PER_HANDS, RARE_HANDS, how_often, in_hands, in_words, words
from .chance_numbers import exact, reward_rows, show_percent, simulate
from .chance_problems import (
    HalfProblem,
    PercentProblem,
    chance_prediction,
    estimate_problems,
    exit_questions,
    likely_problems,
    practice_problem,
    reward_problems,
)
from .charts import bar_chart
from .language import in_both_languages, language
from .levels import LevelPractice
from .parity_numbers import value_combinations
from .quiz import ChoiceQuiz, NumberQuiz, Quiz
from .reasoning import Begruende
from .sicherung import Sicherung
from .style import message
from .style import table as html_table
from .watch import GameWatcher

__all__ = ["FIGURE_HANDS", "HANDS_PER_GROUP", "Simulation", "many_hands"]

CARDS = len(DECK)
EVEN_CARDS = sum(1 for card in DECK if card.value % 2 == 0)
PER_VALUE = COPIES * len(COLOURS)


@while_waiting
def prepare() -> None:
    """The lesson's fixed numbers — every task's exact chance for a hand of 7, the experiment's
    chance for 5 cards and the figure's many hands — worked out ahead: a kernel started ahead of
    time has them before its page comes (`kernel.page_request`)."""
    reward_rows()
    exact("five-even", 5)
    simulate("five-even", FIGURE_HANDS)


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


# -- the reward rule ---------------------------------------------------------------------


@in_both_languages
def reward_rule(lang: str | None = None) -> HTML:
    """The reward rule as this page's level says it: fewer than 50 of 1000 hands of 7 cards at
    Grundschule level, less than 5 % from Klasse 5–6 on; and how many tasks earn +2."""
    lang = lang or language()
    plus_two = sum(1 for *_, reward in reward_rows() if reward == 2)
    said = words(
        "lessons.chance.reward.rule",
        lang,
        size=REWARD_HAND,
        rare=RARE_HANDS,
        hands=PER_HANDS,
        count=plus_two,
        tasks=len(reward_rows()),
    )
    return HTML(f"<p>{escape(said)}</p>")


@in_both_languages
def reward_figure(lang: str | None = None) -> HTML:
    """From Klasse 5–6 on, a bar per task: its chance for a hand of 7 cards and the 5 % line
    (which task earns +2 is the exercise, so no bar is marked); nothing at Grundschule level."""
    lang = lang or language()
    if in_words():
        return HTML("")
    rows = [(task.title(lang), 100 * float(chance), False) for task, chance, _ in reward_rows()]
    return HTML(
        bar_chart(
            rows,
            x_label=text("lessons.chance.plot.reward_axis", lang, size=REWARD_HAND),
            alt=text("lessons.access.reward_alt", lang, size=REWARD_HAND),
            lang=lang,
            threshold=100 * float(REWARD_THRESHOLD),
        )
    )


@in_both_languages
def reward_table(lang: str | None = None) -> HTML:
    """The tasks with how often they succeed in a hand of 7 cards (the reward rule's): at
    Grundschule level in 1000 hands, from Klasse 5–6 on in per cent. No rewards: finding them is
    the exercise; no hands of 5 cards: how often five even cards come in 5 cards is what the
    class estimates and deals in section 2, and Übung 4 asks for hands of 5."""
    lang = lang or language()
    task = text("lessons.chance.column.task", lang)
    if in_words():
        head = [task, text("lessons.chance.column.in_hands", lang, size=REWARD_HAND, hands=PER_HANDS)]
        rows = [(row.title(lang), in_hands(chance)) for row, chance, _ in reward_rows()]
    else:
        head = [task, text("lessons.chance.column.seven", lang)]
        rows = [(row.title(lang), percent(chance, lang)) for row, chance, _ in reward_rows()]
    return HTML(html_table(head, rows))


# -- the lesson's widgets and solutions -------------------------------------------------

WATCH_SEED = 12
WATCH_STOPS = 1
"""The watched game's prediction stops in the Kern: which open task is most likely."""
WORDS_EXERCISES = (12, 6, 9)
"""Section 1's practice exercises at Grundschule level: sicher, möglich, unmöglich."""


def words_quiz() -> ChoiceQuiz:
    """Sicher, möglich oder unmöglich? A card drawn blind from the market (every level)."""
    problems = [practice_problem(exercise(4, "grundschule", number)) for number in WORDS_EXERCISES]
    return ChoiceQuiz(problems, "lessons.chance.words.title", name="chance.words")


def likely_quiz() -> ChoiceQuiz:
    """Which of two tasks is more likely?"""
    return ChoiceQuiz(likely_problems(), "lessons.chance.likely.title")


def reward_quiz() -> ChoiceQuiz:
    """+1 or +2?"""
    return ChoiceQuiz(reward_problems(), "lessons.chance.reward.title")


def estimate_quiz() -> NumberQuiz:
    """How often in 1000 hands?"""
    return NumberQuiz(estimate_problems(), "lessons.chance.estimate.title")


def challenge_quiz() -> Quiz:
    """Five even cards in a hand of nine: exactly half of all hands, for the same reason at
    every level — compared in words at Grundschule level, in per cent from Klasse 5–6 on."""
    if in_words():
        return ChoiceQuiz([HalfProblem(9)], "lessons.chance.half.title")
    return NumberQuiz([PercentProblem("five-even", 9)], "lessons.chance.percent.title")


def chance_commentary(state, lang: str) -> list[str]:
    """For the watched game: each open task — can the hand fulfil it now, and how often does a
    random hand of 7 cards (the measure of its reward)?"""
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
            words(
                key,
                lang,
                task=task.title(lang),
                size=REWARD_HAND,
                reward=task.reward,
                chance=how_often(probability(task, REWARD_HAND), lang),
            )
        )
    return lines


def watcher() -> GameWatcher:
    """A game of three computer players (seeded), with the chances of the open tasks; the pupil
    first predicts the most likely task (and, after the Kern's stop, the game plays on)."""
    return GameWatcher(
        "tausch_rausch",
        3,
        WATCH_SEED,
        chance_commentary,
        predict=chance_prediction,
        name="chance.watch",
        stops=WATCH_STOPS,
    )


def sicherung() -> Sicherung:
    """Merksatz and exit ticket (at the page's level)."""
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
    for number in WORDS_EXERCISES:
        made = exercise(4, "grundschule", number)
        rows.append((text("lessons.chance.words.title", lang), made.question_text(lang), made.answer_text(lang)))
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
