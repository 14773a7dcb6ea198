"""Lesson 4: counting with binomial coefficients agrees with the engine; simulations are seeded;
each group deals from its own seed and a class pools its groups' results."""

import re
import subprocess
import sys

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.i18n import text
from kartenspiele.lessons import chance, chance_numbers, chance_problems, page_level
from kartenspiele.lessons.watch import GameWatcher
from kartenspiele.tausch_rausch import probability, reward_for, task_by_id


def test_counting_agrees_with_the_engine():
    for size in (5, 6, 7, 8):
        assert chance.five_even_chance(size) == probability(task_by_id("five-even"), size)
    for task_id in ("four-sum-at-least-37", "four-sum-at-most-7"):
        assert chance.chance_by_values(task_id) == probability(task_by_id(task_id), 4)
    assert "ks-say-good" in chance.counted_and_engine(chance.five_even_chance(5), "five-even", 5, "de").data
    assert "ks-say-warn" in chance.counted_and_engine(chance.five_even_chance(6), "five-even", 5, "de").data


def test_dealt_hands_come_from_the_engine():
    assert len(chance_numbers.dealt_hand(1)) == 5 and len(chance_numbers.dealt_hand(1, 7)) == 7
    assert chance_numbers.dealt_hand(1, 7)[:5] == chance_numbers.dealt_hand(1)
    assert chance_numbers.simulate("five-even", 50) == chance_numbers.simulate("five-even", 50)
    assert chance_numbers.running_frequency([True, False, False, True]) == [1.0, 0.5, 1 / 3, 0.5]


def test_simulation_asks_for_an_estimate_then_deals_from_the_groups_seed():
    widget = chance.Simulation("five-even", seed=1234)
    assert "1234" in widget.seed_line.value and all(button.disabled for button in widget.buttons)
    widget.deal(100)  # no estimate yet: nothing dealt
    assert widget.hits == []
    widget.estimate_box.value = "5"
    assert not widget.buttons[0].disabled
    widget.deal(100)
    widget.deal(100)
    first = 1234 * chance.HANDS_PER_GROUP
    assert widget.hits == chance_numbers.simulate("five-even", 200, first_seed=first)
    assert f"200 Hände ausgeteilt, {sum(widget.hits)}-mal" in widget.result.value
    assert "Geschätzt: 5-mal" in widget.result.value and "<svg" in widget.chart.value
    assert widget.estimate_box.disabled


def test_every_group_gets_its_own_seed_and_starting_again_gives_a_new_one():
    seeds = {chance.Simulation("five-even").seed for _ in range(30)}
    assert len(seeds) >= 25 and all(1000 <= seed <= 9999 for seed in seeds)
    widget = chance.Simulation("five-even", seed=1234)
    widget.estimate_box.value = "3"
    widget.deal(100)
    widget.reset_button.click()
    assert widget.hits == [] and widget.seed != 1234 and widget.estimate is None
    results = {
        tuple(chance_numbers.simulate("five-even", 100, first_seed=seed * chance.HANDS_PER_GROUP))
        for seed in (1000, 1001, 1002)
    }
    assert len(results) == 3  # different seeds, different hands


def test_a_class_pools_its_groups_into_one_curve(tmp_path):
    classes = Classes(SQLiteStore(tmp_path / "class.db"))
    code = classes.open()
    widgets = []
    try:
        for nickname, seed in (("Fuchs", 1111), ("Igel", 2222)):
            pupil.join(code, nickname, classes)
            widget = chance.Simulation("five-even", seed=seed)
            widget.estimate_box.value = "4"
            widget.deal(100)
            widget.deal(1000)
            widgets.append(widget)
        widgets[0].class_button.click()  # the first group pulls the class's results
        hits = sum(widgets[0].hits) + sum(widgets[1].hits)
        assert f"2 Gruppen, 2200 Hände, {hits}-mal" in widgets[0].result.value
        assert widgets[0].chart.value.count("<polyline") == 2  # the group's curve and the class's
        assert text("lessons.chance.plot.class", "de") in widgets[0].chart.value
    finally:
        pupil.set_current(None)
    alone = chance.Simulation("five-even", seed=3333)
    alone.estimate_box.value = "4"
    alone.deal(100)
    assert alone.chart.value.count("<polyline") == 1 and alone.class_button.layout.display == "none"


