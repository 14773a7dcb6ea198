"""The text table: every key in German and English with the same fields; narration of events."""

import random
import string

import pytest

from kartenspiele.i18n import LANGUAGES, PLURAL_FORMS, join_words, set_language, text, texts
from kartenspiele.quanto import narrate, new_game


def fields(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def forms(template):
    """The strings of one language's text: itself, or its plural forms."""
    return list(template.values()) if isinstance(template, dict) else [template]


def test_every_text_in_both_languages_with_the_same_fields():
    for key, entry in texts().items():
        assert set(entry) == set(LANGUAGES), key
        plural = [isinstance(entry[lang], dict) for lang in LANGUAGES]
        assert all(plural) or not any(plural), f"{key}: plural forms in one language only"
        if all(plural):
            assert all(set(entry[lang]) == set(PLURAL_FORMS) for lang in LANGUAGES), key
        strings = [s for lang in LANGUAGES for s in forms(entry[lang])]
        assert all(s.strip() for s in strings), key
        assert len({frozenset(fields(s)) for s in strings}) == 1 or all(plural), key
        if all(plural):  # the "one" form may say "eine Karte" and leave out fields it needs not
            other = {frozenset(fields(entry[lang]["other"])) for lang in LANGUAGES}
            assert len(other) == 1, key
            assert all(fields(entry[lang]["one"]) <= next(iter(other)) for lang in LANGUAGES), key


def test_plural_forms_are_chosen_by_count(monkeypatch):
    from kartenspiele import i18n

    table = dict(texts())
    table["test.cards"] = {
        "de": {"one": "{count} Karte", "other": "{count} Karten"},
        "en": {"one": "{count} card", "other": "{count} cards"},
    }
    monkeypatch.setattr(i18n, "texts", lambda: table)
    assert text("test.cards", "de", count=1) == "1 Karte"
    assert text("test.cards", "de", count=2) == "2 Karten"
    assert text("test.cards", "de", count=0) == "0 Karten"
    assert text("test.cards", "en", count=1) == "1 card"
    with pytest.raises(KeyError):
        text("test.cards", "en")


def test_join_words():
    assert join_words([8, 4, 4], "de") == "8, 4 und 4"
    assert join_words([8, 4], "en") == "8 and 4"


def test_current_language_switches_messages():
    try:
        set_language("en")
        assert text("player.name", None, number=2) == "Player 2"
    finally:
        set_language("de")
    assert text("player.name", None, number=2) == "Spieler 2"
    with pytest.raises(ValueError):
        set_language("fr")


def test_every_event_of_many_games_is_told_in_both_languages():
    rng = random.Random(8)
    seen = set()
    for seed in range(60):
        state = new_game(rng.randint(2, 6), seed=seed)
        while not state.is_terminal():
            for event in state.apply(rng.choice(state.legal_moves())):
                seen.add(event.kind)
                for lang in LANGUAGES:
                    for viewer in (None, event.player, 0):
                        sentence = narrate(event, lang, viewer)
                        assert sentence and "{" not in sentence and "None" not in sentence
    assert {
        "captured",
        "quanto_formed",
        "quanto_collected",
        "laid",
        "one_took",
        "two_again",
        "three_drew",
        "game_over",
        "table_refilled",
        "hand_refilled",
    } <= seen


def test_capture_narration_shows_the_arithmetic():
    from kartenspiele.quanto import Move, from_scenario

    state = from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8", "5"]})
    events = state.apply(Move.capture("8", "8 4 4"))
    assert narrate(events[0], "de", viewer=0) == "Du spielst die 8. 8 passt genau, 4 + 4 = 8: du nimmst 8, 4 und 4."
    assert (
        narrate(events[0], "en", viewer=1)
        == "Player 1 plays the 8. 8 fits exactly, 4 + 4 = 8: Player 1 takes 8, 4 and 4."
    )


def test_hidden_cards_are_not_told_to_others():
    from kartenspiele.quanto import Move, from_scenario

    state = from_scenario({"players": 2, "table": "5 6 7 8", "hands": ["1", "6"], "draw": "11 12 10 9 9"})
    event = next(e for e in state.apply(Move.refill_hand()) if e.kind == "hand_refilled")
    assert "11" in narrate(event, "en", viewer=0)
    assert "11" not in narrate(event, "en", viewer=1) and "3" in narrate(event, "en", viewer=1)
