"""Lesson 1: the search tree, the counting polynomial, captures and the positions of the exercises."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kartenspiele.arithmetic import count_subsets_with_sum, subsets_with_sum
from kartenspiele.lessons import subsets, subsets_numbers, subsets_problems, tree
from kartenspiele.lessons.tree_widget import SearchTree
from kartenspiele.quanto import parse_cards
from kartenspiele.quanto.cards import Card

from .test_facts import splits_into_groups

values_lists = st.lists(st.integers(min_value=1, max_value=12), max_size=8)


@settings(max_examples=200, deadline=None)
@given(values_lists, st.integers(min_value=1, max_value=20))
def test_the_tree_finds_the_engines_groups(values, target):
    nodes = tree.search(values, target)
    assert sorted(tuple(sorted(n.positions)) for n in tree.found(nodes)) == list(subsets_with_sum(values, target))
    assert all(n.total == sum(values[p] for p in n.positions) for n in nodes)
    assert all(n.total <= target or n.status == tree.TOO_BIG for n in nodes)
    assert len(nodes) <= tree.subsets_to_check(values)


@settings(max_examples=100, deadline=None)
@given(values_lists, st.integers(min_value=1, max_value=20))
def test_the_polynomial_counts_the_groups(values, target):
    assert subsets.coefficient(values, target) == count_subsets_with_sum(values, target)
    expanded = dict(subsets.Expanded(values).terms)
    assert expanded.get(target, 0) == count_subsets_with_sum(values, target)


@settings(max_examples=50, deadline=None)
@given(values_lists)
def test_the_product_multiplied_out_is_sympys_expansion(values):
    import sympy

    x = sympy.Symbol("x")
    product = sympy.Integer(1)
    for value in values:
        product *= 1 + x**value
    expected = sympy.Poly(sympy.expand(product), x).all_coeffs()[::-1]
    assert subsets_numbers.polynomial(values) == [int(c) for c in expected]
    assert sympy.sympify(repr(subsets.generating_function(values)), locals={"x": x}) == product


def test_the_expanded_product_reads_from_small_to_large():
    expanded = subsets.Expanded(subsets.LESSON_VALUES)
    assert repr(expanded).startswith("1 + x + x**2 + 2*x**3")
    assert "4x^{8}" in expanded._repr_latex_()


def test_captures_table_lists_every_capture_with_its_groups():
    html = subsets.captures_table(subsets.LESSON_TABLE, subsets.LESSON_CARD, "de").data
    assert html.count("<tr>") == 1 + 8 and "7 + 1 = 8, 6 + 2 = 8, 5 + 3 = 8" in html


def test_capture_problem_says_legal_growing_or_impossible_as_brute_force_does():
    for problem in subsets.capture_problems():
        values = [card.value for card in problem.cards]
        target = problem.card.value

        def legal(picked):
            bonus = (
                problem.card.rainbow
                and len(picked) > 1
                and any(  # groups plus one bonus card
                    splits_into_groups(picked[:k] + picked[k + 1 :], target) for k in range(len(picked))
                )
            )
            return splits_into_groups(picked, target) or bonus

        for size in range(1, len(values) + 1):
            for chosen in combinations(range(len(values)), size):
                picked = [values[i] for i in chosen]
                rest = [i for i in range(len(values)) if i not in chosen]
                grows = any(
                    legal(picked + [values[i] for i in more])
                    for k in range(1, len(rest) + 1)
                    for more in combinations(rest, k)
                )
                judged = problem.check(chosen, "de")
                expected = True if legal(picked) else None if grows else False
                assert judged.ok is expected, (problem, chosen)


def test_best_card_problems_have_one_best_card():
    for problem in subsets.best_card_problems():
        (winner,) = problem.winners()
        best = problem.best[winner]
        assert len(best.takes) >= 2
        assert all(
            len(m.takes) < len(best.takes)
            for i, m in problem.best.items()
            if m and i != winner and problem.hand[i] != problem.hand[winner]
        )
        assert problem.check(winner, "en").ok and "captures" in problem.check(winner, "en").solution[0]


def test_ways_problems_are_seeded_and_checked_by_the_engine():
    problems = subsets.ways_problems()
    assert problems == subsets.ways_problems()
    for problem in problems:
        assert 2 <= problem.answer <= 5
        assert problem.check(problem.answer, "de").ok and not problem.check(problem.answer + 1, "de").ok


def test_every_number_challenge():
    challenge = subsets_problems.EveryNumberChallenge()
    assert challenge.check((0, 1, 3, 7), "de").ok
    assert challenge.check((0, 1), "de").ok is None
    assert challenge.check((0, 1, 2, 3, 4), "de").ok is False
    judged = challenge.check((0, 1, 2, 3), "de")
    assert judged.ok is False and "11" in judged.headline


def test_search_tree_widget_steps():
    widget = SearchTree([1, 2, 3, 5, 6, 7], 8)
    assert widget.press("back") is None and widget.shown == 0
    widget.press("next_group")
    assert widget.nodes[widget.shown - 1].sum_text() == "1 + 2 + 5 = 8"
    widget.press("step")
    widget.press("back")
    assert widget.shown == 5
    widget.press("all")
    assert "28 Schritten" in widget.status.value and widget.buttons["step"].disabled
    widget.target.value = 5
    assert widget.shown == 0 and len(tree.found(widget.nodes)) == 2


def test_watcher_replays_the_same_game_and_tells_every_move():
    watcher = subsets.watcher()
    assert watcher.comment.value == "" and watcher.step_button.disabled  # predict first
    watcher.answer(watcher.problem.played.notation)
    assert "12: nimmt 4 Karten" in watcher.comment.value
    for _ in range(12):
        if watcher.problem is not None:
            watcher.answer(watcher.problem.played.notation)
        watcher.step()
        assert "Zug" in watcher.told.value and "{" not in watcher.told.value
    first_moves = list(watcher.match.moves)
    watcher.restart()
    for _ in range(12):
        if watcher.problem is not None:
            watcher.answer(watcher.problem.played.notation)
        watcher.step()
    assert watcher.match.moves == first_moves


def test_commentary_on_an_empty_table():
    from kartenspiele.quanto import from_scenario

    state = from_scenario({"players": 2, "table": "", "hands": ["5 6", "7"]})
    assert subsets.capture_commentary(state, "en")[-1].startswith("The table is empty")


def test_table_display():
    table = subsets.Table(subsets.LESSON_TABLE)
    assert repr(table) == "Table('1 2 3 5 6 7')" and "ks-card" in table._repr_html_()
    assert [card.value for card in parse_cards(subsets.LESSON_TABLE)] == subsets.LESSON_VALUES
    assert subsets_numbers.largest_capture(parse_cards("5"), Card(8)) is None


def test_a_prediction_is_recorded_with_the_time_it_took(monkeypatch):
    from itertools import chain, repeat

    from kartenspiele.classroom.classes import pupil

    clock = chain([100.0], repeat(112.5))  # the position is shown, then the pupil answers 12.5 s later
    monkeypatch.setattr(pupil.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(pupil, "_last_lap", [0.0])  # no earlier answer on this page
    recorded = []
    monkeypatch.setattr(pupil, "record", lambda kind, **fields: recorded.append((kind, fields)))
    watcher = subsets.watcher()
    watcher.answer(watcher.problem.played.notation)
    assert recorded[-1][0] == "attempt" and recorded[-1][1]["seconds"] == 12.5 and recorded[-1][1]["ok"]