def test_problems():
    likely = chance_problems.likely_problems()
    assert likely[0].check("three-of-a-kind", "de").ok and likely[1].check("same", "de").ok
    assert likely[4].check("same", "en").ok
    for problem in chance_problems.reward_problems():
        reward = reward_for(task_by_id(problem.task_id))
        assert problem.check(reward, "de").ok and not problem.check(3 - reward, "de").ok
    estimate = chance_problems.estimate_problems()[1]
    assert round(estimate.expected()) == 27
    assert estimate.check(27, "de").ok and not estimate.check(100, "de").ok
    assert chance_problems.PercentProblem("five-even", 9).check(50, "de").ok


def test_reward_rows_and_figures():
    rows = chance_numbers.reward_rows()
    assert len(rows) == 24 and rows[0][1] >= rows[-1][1]
    assert all((reward == 2) == (p < chance.REWARD_THRESHOLD) for _, p, reward in rows)
    table = chance.reward_table("de").data
    assert "+2" not in table and "+1" not in table and "3,76 %" in table  # the chances, not the answers
    assert "2,74 %" not in table and "Hand mit 5 Karten" not in table  # nor section 2's or Übung 4's
    figure = re.search(r"<svg.*</svg>", chance.many_hands("five-even", 300, "de").data).group(0)
    assert figure.count("<polyline") == 1 and "<polygon" in figure
    assert "role='img'" in figure and "2,74 %" in figure
    bars = chance.reward_figure("en").data
    assert bars.count("class='ks-bar") == 24 and "ks-bar-marked" not in bars  # which earn +2 is the exercise
    assert "less than 5 %" in chance.reward_rule("en").data and "10 of the 24 tasks" in chance.reward_rule("en").data


def test_at_grundschule_level_lesson_4_counts_hands_and_says_no_per_cent():
    page_level.choose_level("grundschule")
    try:
        table = chance.reward_table("de").data
        assert "%" not in table and "so oft in 1000 Händen mit 7 Karten" in table
        assert "38" in table  # 5 cards in one colour: 3,76 % of hands of 7, about 38 in 1000
        assert chance.reward_figure("de").data == ""
        rule = chance.reward_rule("de").data
        assert "weniger als 50-mal" in rule and "%" not in rule
        many = chance.many_hands("five-even", lang="de").data
        assert "%" not in many and "<svg" not in many and "ungefähr 3 von 100" in many
        widget = chance.Simulation("five-even", seed=1234)
        widget.estimate_box.value = "5"
        widget.deal(100)
        shown = widget.result.value + widget.chart.value
        assert "%" not in shown and "<svg" not in shown and "100 Hände ausgeteilt" in shown
        assert widget.chart.value.count("<span class='ks-hand") == 100 and widget.chart.value.count("ks-hit") == sum(
            widget.hits
        )
        assert isinstance(chance.challenge_quiz().problem, chance_problems.HalfProblem)
        half = chance.challenge_quiz().problem
        assert (
            half.check("same", "de").ok
            and not half.check("even", "de").ok
            and "%" not in half.check("same", "de").html()
        )
        for problem in chance_problems.reward_problems():
            reward = reward_for(task_by_id(problem.task_id))
            assert "%" not in problem.check(reward, "de").html() + problem.hint("de")
        assert all("%" not in problem.made.solution_text("de") for problem in chance_problems.exit_questions())
    finally:
        page_level.choose_level(None)
    assert isinstance(chance.challenge_quiz().problem, chance_problems.PercentProblem)


def test_the_figure_approaches_the_line():
    """The 1000 hands end inside the band of about 95 of 100 runs, which is narrow by then."""
    hits = chance_numbers.simulate("five-even", chance.FIGURE_HANDS)
    p = chance_numbers.exact("five-even", 5)
    share = 100 * sum(hits) / len(hits)
    assert abs(share - 100 * float(p)) < chance_numbers.spread(p, chance.FIGURE_HANDS)
    assert (
        chance_numbers.spread(p, chance.FIGURE_HANDS)
        < 100 * float(p) / 2
        < 100 * float(p)
        < chance_numbers.spread(p, 100)
    )


