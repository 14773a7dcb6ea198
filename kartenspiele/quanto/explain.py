"""Quanto told in words: every event, step by step, with its arithmetic (German and English).

`narrate(event, lang, viewer)` speaks to the viewer as "du/you" when the viewer acted or is
the second player concerned (gives a card to a laid 1, loses a Quanto to a joker), and hides cards that only the actor may see (cards drawn into a hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.events import Event
from ..i18n import join_words, text
from .cards import Card

# Events that are told only with the person: "du …" for the viewer, "Anna …" for others.
PERSONAL = {
    "captured",
    "rainbow_bonus",
    "quanto_formed",
    "chip_taken",
    "quanto_extended",
    "quanto_groups_added",
    "quanto_collected",
    "joker_took_quanto",
    "laid",
    "one_took",
    "two_again",
    "two_chain_ends",
    "three_drew",
    "three_no_effect",
    "chose_drawn",
    "hand_refilled",
    "passed",
    "table_to_last_capturer",
    "quanto_lost",
    "next_player",
    "chip_returned",
}
# Events with a second person (`other`) who reads about themselves: "du gibst …", "… nimmt dir …".
SECOND_PERSON = {"one_took": "giver", "joker_took_quanto": "yours"}


def player_name(player: int, lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The name shown for a seat: a given name, or "Spieler 1" / "Player 1"."""
    if names is not None and player < len(names) and names[player]:
        return names[player]
    return text("player.name", lang, number=player + 1)


def card_name(card: Card, lang: str | None = None) -> str:
    """A card as a child reads it: "8", "Regenbogen-8", "Joker"."""
    if card.is_joker:
        return text("quanto.card.joker", lang)
    if card.rainbow:
        return text("quanto.card.rainbow", lang, value=card.value)
    return str(card.value)


def card_list(cards: Iterable[Card], lang: str | None = None) -> str:
    return join_words((card_name(card, lang) for card in cards), lang)


def group_sum(group: Sequence[Card], value: int | None, lang: str | None = None) -> str:
    """One group with its arithmetic: "4 + 4 = 8", "Joker = 8"; a single card of its own value is
    no sum ("8 passt genau", not "8 = 8")."""
    if len(group) == 1 and not group[0].is_joker:
        return exact(card_name(group[0], lang), lang)
    return f"{' + '.join(card_name(card, lang) for card in group)} = {value}"


def exact(card: str, lang: str | None = None) -> str:
    """A single card that makes the value by itself: "8 passt genau"."""
    return text("quanto.arith.exact", lang, card=card)


def groups_sum(groups: Sequence[Sequence[Card]], value: int | None, lang: str | None = None) -> str:
    return ", ".join(group_sum(group, value, lang) for group in groups)


def played(card: Card, value: int | None, lang: str | None = None) -> str:
    """The played card without article, with the declared value of a joker ("Joker als 6")."""
    if card.is_joker and value is not None:
        return text("quanto.card.joker_as", lang, value=value)
    return card_name(card, lang)


def the_card(card: Card, value: int | None = None, lang: str | None = None) -> str:
    """One card with its article, as a sentence names it: "die 8", "den Joker als 6"."""
    if card.is_joker:
        if value is not None:
            return text("quanto.card.the_joker_as", lang, value=value)
        return text("quanto.card.the_joker", lang)
    return text("quanto.card.the", lang, card=card_name(card, lang))


def narrate(
    event: Event, lang: str | None = None, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """One event as a sentence, from the view of `viewer` (None: an onlooker)."""
    kind = event.kind
    key = f"quanto.event.{kind}"
    if kind in PERSONAL:
        key += ".you" if event.player == viewer and viewer is not None else ".other"
        if kind in SECOND_PERSON and key.endswith(".other") and viewer is not None and event.other == viewer:
            key = f"quanto.event.{kind}.{SECOND_PERSON[kind]}"
    cards = event.cards
    if event.hidden and event.player != viewer:
        cards = ()
    params = {
        "name": player_name(event.player, lang, names) if event.player is not None else "",
        "other": player_name(event.other, lang, names) if event.other is not None else "",
        "card": the_card(event.card, None, lang) if event.card is not None else "",
        "cards": card_list(cards, lang),
        "count": len(event.cards) if event.cards else (event.value or 0),
        "value": event.value,
    }
    if kind == "captured":
        params["card"] = the_card(event.card, event.value, lang)
        params["arith"] = groups_sum(event.groups, event.value, lang)
        params["cards"] = card_list([card for group in event.groups for card in group], lang)
    elif kind in ("quanto_formed", "quanto_extended"):
        total = [event.card, *event.cards]
        params["arith"] = group_sum(total, event.value, lang)
    elif kind == "quanto_groups_added":
        params["arith"] = groups_sum(event.groups, event.value, lang)
        params["cards"] = card_list([card for group in event.groups for card in group], lang)
    elif kind == "quanto_collected":
        params["card"] = the_card(event.card, event.value, lang)
    elif kind == "table_refilled" and event.value:
        key = "quanto.event.table_refilled_rainbow"
    elif kind == "game_over":
        params["scores"] = ", ".join(
            text("quanto.score", lang, name=player_name(p, lang, names), score=score)
            for p, score in enumerate(event.scores)
        )
        winners = [player_name(p, lang, names) for p in event.winners]
        params["winners"] = join_words(winners, lang)
        key = "quanto.event.game_over.tie" if len(winners) > 1 else "quanto.event.game_over"
    return text(key, lang, **params)


def narrate_all(
    events: Iterable[Event], lang: str | None = None, viewer: int | None = None, names: Sequence[str] | None = None
) -> list[str]:
    """Every event as a sentence, in order."""
    return [narrate(event, lang, viewer, names) for event in events]
