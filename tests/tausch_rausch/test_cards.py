"""Cards, notation and the deck."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kartenspiele.core.errors import NotationError
from kartenspiele.tausch_rausch import DECK, Card, format_cards, parse_cards
from kartenspiele.tausch_rausch.cards import COLOURS, FACES, STALL_SIZES, VALUES

faces = st.sampled_from(sorted(FACES.values(), key=Card.sort_key))


def test_deck_has_two_of_each_of_forty_faces():
    assert len(DECK) == 80
    counts = Counter(DECK)
    assert len(counts) == 40 and set(counts.values()) == {2}
    assert {card.colour for card in DECK} == set(COLOURS) == {"ge", "gr", "bl", "ro"}
    assert {card.value for card in DECK} == set(VALUES) == set(range(1, 11))
    assert STALL_SIZES == (1, 2, 2, 2, 3)


def test_card_ids_are_stable():
    assert DECK[0] == Card("ge", 1) == DECK[1]
    assert DECK[79] == Card("ro", 10)
    assert all(
        DECK[20 * c + 2 * (v - 1) + k] == Card(colour, v)
        for c, colour in enumerate(COLOURS)
        for v in VALUES
        for k in (0, 1)
    )


@given(faces)
def test_notation_parses_back_exactly(card):
    assert Card.parse(card.notation) == card
    assert Card.parse(card.notation.upper()) == card
    assert str(card) == card.notation


@given(st.lists(faces, max_size=15))
def test_lists_parse_back(cards):
    text = format_cards(cards)
    assert parse_cards(text) == cards
    assert format_cards(parse_cards(text.replace(" ", ", "))) == text


def test_examples_of_notation():
    assert [c.notation for c in parse_cards("ge7 gr7 bl7 ro7 RO10")] == ["ge7", "gr7", "bl7", "ro7", "ro10"]
    assert Card.parse("bl10").value == 10


@pytest.mark.parametrize("token", ["7", "ge", "ge0", "ge11", "gelb7", "xx7", "ro-1", "b l7", ""])
def test_bad_tokens_are_rejected(token):
    with pytest.raises(NotationError) as error:
        Card.parse(token)
    assert error.value.message("de") != error.value.message("en")


def test_bad_faces_are_rejected():
    with pytest.raises(NotationError):
        Card("lila", 3)
    with pytest.raises(NotationError):
        Card("ro", 11)
    with pytest.raises(NotationError):
        Card("ro", True)
    with pytest.raises(NotationError):
        parse_cards(7)


def test_card_names_for_children():
    assert Card("bl", 4).name("de") == "blaue 4"
    assert Card("ro", 9).name("en") == "red 9"
    assert Card("gr", 1).name("de") == "grüne 1"
    assert Card("ge", 10).name("en") == "yellow 10"