def test_the_lesson_needs_neither_sympy_nor_matplotlib():
    code = "import sys, kartenspiele.lessons.chance; print(sorted({'sympy', 'matplotlib'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        (27, "lessons.chance.estimate.right"),
        (3, "lessons.chance.estimate.per_cent"),
        (2000, "lessons.chance.estimate.more_than_hands"),
        (200, "lessons.chance.estimate.too_high"),
        (5, "lessons.chance.estimate.too_low"),
    ],
)
def test_each_estimate_mistake_gets_its_own_feedback_and_no_numbers(answer, key):
    judged = chance_problems.estimate_problems()[1].check(answer, "de")
    assert text(key, "de", answer=answer, hands=1000) == judged.headline
    assert judged.ok == (answer == 27)
    assert any("2,74 %" in line for line in judged.lines) == judged.ok  # the exact chance only once close
    assert any("2,74 %" in line for line in judged.solution) != judged.ok  # … or once revealed


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        (3, "lessons.chance.percent.five_cards"),
        (100, "lessons.chance.percent.not_sure"),
        (25, "lessons.chance.percent.wrong"),
    ],
)
def test_percent_challenge_mistakes(answer, key):
    judged = chance_problems.PercentProblem("five-even", 9).check(answer, "de")
    assert not judged.ok and judged.headline == text(key, "de", answer=answer, size=9) and not judged.lines
    assert "50,00 %" in judged.solution[0] and "50,00 %" not in judged.html()


def test_fifty_per_cent_typed_with_a_sign_is_fifty():
    quiz = chance.challenge_quiz()
    for typed in ("50%", "50 %", " 50 "):
        quiz.entry.value = ""
        quiz.entry.value = typed
        assert "Richtig, 50 %" in quiz.feedback.value, typed


def test_a_wrong_choice_reveals_no_chances():
    for problem in chance_problems.likely_problems():
        a, b = problem.chances()
        right = "same" if a == b else problem.first if a > b else problem.second
        for choice in (problem.first, problem.second, "same"):
            judged = problem.check(choice, "de")
            assert judged.ok == (choice == right)
            assert (re.search(r"\d+,\d\d %", " ".join(judged.lines)) is not None) == judged.ok


def test_the_lessons_game_asks_once_then_plays_on():
    watcher = chance.watcher()  # the Kern plans one stop: the most likely task
    watcher.answer(next(iter(watcher.problem.tasks)))
    for _ in range(30):
        watcher.step()
        assert watcher.problem is None
    assert watcher.activities() == {"game": 1}


def test_watched_game_asks_first_then_comments_on_the_open_tasks():
    watcher = GameWatcher(
        "tausch_rausch", 3, chance.WATCH_SEED, chance.chance_commentary, predict=chance_problems.chance_prediction
    )
    assert isinstance(watcher.problem, chance_problems.MostLikelyPrediction) and watcher.comment.value == ""
    chances = watcher.problem.chances()
    best = max(chances, key=chances.get)
    worst = min(chances, key=chances.get)
    assert not watcher.problem.check(worst, "de").ok and "%" not in watcher.problem.check(worst, "de").html()
    watcher.answer(best)
    assert "19,20 %" in watcher.comment.value and "(+2)" in watcher.comment.value
    for task_id in watcher.match.state.open_tasks:
        assert task_by_id(task_id).title("de") in watcher.comment.value
    asked = 0
    for _ in range(60):  # before each task the computer fulfils, the pupil names it
        if watcher.match.is_over:
            break
        if isinstance(watcher.problem, chance_problems.FulfilPrediction):
            asked += 1
            wrong = next(t for t in watcher.problem.tasks if t != watcher.problem.fulfilled)
            assert not watcher.problem.check(wrong, "de").ok
            watcher.answer(watcher.problem.fulfilled)
            watcher.step()
            assert watcher.last is not None and watcher.explained[1] == watcher.explained[0].fulfilled
            continue
        if watcher.waiting:
            watcher.answer(next(iter(watcher.problem.tasks)))
        watcher.step()
    assert asked >= 2


def test_exit_ticket_is_the_engines_and_the_notes_say_so():
    from kartenspiele.lessons.teacher import notes

    verdict, likely, helping = chance_problems.exit_questions()
    assert verdict.made.answer_text("de") == "unmöglich" and "mit der 6" in verdict.made.question_text("de")
    assert likely.made.answer_text("de") == "eine ungerade Karte"
    assert "6 von 10" in likely.made.solution_text("de") and "5 von 10" in likely.made.solution_text("de")
    assert helping.made.answer == 6 and helping.check(6, "de").ok and not helping.check(8, "de").ok
    written = notes("chance_exercises")
    assert "eine 6 aus den 10 Marktkarten ist unmöglich" in written
    assert "ungerade Karte (6 von 10)" in written and "größer als 6 (5 von 10)" in written
    assert "6 Karten im Stapel helfen" in written


def test_an_exit_choice_says_which_word_was_wrong_and_keeps_the_solution_back():
    verdict = chance_problems.exit_questions()[0]
    judged = verdict.check(1, "de")  # „möglich“
    assert not judged.ok and "„möglich“" in judged.headline and "Keine der 10" not in judged.html()
    assert "Keine der 10" in judged.html(revealed=True)
