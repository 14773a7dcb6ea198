"""Lesson 3: runs, adjacent pairs, arithmetic sequences, what a hand lacks for a run; feedback
for each anticipated mistake with the solution only once revealed; the watched game comments on
open tasks only and asks for the missing number first."""

import pytest

from kartenspiele.i18n import text
from kartenspiele.lessons import sequences
from kartenspiele.tausch_rausch import Card, can_fulfil, new_game, task_by_id


def test_runs_and_pairs_are_the_engines_shapes():
    assert sequences.runs(5)[0] == (1, 2, 3, 4, 5) and sequences.runs(5)[-1] == (6, 7, 8, 9, 10)
    assert all(len(sequences.runs(k)) == 11 - k for k in range(2, 11))
    assert sequences.adjacent_pairs(2)[0] == (1, 1, 2, 2)
    assert sequences.adjacent_pairs(3)[-1] == (8, 8, 9, 9, 10, 10)


def test_arithmetic_sequences_and_their_sums():
    assert (2, 4, 6, 8, 10) in sequences.arithmetic_sequences(5)
    assert sequences.sequence_sum_rule((3, 4, 5, 6, 7)) == "(3 + 7) · 5 : 2 = 25"
    assert sequences.sequence_sum_rule(range(1, 101)) == "(1 + 100) · 100 : 2 = 5050"
    for problem in sequences.sum_problems():
        assert problem.check(sum(problem.sequence), "de").ok
        assert not problem.check(sum(problem.sequence) + 1, "de").ok


def test_the_text_works_no_example_the_pupils_are_asked():
    asked = {problem.sequence for problem in sequences.sum_problems()}
    assert (4, 5, 6, 7, 8) not in asked and tuple(range(1, 21)) not in asked


def test_missing_card_is_what_completes_the_run_and_praise_does_not_contradict():
    run = task_by_id("run-of-5")
    for problem in sequences.missing_card_problems():
        assert not can_fulfil(run, problem.hand)
        completing = {v for v in range(1, 11) if can_fulfil(run, (*problem.hand, Card("ge", v)))}
        assert problem.needed() == completing
        value = min(completing)
        judged = problem.check(value, "de")
        assert judged.ok and not any("fehlt noch" in line for line in judged.lines)
        assert judged.lines[0].startswith("Dann hast du die Straße")
        if len(completing) == 2:
            assert text("lessons.sequences.missing.also", "de", value=max(completing)) in judged.lines
        wrong = next(v for v in range(1, 11) if v not in completing)
        assert not problem.check(wrong, "de").ok and not problem.check(wrong, "de").lines


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        (10, "lessons.sequences.count.every_start"),
        (7, "lessons.sequences.count.one_too_many"),
        (12, "lessons.sequences.count.both_ways"),
        (5, "lessons.sequences.count.length"),
        (3, "lessons.sequences.count.too_few"),
        (9, "lessons.sequences.count.too_many"),
    ],
)
def test_each_run_counting_mistake_gets_its_own_help_and_no_solution(answer, key):
    judged = sequences.CountRunsProblem(5).check(answer, "de")
    assert not judged.ok and judged.headline == text(key, "de", answer=answer, length=5, last=6, high=10)
    assert "1-2-3-4-5" not in judged.html() and "1-2-3-4-5" in judged.html(revealed=True)


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        (40, "lessons.sequences.arithmetic.both_ways"),
        (8, "lessons.sequences.arithmetic.only_runs"),
        (14, "lessons.sequences.arithmetic.too_few"),
        (30, "lessons.sequences.arithmetic.too_many"),
    ],
)
def test_three_term_sequences_forty_is_read_as_both_directions(answer, key):
    judged = sequences.CountSequencesProblem(3).check(answer, "de")
    assert not judged.ok and judged.headline == text(key, "de", answer=answer)
    assert "bis 10" not in judged.headline or key.endswith("too_many")
    assert "Abstand 4" not in judged.html() and "Abstand 4" in judged.html(revealed=True)


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        (50, "lessons.sequences.sum.not_halved"),  # (3 + 7) · 5
        (20, "lessons.sequences.sum.count_off"),  # (3 + 7) · 4 : 2
        (30, "lessons.sequences.sum.count_off"),  # (3 + 7) · 6 : 2
        (10, "lessons.sequences.sum.one_pair"),
        (26, "lessons.sequences.sum.wrong"),
    ],
)
def test_each_sum_mistake_gets_its_own_help(answer, key):
    judged = sequences.SequenceSumProblem((3, 4, 5, 6, 7)).check(answer, "de")
    assert not judged.ok and judged.headline == text(key, "de", answer=answer)
    assert "= 25" not in judged.html() and "= 25" in judged.html(revealed=True)


def test_missing_card_mistakes():
    problem = sequences.exit_questions()[2]
    assert problem.needed() == {4}
    assert problem.check(5, "de").headline == text("lessons.sequences.missing.have_it", "de", value=5)
    assert problem.check(11, "de").headline == text("lessons.sequences.missing.no_card", "de", value=11)


def test_commentary_names_only_open_tasks():
    for seed in range(1, 40):
        state = new_game(3, seed=seed)
        lines = " ".join(sequences.runs_commentary(state, "de"))
        for task_id in ("run-of-5", "two-adjacent-pairs", "three-adjacent-pairs", "run-of-4-one-colour"):
            title = task_by_id(task_id).title("de")
            assert (f"„{title}“" in lines) == (task_id in state.open_tasks), (seed, task_id)


def test_watched_game_asks_for_the_missing_number_before_the_move():
    watcher = sequences.watcher()
    assert {"run-of-5", "two-adjacent-pairs"} <= set(watcher.match.state.open_tasks)
    assert isinstance(watcher.problem, sequences.NeedPrediction) and watcher.waiting
    assert watcher.comment.value == ""  # the commentary would give the answer away
    moves = len(watcher.match.moves)
    watcher.step()
    assert len(watcher.match.moves) == moves  # no move before the answer
    needed = watcher.problem.needed()
    wrong = next(v for v in range(1, 11) if v not in needed)
    assert not watcher.problem.check(wrong, "de").ok and watcher.problem.check(min(needed), "de").ok
    watcher.answer(min(needed))
    assert "3-4-5" in watcher.comment.value or "Längste Straße" in watcher.comment.value
    watcher.step()
    assert len(watcher.match.moves) == moves + 1


def test_exit_ticket_answers():
    runs6, runs_to_8, missing = sequences.exit_questions()
    assert runs6.check(5, "de").ok and runs_to_8.check(5, "de").ok and missing.check(4, "de").ok
    assert "1 bis 8" in runs_to_8.prompt("de") and runs_to_8.check(8, "de").headline == text(
        "lessons.sequences.count.every_start", "de", length=4, high=8
    )  # every number 1–8 taken as a start


def test_select_run_problems_hold_a_run():
    for problem in sequences.select_run_problems():
        assert can_fulfil(problem.task, problem.cards)


def test_longest_run():
    assert sequences.longest_run([5, 3, 4, 9, 10, 4]) == (3, 4, 5)
    assert sequences.longest_run([7]) == (7,)


def test_tables():
    assert "1-3-5-7-9" in sequences.arithmetic_table(5, "en").data
    assert "9-9-10-10" in sequences.pairs_table("de").data
