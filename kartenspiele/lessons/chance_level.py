"""Lesson 4 at the class's level: chances in words and counted hands at Grundschule, in per cent
from Klasse 5–6 on.

The Bildungsstandards expect chance in words in Klasse 3–4: sicher, möglich, unmöglich,
wahrscheinlicher, compared by counting or by experiment. So at Grundschule level (`page_level`)
every chance lesson 4 says is a count of hands ("etwa 38-mal in 1000 Händen") and every text
that has a Grundschule version (`<key>.grundschule`, picked by `catalogue.level_key`) speaks it;
from Klasse 5–6 on a chance is a per cent ("3,76 %").
"""

from __future__ import annotations

from fractions import Fraction

from ..catalogue import level_key
from ..i18n import text
from ..tausch_rausch.difficulty import REWARD_THRESHOLD
from .chance_numbers import show_percent
from .page_level import PRIMARY, primary

LESSON = "chance"
PER_HANDS = 1000
"""The hands a count is told in at Grundschule level ("etwa 38-mal in 1000 Händen")."""
RARE_HANDS = int(REWARD_THRESHOLD * PER_HANDS)
"""The reward rule in hands: a task for +2 succeeds in fewer than 50 of 1000 hands."""


def in_words() -> bool:
    """Whether lesson 4 speaks at Grundschule level on this page."""
    return primary(LESSON)


def words(key: str, lang: str, **fields: object) -> str:
    """The text `key` at this page's level (its Grundschule version where it has one)."""
    return text(level_key(key, PRIMARY) if in_words() else key, lang, **fields)


def in_hands(chance: Fraction) -> int:
    """How often in `PER_HANDS` hands the chance comes true, rounded."""
    return round(chance * PER_HANDS)


def how_often(chance: Fraction, lang: str) -> str:
    """A chance as this page says it: "etwa 38-mal in 1000 Händen" or "3,76 %"."""
    if not in_words():
        return show_percent(chance, lang)
    if in_hands(chance) == 0 and chance:
        return text("lessons.chance.how_often.rare", lang, hands=PER_HANDS)
    return text("lessons.chance.how_often", lang, count=in_hands(chance), hands=PER_HANDS)
