"""Lesson 3: runs, adjacent pairs, arithmetic sequences, and what a hand lacks for a run."""

from kartenspiele.lessons import sequences
from kartenspiele.tausch_rausch import Card, can_fulfil, task_by_id


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


def test_missing_card_is_what_completes_the_run():
    run = task_by_id("run-of-5")
    for problem in sequences.missing_card_problems():
        assert not can_fulfil(run, problem.hand)
        completing = {v for v in range(1, 11) if can_fulfil(run, (*problem.hand, Card("ge", v)))}
        assert problem.needed() == completing
        value = min(completing)
        judged = problem.check(value, "de")
        assert judged.ok and judged.lines[0].startswith("Es fehlt noch")
        wrong = next(v for v in range(1, 11) if v not in completing)
        assert not problem.check(wrong, "de").ok


def test_counting_problems():
    problem = sequences.CountRunsProblem(5)
    assert problem.check(6, "de").ok and "1-2-3-4-5" in problem.check(6, "de").lines[0]
    assert "zu wenig" in problem.check(5, "de").headline and "zu viel" in problem.check(7, "de").headline
    arithmetic = sequences.CountSequencesProblem(3)
    assert arithmetic.check(20, "en").ok and len(arithmetic.check(20, "en").lines) == 4


def test_select_run_problems_hold_a_run():
    for problem in sequences.select_run_problems():
        assert can_fulfil(problem.task, problem.cards)


def test_longest_run_and_commentary():
    assert sequences.longest_run([5, 3, 4, 9, 10, 4]) == (3, 4, 5)
    assert sequences.longest_run([7]) == (7,)
    watcher = sequences.watcher()
    assert "3-4-5-6 (4 Karten)" in watcher.comment.value


def test_tables():
    assert sequences.runs_table(5, "de").data.count("<tr>") == 7
    assert "1-3-5-7-9" in sequences.arithmetic_table(5, "en").data
    assert "9-9-10-10" in sequences.pairs_table("de").data
