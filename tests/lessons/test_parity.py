"""Lesson 2: parity of sums, the engine's judgement of task cards, the task designer."""

import re
from itertools import combinations_with_replacement

import pytest

from kartenspiele.lessons import LessonBar, parity
from kartenspiele.lessons.parity_numbers import HIGH_TASK, LOW_TASK, example_values, value_combinations
from kartenspiele.lessons.parity_widgets import TaskDesigner, design_feedback
from kartenspiele.lessons.task_problems import CanFulfilProblem, SelectTaskProblem, finding_line, task_cards
from kartenspiele.tausch_rausch import Parity, Sum, Task, can_fulfil, parse_cards, task_by_id


def test_parity_problems_judge_the_sum():
    for problem in parity.parity_problems():
        total = sum(card.value for card in problem.cards)
        right = "even" if total % 2 == 0 else "odd"
        wrong = "odd" if right == "even" else "even"
        assert problem.check(right, "de").ok and not problem.check(wrong, "de").ok
        assert str(total) in problem.check(right, "de").solution[1]
        assert str(total) not in " ".join(problem.check(wrong, "de").lines)  # no solution at once


def test_the_tables_teach_the_rule():
    html = parity.parity_of_sum_table("de").data
    assert "3 + 5 = 8" in html and html.count("ungerade") == 4  # "gerade + ungerade", its sum, "ungerade + ungerade"
    odd_counts = parity.odd_count_table("en").data
    assert "3 + 3 + 3 + 3 + 3 = 15" in odd_counts
    high = parity.bound_table(HIGH_TASK, "de").data
    assert high.count("<tr>") == 1 + 7 and "9 + 9 + 9 + 10 = 37" in high


def test_value_combinations_are_the_brute_force_ones():
    for task_id in ("five-even", "four-sum-at-most-7", "four-sum-at-least-37"):
        task = task_by_id(task_id)
        brute = [
            c
            for c in combinations_with_replacement(range(1, 11), task.count)
            if task.holds(parse_cards(" ".join(f"ro{v}" for v in c)))
        ]
        assert value_combinations(task) == brute


def test_select_problems_let_the_engine_explain_every_click():
    problem = parity.select_problems()[0]
    assert problem.task_id == "five-even"
    even = [i for i, card in enumerate(problem.cards) if card.value % 2 == 0][:5]
    judged = problem.check(tuple(even), "de")
    halves = re.compile(r"\b(\d+) = (\d+) \+ \2\b")  # an even number as two equal halves, "4 = 2 + 2"
    assert judged.ok and any(halves.search(line) for line in judged.lines)
    assert not any("·" in line for line in judged.lines)  # no product for Klasse 3–4
    assert problem.check(tuple(even[:2]), "de").ok is None
    odd = next(i for i, card in enumerate(problem.cards) if card.value % 2)
    assert problem.check(tuple(sorted(even[:4] + [odd])), "de").ok is False
    assert problem.check((), "de") is None


def test_can_fulfil_problems_follow_the_finder():
    problems = parity.can_fulfil_problems()
    assert [p.task_id for p in problems[:4]] == [HIGH_TASK, HIGH_TASK, LOW_TASK, LOW_TASK]
    assert [can_fulfil(p.task, p.hand) for p in problems] == [True, False] * 3
    for problem in problems:
        possible = can_fulfil(problem.task, problem.hand)
        assert problem.check(possible, "de").ok and not problem.check(not possible, "de").ok
        assert problem.extreme_line("de")[0].startswith("Die 4")
    no_bound = CanFulfilProblem("five-even", tuple(parse_cards("ge2 ge4 ge6 ge8 ge10")))
    assert no_bound.extreme_line("de") == [] and no_bound.check(True, "en").ok


@pytest.mark.parametrize(
    "count,kind,total,possible,reason",
    [
        (5, "odd", 20, False, "ungerade Summe"),
        (5, "odd", 21, True, None),
        (4, "even", 9, False, "gerade Summe"),
        (3, None, 31, False, "höchstens 30"),
        (2, None, 2, True, None),
    ],
)
def test_the_designer_asks_the_engine(count, kind, total, possible, reason):
    judged = design_feedback(count, kind, total, "de")
    assert judged.ok is possible
    if possible:
        blocks = (Parity(kind),) if kind else ()
        example = example_values(Task("x", count, (*blocks, Sum.exactly(total))))
        assert sum(example) == total and str(total) in judged.lines[0]
    else:
        assert "niemand" in judged.headline and reason in " ".join(judged.lines)
        assert "eigene" not in " ".join(judged.lines)  # no internal task id


def test_designer_widget():
    bar = LessonBar()
    designer = TaskDesigner()
    assert "ks-say-good" in designer.feedback.value  # starts with a task that works: no reason given away
    designer.choose(5, "odd", 20)
    assert "ks-say-warn" in designer.feedback.value
    designer.choose(5, "odd", 21)
    assert "ks-say-good" in designer.feedback.value
    bar.switch.value = "en"
    assert "That works" in designer.feedback.value and designer.parity.value == "odd"
    assert [label for label, _ in designer.parity.options] == ["even", "odd", "any"]


def test_commentary_and_finder_lines():
    watcher = parity.watcher()
    assert watcher.comment.value == "" and watcher.step_button.disabled  # predict first
    watcher.answer("even")
    assert "ks-say-warn" in watcher.verdict.value and watcher.comment.value == ""  # wrong: help, no answer
    assert not watcher.step_button.disabled
    watcher.answer("odd")
    assert "Gerade Karten: 4, ungerade Karten: 1" in watcher.comment.value
    assert "„5 Karten, alle ungerade“" in watcher.comment.value  # open at seed 10
    assert "5 Karten, alle gerade" not in watcher.comment.value  # not open: not commented
    watcher.step()
    assert "Spieler 1" in watcher.told.value
    hand = parse_cards("ge1 ge3")
    assert finding_line(task_by_id("five-odd"), hand, "en").startswith("✗ '5 cards, all odd': ")


def test_task_cards_show_the_engines_task_cards():
    html = task_cards("five-even", "five-odd").data
    assert html.count("tr-task") >= 2 and "5 Karten, alle ungerade" in html
    assert "five-odd" not in html and 'class="tr-id"' not in html  # pupils see no notation ids


def test_select_problem_repr_is_stable():
    problem = SelectTaskProblem("five-even", tuple(parse_cards("ge2 bl4")))
    assert repr(problem) == "SelectTaskProblem('five-even', 'ge2 bl4')"
