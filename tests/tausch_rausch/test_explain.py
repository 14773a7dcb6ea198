"""Explanations and narration in German and English."""

from __future__ import annotations

import random
import string

import pytest

from kartenspiele.i18n import LANGUAGES, texts
from kartenspiele.tausch_rausch import (
    DECK,
    Move,
    explain_finding,
    explain_selection,
    find,
    from_scenario,
    narrate,
    new_game,
    parse_cards,
    task_by_id,
)
from kartenspiele.tausch_rausch.players import kind_first_move
from kartenspiele.tausch_rausch.reasons import judge

from .reference import holds


@pytest.mark.parametrize(
    "task_id, cards, lines",
    [
        (
            "five-even",
            "ge2 gr4 bl6 ro8 ge10",
            [
                "Die Karten gelbe 2, grüne 4, blaue 6, rote 8 und gelbe 10 erfüllen die Aufgabe „5 Karten, alle gerade“:",
                "Genau 5 Karten, wie die Aufgabe verlangt.",
                "Alle Zahlen sind gerade (durch 2 teilbar): 2 = 1 + 1; 4 = 2 + 2; 6 = 3 + 3; 8 = 4 + 4; 10 = 5 + 5.",
            ],
        ),
        (
            "four-sum-at-most-7",
            "ge1 gr1 bl2 ro3",
            [
                "Die Karten gelbe 1, grüne 1, blaue 2 und rote 3 erfüllen die Aufgabe „4 Karten, Summe höchstens 7“:",
                "Genau 4 Karten, wie die Aufgabe verlangt.",
                "Summe: 1 + 1 + 2 + 3 = 7; 7 ist nicht mehr als 7.",
            ],
        ),
        (
            "four-sum-at-most-7",
            "ge1 bl2 ro3 ge9",
            [
                "Die Karten gelbe 1, blaue 2, rote 3 und gelbe 9 erfüllen die Aufgabe „4 Karten, Summe höchstens 7“ nicht:",
                "Genau 4 Karten, wie die Aufgabe verlangt.",
                "Summe: 1 + 2 + 3 + 9 = 15; 15 ist mehr als 7.",
            ],
        ),
        (
            "run-of-5",
            "ge3 gr4 bl5 ro6 bl7",
            [
                "Die Karten gelbe 3, grüne 4, blaue 5, rote 6 und blaue 7 erfüllen die Aufgabe "
                "„5 Karten, eine Straße (jede Zahl eins mehr)“:",
                "Genau 5 Karten, wie die Aufgabe verlangt.",
                "3, 4, 5, 6, 7: jede Karte ist eins mehr als die davor (4 = 3 + 1, 5 = 4 + 1, 6 = 5 + 1, 7 = 6 + 1).",
            ],
        ),
    ],
)
def test_why_cards_fulfil_a_task_or_not(task_id, cards, lines):
    assert explain_selection(task_by_id(task_id), parse_cards(cards), "de") == lines


@pytest.mark.parametrize(
    "task_id, cards, lang, last",
    [
        ("five-odd", "ge1 gr3 bl5 ro7 ge2", "de", "Nicht ungerade, denn die Zahl ist durch 2 teilbar: 2 = 1 + 1."),
        ("five-odd", "ge1 gr3 bl5 ge2 ge2", "de", "Nicht ungerade, denn die Zahl ist durch 2 teilbar: 2 = 1 + 1."),
        (
            "five-odd",
            "ge1 gr3 bl5 ge2 ge4",
            "de",
            "Nicht ungerade, denn diese Zahlen sind durch 2 teilbar: 2 = 1 + 1; 4 = 2 + 2.",
        ),
        (
            "five-odd",
            "ge1 gr3 bl5 ge2 ge4",
            "en",
            "Not odd, because these values are divisible by 2: 2 = 1 + 1; 4 = 2 + 2.",
        ),
        ("five-even", "ge2 gr4 bl6 ro8 ge9", "de", "Nicht gerade, denn es bleibt 1 übrig: 9 = 4 + 4 + 1."),
        ("five-even", "ge2 gr4 bl6 ro8 ge9", "en", "Not even, because 1 is left over: 9 = 4 + 4 + 1."),
    ],
)
def test_one_wrong_value_is_told_in_the_singular(task_id, cards, lang, last):
    assert explain_selection(task_by_id(task_id), parse_cards(cards), lang)[-1] == last


def test_why_not_in_english():
    lines = explain_selection(task_by_id("two-one-colour-sum-9"), parse_cards("bl4 ro5"), "en")
    assert lines == [
        "The cards blue 4 and red 5 do not fulfil the task '2 cards, of one colour, sum exactly 9':",
        "Exactly 2 cards, as the task asks.",
        "The cards have different colours: blue and red.",
        "Sum: 4 + 5 = 9, exactly 9.",
    ]
    lines = explain_selection(task_by_id("five-odd"), parse_cards("ge1 gr3 bl5 ro7 ge8"), "en")
    assert lines[-1] == "Not odd, because the value is divisible by 2: 8 = 4 + 4."
    lines = explain_selection(task_by_id("run-of-5"), parse_cards("ge3 gr4 bl5 ro7 bl8"), "en")
    assert lines[-1] == "After 5 comes 7, not 6 = 5 + 1."
    lines = explain_selection(task_by_id("full-house"), parse_cards("ge7 gr7 bl7 ro7 ge2"), "en")
    assert (
        lines[-1]
        == "A full house needs one value three times and another value twice; here: 4 cards showing 7 and one 2."
    )


