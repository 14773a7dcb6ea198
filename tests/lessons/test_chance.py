"""Lesson 4: counting with binomial coefficients agrees with the engine; simulations are seeded."""

import matplotlib

from kartenspiele.lessons import chance
from kartenspiele.tausch_rausch import probability, reward_for, task_by_id


def test_counting_agrees_with_the_engine():
    for size in (5, 6, 7, 8):
        assert chance.as_fraction(chance.five_even_chance(size)) == probability(task_by_id("five-even"), size)
    for task_id in ("four-sum-at-least-37", "four-sum-at-most-7"):
        assert chance.as_fraction(chance.chance_by_values(task_id)) == probability(task_by_id(task_id), 4)
    assert "ks-say-good" in chance.counted_and_engine(chance.five_even_chance(5), "five-even", 5, "de").data
    assert "ks-say-warn" in chance.counted_and_engine(chance.five_even_chance(6), "five-even", 5, "de").data


def test_dealt_hands_come_from_the_engine():
    assert len(chance.dealt_hand(1)) == 5 and len(chance.dealt_hand(1, 7)) == 7
    assert chance.dealt_hand(1, 7)[:5] == chance.dealt_hand(1)
    assert chance.simulate("five-even", 50) == chance.simulate("five-even", 50)
    assert chance.running_frequency([True, False, False, True]) == [1.0, 0.5, 1 / 3, 0.5]


def test_simulation_widget_deals_the_next_seeds():
    widget = chance.Simulation("five-even")
    assert "Noch keine Hand" in widget.result.value
    widget.deal(100)
    widget.deal(100)
    assert widget.hits == chance.simulate("five-even", 200)
    assert f"200 Hände ausgeteilt, {sum(widget.hits)}-mal" in widget.result.value
    widget.reset()
    assert widget.hits == []


def test_problems():
    likely = chance.likely_problems()
    assert likely[0].check("three-of-a-kind", "de").ok and likely[1].check("same", "de").ok
    assert likely[4].check("same", "en").ok
    for problem in chance.reward_problems():
        reward = reward_for(task_by_id(problem.task_id))
        assert problem.check(reward, "de").ok and not problem.check(3 - reward, "de").ok
    estimate = chance.estimate_problems()[1]
    assert round(estimate.expected()) == 27
    assert estimate.check(27, "de").ok and not estimate.check(100, "de").ok
    assert chance.PercentProblem("five-even", 9).check(50, "de").ok


def test_reward_rows_and_figures():
    rows = chance.reward_rows()
    assert len(rows) == 24 and rows[0][1] >= rows[-1][1]
    assert all((reward == 2) == (p < chance.REWARD_THRESHOLD) for _, p, reward in rows)
    assert "+2" in chance.reward_table("de").data
    figure = chance.simulation_figure("five-even", 300, "de")
    assert isinstance(figure, matplotlib.figure.Figure) and len(figure.axes[0].lines) == 2
    assert len(chance.reward_figure("en").axes[0].patches) == 24


def test_commentary():
    watcher = chance.watcher()
    assert "19,20 %" in watcher.comment.value and "(+2)" in watcher.comment.value
