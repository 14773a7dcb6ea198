"""Cards of both games in lesson widgets: as buttons (by position in a list) and as HTML.

The look is the tables' (`static/tables.css`): a Quanto card shows its value, a rainbow
border or a joker's star; a Tausch-Rausch card its colour, symbol and value.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..quanto.cards import Card as QuantoCard
from ..quanto.display import cards_html as quanto_cards_html
from ..quanto.explain import card_name
from ..tausch_rausch.cards import Card as TauschRauschCard
from ..widgets.buttons import Spec
from ..widgets.tausch_rausch_table import small_card

Face = QuantoCard | TauschRauschCard


def card_spec(key: Hashable, card: Face, lang: str, selected: bool = False) -> Spec:
    """A card as a button; `selected` lifts it."""
    extra = ("ks-selected",) if selected else ()
    if isinstance(card, TauschRauschCard):
        return Spec(key, str(card.value), card.name(lang), ("ks-card", "ks-tr", f"ks-c-{card.colour}", *extra))
    looks = ["ks-card", "ks-joker" if card.is_joker else f"ks-v{card.value}"]
    if card.rainbow:
        looks.append("ks-rainbow")
    return Spec(key, "★" if card.is_joker else str(card.value), card_name(card, lang), (*looks, *extra))


def cards_html(cards: Sequence[Face], lang: str) -> str:
    """A row of small cards in HTML."""
    if cards and isinstance(cards[0], TauschRauschCard):
        return "".join(small_card(card, lang) for card in cards)  # type: ignore[arg-type]
    return quanto_cards_html(cards, lang, small=True)  # type: ignore[arg-type]