def test_judge_agrees_with_the_reference_on_random_selections():
    rng = random.Random(2)
    from kartenspiele.tausch_rausch import DEFAULT_TASKS

    agreed = {True: 0, False: 0}
    for _ in range(3000):
        task = rng.choice(DEFAULT_TASKS)
        pool = [c for c in DECK if task.colour.which in ("any", "same", c.colour)]
        cards = rng.sample(pool, task.count + rng.choice([0, 0, 0, -1, 1]))
        ok = all(step.ok for step in judge(task, cards))
        assert ok == holds(task.id, cards) == task.holds(cards)
        agreed[ok] += 1
    assert agreed[True] > 30 and agreed[False] > 1000


def test_pairs_are_told_as_both_cards():
    lines = explain_selection(task_by_id("pair-red"), parse_cards("ro6 ro6"), "de")
    assert lines[-1] == "Beide Karten zeigen die 6." and lines[-2] == "Alle Karten sind rot."


def test_finding_in_words():
    lines = explain_finding(find(task_by_id("three-of-a-kind"), parse_cards("ge7 gr7 bl7 ro7 ge2")), "en")
    assert lines[0] == "'3 cards, all the same value' works in 4 ways:"
    assert lines[1] == "• yellow 7, green 7 and blue 7" and lines[-1] == "All 3 cards show 7."
    assert explain_finding(find(task_by_id("full-house"), parse_cards("ge7 gr7 bl7 ro7 ge2")), "de") == [
        "Es fehlt noch: eine 2."
    ]


def test_narration_speaks_to_the_viewer_and_hides_drawn_cards():
    state = from_scenario(
        {"players": 2, "hands": {0: "ge1 ge2 ge3 ge4 ge5 ge6"}, "stalls": {4: "ro1 ro2 ro3"}, "draw": "bl9 bl8"}
    )
    events = state.apply(Move.swap(4, "ge1 ge2 ge3"))
    assert narrate(events[0], "de", viewer=0) == (
        "Du tauschst am Marktstand 5 (3 Karten): du gibst gelbe 1, gelbe 2 und gelbe 3 und bekommst rote 1, "
        "rote 2 und rote 3."
    )
    assert narrate(events[0], "en", viewer=1, names=["Anna", "Ben"]) == (
        "Anna swaps at market stall 5 (3 cards): gives yellow 1, yellow 2 and yellow 3 and gets red 1, red 2 and red 3."
    )
    assert narrate(events[1], "de", viewer=0) == "Du ziehst blaue 9."
    assert narrate(events[1], "de", viewer=1) == "Spieler 1 zieht 1 Karte."
    assert "9" not in narrate(events[1], "en", viewer=None)
    assert narrate(events[2], "en", viewer=1) == "It is your turn."


def test_the_end_is_told():
    state = from_scenario(
        {
            "players": 2,
            "hands": {1: "ro3 ro3"},
            "to_move": 1,
            "open_tasks": ["pair-one-colour"],
            "fulfilled": {1: ["five-even", "five-odd", "run-of-5", "full-house"]},
        }
    )
    events = state.apply(Move.fulfil("pair-one-colour", "ro3 ro3"))
    assert narrate(events[0], "de", viewer=1) == (
        "Du erfüllst die Aufgabe „2 Karten, in einer Farbe, alle mit derselben Zahl“ mit roter 3 und roter 3."
    )
    assert narrate(events[1], "en", viewer=0) == (
        "That is Player 2's task number 5: Player 2 wins! Tasks: Player 1: 0, Player 2: 5."
    )
    capped = new_game(2, seed=1, turn_cap=1)
    event = capped.apply(capped.legal_moves()[0])[-1]
    assert narrate(event, "de") == (
        "Nach Zug 1 endet das Spiel unentschieden (Zuggrenze für Simulationen). Aufgaben: Spieler 1: 0, Spieler 2: 0."
    )


def test_every_event_of_many_games_is_told_in_both_languages():
    rng = random.Random(8)
    seen = set()
    for seed in range(40):
        state = new_game(rng.randint(2, 4), seed=seed, turn_cap=150, tasks_to_win=rng.choice([3, 5]))
        while not state.is_terminal():
            for event in state.apply(kind_first_move(state, rng)):
                seen.add(event.kind)
                for lang in LANGUAGES:
                    for viewer in (None, event.player, 0):
                        sentence = narrate(event, lang, viewer)
                        assert sentence and "{" not in sentence and "None" not in sentence
    assert {"swapped", "drew", "task_fulfilled", "task_revealed", "next_player", "game_won", "reshuffled"} <= seen


def test_every_text_key_used_by_the_package_exists():
    import pathlib
    import re

    package = pathlib.Path(__file__).resolve().parents[2] / "kartenspiele" / "tausch_rausch"
    table = texts()
    used = set()
    for path in package.glob("*.py"):
        used.update(re.findall(r'"(tausch_rausch\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    literal = {key for key in used if not key.endswith(".")}
    assert literal and all(key in table for key in literal), sorted(literal - set(table))
    for key, entry in table.items():
        if key.startswith("tausch_rausch."):
            forms = [
                " ".join(entry[lang].values()) if isinstance(entry[lang], dict) else entry[lang] for lang in LANGUAGES
            ]
            fields = [{f for _, f, _, _ in string.Formatter().parse(form) if f} for form in forms]
            assert fields[0] == fields[1], key
