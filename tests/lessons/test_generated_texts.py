"""Every sentence the lessons generate reads as a child should read it: no empty brackets "()",
no internal id of a task ("run-of-5"), no tautology ("12 = 12"), and below Klasse 5 no product
("2 = 2 · 1").

The sentences are made the way a pupil meets them: each practice exercise (question, choices,
solution, the help for each anticipated mistake and wrong pick), each lesson's widgets as its
notebook builds them on a pupil's page at Grundschule and at Klasse 5–6 level — every problem's
prompt, hint and judgement of its right answer, its anticipated mistakes, other answers and every
pick of cards —, the answers behind every reveal, whole watched games with their predictions, and
Quanto's running sums for selections grown card by card on dealt tables.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from itertools import combinations

import ipywidgets as widgets
import pytest

from kartenspiele import quanto
from kartenspiele.catalogue import LESSONS
from kartenspiele.i18n import LANGUAGES, set_language
from kartenspiele.lessons import page_level
from kartenspiele.lessons.lesson_gate import OUTLOOK_MARK
from kartenspiele.lessons.quiz import Quiz
from kartenspiele.lessons.reveal import Reveal
from kartenspiele.lessons.watch import GameWatcher
from kartenspiele.practice import LEVELS
from kartenspiele.practice.exercises import exercise
from kartenspiele.tausch_rausch import DEFAULT_TASKS

from .helpers import cells, source
from .kern import run

EMPTY_BRACKETS = re.compile(r"\(\s*\)")
INTERNAL_ID = re.compile(r"(?<![\w-])(" + "|".join(re.escape(task.id) for task in DEFAULT_TASKS) + r")(?![\w-])")
TAUTOLOGY = re.compile(r"(?<![+−·×=] )(?<!\d : )(?<![\d.,])(?:Regenbogen-|rainbow )?\b(\d+) = \1\b(?![.,]\d| [+−·×:])")
PRODUCT = re.compile(r"[\d)]\s*·\s*[\d(]")
"""A product of numbers with the multiplication dot ("2 · 1", "(4 + 8) · 5"); a dot between words
("Schritt 3 von 28 · gefunden: 1") is no product."""
PRIMARY = "grundschule"


def visible(markup: str) -> str:
    """The text a pupil sees in a piece of HTML (no style sheets, no tags)."""
    markup = re.sub(r"<style>.*?</style>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def slips(sentence: str, level: str) -> list[str]:
    found = [f"empty brackets in {sentence!r}" for _ in EMPTY_BRACKETS.finditer(sentence)]
    found += [f"internal id {m.group(1)!r} in {sentence!r}" for m in INTERNAL_ID.finditer(sentence)]
    found += [f"tautology {m.group(0)!r} in {sentence!r}" for m in TAUTOLOGY.finditer(sentence)]
    if level == PRIMARY:
        found += [f"a product below Klasse 5 in {sentence!r}" for _ in PRODUCT.finditer(sentence)]
    return found


def test_the_checks_find_the_slips_of_the_issue():
    assert slips("2: jede Karte ist eins mehr als die davor ().", "klasse56")
    assert slips("Offene Aufgaben: run-of-5, two-adjacent-pairs, pair-red", "klasse56")
    assert slips("Nehmen (12): 12 = 12", "klasse56") and slips("(12 = 12)", "klasse56")
    assert slips("Quanto 12 bilden: 6 + 6 = 12, die 6 fehlt noch; 12 = 12", "klasse56")
    assert slips("Regenbogen-11 = 11: Spieler 2 nimmt Regenbogen-11", "klasse56")
    assert slips("Die Zahl ist gerade: 2 = 2 · 1.", PRIMARY) and not slips(
        "Die Zahl ist gerade: 2 = 2 · 1.", "klasse56"
    )
    assert not slips("1 + 7 = 8, 8 passt genau, 6 + 6 = 12 (+2), (4 + 8) · 5 : 2 = 30, 4 : 2 = 2, 5 Karten", "klasse56")
    assert slips("(4 + 8) · 5 : 2 = 30", PRIMARY) and not slips("Schritt 3 von 28 · gefunden: 1 (2× gelb 3)", PRIMARY)


# -- practice ------------------------------------------------------------------------------


def practice_sentences(lesson: int, level: str, lang: str) -> Iterator[str]:
    for number in range(1, 121):
        made = exercise(lesson, level, number)
        yield made.question_text(lang)
        yield made.solution_text(lang)
        yield from made.choice_texts(lang)
        yield from (pick.render(lang) for pick in [made.pick_hint(p) for p in made.picks[:0]] if pick)
        if made.pick:
            for pick in combinations(range(len(made.cards)), made.pick):
                hint = made.pick_hint(pick)
                if hint is not None:
                    yield hint.render(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_practice_exercises_read_well(lesson, level, lang):
    wrong = [slip for sentence in practice_sentences(lesson, level, lang) for slip in slips(sentence, level)]
    assert not wrong, wrong[:5]


# -- the lessons' widgets, as a pupil's page builds them -----------------------------------


def widget_texts(root: widgets.Widget) -> Iterator[str]:
    """Every text a widget and the widgets inside it show."""
    todo = [root]
    while todo:
        item = todo.pop()
        for name in ("value", "description", "placeholder"):
            value = getattr(item, name, None)
            if isinstance(value, str):
                yield visible(value)
        todo.extend(child for child in getattr(item, "children", ()) if isinstance(child, widgets.Widget))


def answers(problem) -> list:
    """Answers to judge: every choice, or a spread of numbers around the right one with the
    anticipated mistakes, or every pick of cards (up to the task's number)."""
    if hasattr(problem, "choices"):
        return [spec.key for spec in problem.choices("de")]
    if hasattr(problem, "cards"):
        count = getattr(getattr(problem, "task", None), "count", None) or len(problem.cards)
        picks = [c for size in range(1, min(count, 5) + 1) for c in combinations(range(len(problem.cards)), size)]
        return picks[:400]
    found = list(getattr(problem, "answers", range(0, 30)))
    spread = found[:25] + found[len(found) // 2 : len(found) // 2 + 5]
    mistakes = problem.mistakes() if hasattr(problem, "mistakes") and callable(problem.mistakes) else {}
    return [*spread, *mistakes]


def problem_sentences(problem, lang: str, cheap: bool) -> Iterator[str]:
    yield visible(problem.prompt(lang))
    yield problem.hint(lang)
    for answer in answers(problem)[: 6 if cheap else None]:
        judged = problem.check(answer, lang)
        if judged is not None:
            yield visible(judged.html(revealed=True))


def lesson_results(name: str, level: str) -> Iterator[object]:
    """What each code cell of a lesson shows on a pupil's page at `level` (the outlooks, which a
    Grundschule page leaves out, only above it), up to the teacher's part."""
    page_level.choose_level(level)
    namespace: dict = {}
    try:
        for cell in cells(name):
            code = source(cell)
            if cell["cell_type"] != "code" or "for_teachers(" in code:
                continue
            if level == PRIMARY and code.startswith(OUTLOOK_MARK):
                continue
            yield run(code, namespace)
    finally:
        page_level.choose_level(None)


@pytest.mark.parametrize("level", (PRIMARY, "klasse56"))
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_sentence_of_a_lesson_page_reads_well(lesson, level):
    wrong: list[str] = []
    for shown in lesson_results(lesson.file, level):
        for lang in LANGUAGES:
            set_language(lang)  # this widget draws itself in `lang`
            if callable(getattr(shown, "redraw", None)):
                shown.redraw()
            sentences: list[str] = []
            if isinstance(shown, widgets.Widget):
                sentences += widget_texts(shown)
            elif hasattr(shown, "_repr_html_") or hasattr(shown, "data"):
                sentences.append(visible(getattr(shown, "data", "") or ""))
            if isinstance(shown, Reveal):
                sentences.append(visible(shown.content(lang)))
            for quiz in [shown, *getattr(shown, "quizzes", [])]:
                if isinstance(quiz, Quiz):
                    for problem in quiz.problems:
                        sentences += problem_sentences(problem, lang, cheap="Estimate" in type(problem).__name__)
            wrong += [slip for sentence in sentences for slip in slips(sentence, level)]
    set_language("de")
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("level", (PRIMARY, "klasse56"))
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_the_watched_game_reads_well_to_its_end(lesson, level):
    watcher = next(shown for shown in lesson_results(lesson.file, level) if isinstance(shown, GameWatcher))
    watcher = GameWatcher(watcher.game, watcher.players, watcher.seed, watcher.commentary, watcher.predict)
    page_level.choose_level(level)
    wrong: list[str] = []
    try:
        for _ in range(120):
            if watcher.match.is_over:
                break
            if watcher.waiting:
                watcher.answer(watcher.problem.choices("de")[-1].key)
            for lang in LANGUAGES:
                set_language(lang)  # the watcher draws itself in the lesson's language
                watcher.redraw()
                parts = (watcher.told, watcher.comment, watcher.verdict, watcher.question, watcher.position)
                wrong += [slip for part in parts for slip in slips(visible(part.value), level)]
            watcher.step()
    finally:
        page_level.choose_level(None)
        set_language("de")
    assert not wrong, wrong[:5]


# -- Quanto's running sums ---------------------------------------------------------------------


def test_quantos_running_sums_say_no_tautology():
    rng = random.Random(41)
    wrong: list[str] = []
    told = 0
    for seed in range(40):
        state = quanto.new_game(rng.randint(2, 5), seed=seed)
        for _ in range(rng.randint(0, 20)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        for card in state.playable():
            chosen: list[int] = []
            for _ in range(4):
                joinable = state.selection(card, chosen).joinable
                if not joinable:
                    break
                chosen.append(rng.choice(joinable))
                for lang in LANGUAGES:
                    sentence = state.selection(card, chosen).expression(lang)
                    told += 1
                    wrong += slips(sentence, "klasse56")
    assert told > 200 and not wrong, wrong[:5]
