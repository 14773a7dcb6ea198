"""Hints: the top level's move with its reason, in German and English."""

import random
import re
import string

import pytest

from kartenspiele.bots.hint import hint
from kartenspiele.bots.match import Match
from kartenspiele.core.errors import BotSetupError, GameOverError
from kartenspiele.quanto import Move, from_scenario
from kartenspiele.tausch_rausch import Move as TRMove

from .helpers import hidden_twin, positions


def test_worked_example_one():
    state = from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8 11 11 5", "5"], "draw": "9 9 9 9"})
    tip = hint(state, "de")
    assert tip.move == Move.capture("8", "8 4 4")
    assert tip.reason.startswith("Nimm 8, 4 und 4 mit deiner 8 (8 passt genau, 4 + 4 = 8): das sind 4 Karten")
    assert tip.text("en").startswith("Take 8, 4 and 4 with your 8 (8 fits exactly, 4 + 4 = 8): that is 4 cards")
    assert tip.text("de") == tip.reason


def test_keeps_the_joker_and_says_so():
    state = from_scenario({"players": 2, "table": "6 1", "hands": ["J 6 10 11", "1"], "draw": "10 10 10 10"})
    tip = hint(state, "en")
    assert not tip.move.card.is_joker
    assert "You keep your joker" in tip.reason


def test_a_state_and_its_view_get_the_same_hint():
    state = positions("quanto", 1, seed=8)[0]
    assert hint(state) == hint(state.view(state.to_move))


def test_hidden_cards_do_not_change_the_hint():
    rng = random.Random(2)
    for state in positions("quanto", 6, seed=5):
        assert hint(hidden_twin(state, rng), "de") == hint(state, "de")


def test_hints_read_well_in_both_languages():
    for state in positions("quanto", 12, seed=21):
        tip = hint(state, "de")
        assert state.is_legal(tip.move)
        for lang in ("de", "en"):
            sentence = tip.text(lang)
            assert sentence and not any(name for _, name, _, _ in string.Formatter().parse(sentence) if name)
            assert "None" not in sentence


def test_only_the_player_to_move_gets_a_hint():
    state = positions("quanto", 1, seed=3)[0]
    with pytest.raises(BotSetupError) as caught:
        hint(state.view((state.to_move + 1) % state.players))
    assert caught.value.message("en") == "A hint is only given to the player whose turn it is."


def tausch_rausch_scenario(hand, fulfilled=None):
    from kartenspiele.tausch_rausch import from_scenario

    return from_scenario(
        {
            "players": 2,
            "hands": [hand, "ge9 gr9 bl9 ro9 ge8"],
            "stalls": {0: "ro7", 1: "ge2 ge1", 2: "gr1 gr2", 3: "bl1 bl2", 4: "ro1 ro2 ro3"},
            "open_tasks": ["five-even", "run-of-5", "pair-red", "four-sum-at-least-37", "three-of-a-kind"],
            "fulfilled": fulfilled or {},
        },
        seed=3,
    )


def test_tausch_rausch_hint_for_a_task():
    state = tausch_rausch_scenario("ge2 gr4 bl6 ro8 ge10 bl3")
    tip = hint(state, "de")
    assert tip.move == TRMove.fulfil("five-even", "ge2 gr4 bl6 ro8 ge10")
    assert tip.reason.startswith(
        "Erfülle die Aufgabe „5 Karten, alle gerade“: lege gelbe 2, grüne 4, blaue 6, "
        "rote 8 und gelbe 10 ab. Das ist deine 1. Aufgabe, und du ziehst 1 Karte nach."
    )
    assert tip.text("en").startswith(
        "Fulfil the task '5 cards, all even': put down yellow 2, green 4, blue 6, red 8 and yellow 10."
    )
    # the Tipp's line says what to do; what it brings is behind "Warum?" (a Tipp fits its box)
    assert (
        tip.short("de")
        == "Erfülle die Aufgabe „5 Karten, alle gerade“: lege gelbe 2, grüne 4, blaue 6, rote 8 und gelbe 10 ab."
    )
    assert tip.more("en").startswith("That is your task number 1, and you draw 1 card.")


def test_tausch_rausch_hint_for_the_winning_task():
    state = tausch_rausch_scenario(
        "ge2 gr4 bl6 ro8 ge10 bl3", fulfilled={0: ["pair-one-colour", "full-house", "five-odd", "run-of-4-one-colour"]}
    )
    assert "That wins the game!" in hint(state, "en").reason


def test_tausch_rausch_hint_for_a_swap_names_the_task_it_aims_at():
    state = tausch_rausch_scenario("ge3 gr4 bl5 ro6 ge1")
    for lang, opening in (("en", "Swap at market stall "), ("de", "Tausche am Marktstand ")):
        tip = hint(state, lang)
        assert tip.move.kind == "swap"
        assert tip.reason.startswith(f"{opening}{tip.move.stall + 1}: ")
    titles = [state.task(task_id).title("en") for task_id in state.open_tasks]
    aims = [
        title
        for title in titles
        if f"closer to the task '{title}'" in tip.text("en")
        or f"Then you can fulfil the task '{title}'" in tip.text("en")
    ]
    assert len(aims) == 1


def test_tausch_rausch_hints_read_well_and_ignore_hidden_cards():
    rng = random.Random(7)
    for state in positions("tausch_rausch", 6, seed=17, moves=30):
        tip = hint(state, "de")
        assert state.is_legal(tip.move)
        assert hint(hidden_twin(state, rng), "de") == tip
        for lang in ("de", "en"):
            assert "{" not in tip.text(lang) and "None" not in tip.text(lang)


def test_no_hint_after_the_end():
    match = Match("quanto", 2, ["greedy", "greedy"], seed=4)
    match.play()
    with pytest.raises(GameOverError) as caught:
        hint(match.state, "en")
    assert caught.value.message("de") == "Das Spiel ist schon zu Ende."


SENTENCE_END = re.compile(r"(?<![0-9])[.!?](?=\s|$)|(?<=[0-9])\.$")
"""The end of a sentence (not an ordinal: "deine 1. Aufgabe"; a number ends the text: "green 7.")."""


def sentences(said: str) -> int:
    return len(SENTENCE_END.findall(said.replace("z. B.", "").replace("e.g.", "")))


@pytest.mark.parametrize("game", ["quanto", "tausch_rausch"])
def test_a_hint_says_what_to_do_in_one_breath_and_why_one_tap_away(game):
    explained = 0
    for state in positions(game, 8, seed=13):
        tip = hint(state, "de")
        for lang in ("de", "en"):
            short, more = tip.short(lang), tip.more(lang)
            assert tip.text(lang) == f"{short} {more}".strip()
            assert 1 <= sentences(short) <= 2, short
            for words in ("ausgedachten Spielen", "made-up games"):  # how it was found: behind "Warum?"
                assert words not in short
            explained += bool(more)
    assert explained  # most hints have a reason beyond what to do
