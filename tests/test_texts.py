"""Every text a pupil reads is grammatical: each key rendered with a count of 1 and of 2 and with
every colour and card kind, and whole seeded games of both games told from every seat.

The checks name the slips children and teachers found ("1 Karten", "gewählt sind 1", "mit gelbe 2",
"Du spielst Joker als 9 = 9", a rainbow bonus before its card, "+1" on the winning task, …).
`rendered_texts()` is shared with the spelling check (`tests/test_spelling.py`).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from functools import cache, lru_cache

import pytest

from kartenspiele import quanto, tausch_rausch
from kartenspiele.i18n import LANGUAGES, text, texts
from kartenspiele.quanto.cards import parse_cards as quanto_cards
from kartenspiele.quanto.explain import card_name as quanto_card_name
from kartenspiele.quanto.explain import the_card
from kartenspiele.tausch_rausch.cards import COLOURS, Card, colour_name
from kartenspiele.tausch_rausch.players import kind_first_move

# Plural nouns (and the plural words that go with them) that must never follow a count of 1 …
PLURAL = {
    "de": r"Karten|Handkarten|Aufgaben|Möglichkeiten|Arten|Folgen|Straßen|Reihen|Gruppen|Fehlpunkte|Züge|Zügen"
    r"|Schritte|Schritten|Zahlen|Paare|Partien|Hände|Händen|Sieg",
    "en": r"cards|tasks|ways|options|sequences|runs|groups|points|moves|steps|numbers|pairs|games|hands|times",
}
# … and singular nouns that must never follow a count of 2.
SINGULAR = {
    "de": r"Karte|Handkarte|Aufgabe|Möglichkeit|Art|Folge|Straße|Gruppe|Fehlpunkt",
    "en": r"card|task|way|option|sequence|run|group|point|time",
}
# Slips in both languages: empty brackets ("… eins mehr als die davor ()").
BOTH = [(r"\(\s*\)", "empty brackets: '()'")]
# A number said equal to itself ("12 = 12": a single card is no sum; "2 = 2 · 1" and "4 : 2 = 2"
# are arithmetic). Checked where the numbers are real (games told), not in templates whose every
# field is 7.
TAUTOLOGY = re.compile(r"(?<![+−·×=] )(?<!\d : )(?<![\d.,])(?:Regenbogen-|rainbow )?\b(\d+) = \1\b(?![.,]\d| [+−·×:])")
# Slips that are wrong whatever the numbers are.
SLIPS = {
    "de": [
        (r"gewählt sind \d", "count as subject: 'gewählt sind 1'"),
        (r"\bmit (gelbe|grüne|blaue|rote) \d", "dative after 'mit': 'mit gelber 2'"),
        (r"\balle \d+ erlaubte Züge", "'alle 8 erlaubten Züge'"),
        (r"fehlt so viel bis", "'jede Karte fehlt so viel bis 10'"),
        (r"\b(\d+) ist (höchstens|mindestens) \1\b", "'7 ist höchstens 7'"),
        (r"Joker als \d+ = \d+", "'Joker als 9 = 9'"),
        (
            r"\b(spielst|spielt|wählst|wählt|legst|legt) (Joker|\d+\b(?! Karte)|Regenbogen-)",
            "a single card needs its article",
        ),
        (r"\bSeed\b", "'Spielnummer', not 'Seed'"),
        (r"im Mittel", "children's words, not 'im Mittel'"),
        (r"\bReihe(n)?\b(?!nfolge| nach)", "a run is a 'Straße'"),
        (r"Ablagestapel \(", "'Ablagestapel (0)'"),
        (r"\d+ × \d+", "'1 × 1, 1 × 3'"),
        (r"seinem Gewinnstapel", "a player may be a girl"),
        *BOTH,
    ],
    "en": [
        (r"\b1 are\b", "'1 are chosen'"),
        (r"\b1 do not\b", "'1 do not fulfil'"),
        (r"\bSeed\b|\bseed\b", "'game number', not 'seed'"),
        (r"on average", "children's words, not 'on average'"),
        (r"Joker as \d+ = \d+|joker as \d+ = \d+", "'joker as 9 = 9'"),
        *BOTH,
    ],
}
DU = re.compile(r"\b(du|dich|dir|dein\w*)\b", re.IGNORECASE)
IHR = re.compile(r"\b(ihr \w+t\b|euch|euer|eure\w*)", re.IGNORECASE)  # "ihr seid", not "ihr Zeichen"


def fields(template: str) -> list[str]:
    return [name.split(":")[0] for _, name, _, _ in string.Formatter().parse(template) if name]


@cache
def variants(lang: str, key: str) -> dict[str, list[str]]:
    """Values for the fields of a text: each card kind of both games and each colour. Narration
    names a single card with its article ("die 8", "den Joker"), as `quanto.explain` does."""
    quanto_kinds = [quanto_card_name(card, lang) for card in quanto_cards("8 R8 J")]
    with_article = [the_card(card, None, lang) for card in quanto_cards("8 R8 J")]
    with_article.append(the_card(quanto_cards("J")[0], 9, lang))
    template = texts()[key][lang]
    dative = "mit {cards}" in (" ".join(template.values()) if isinstance(template, dict) else template)
    tr_cards = [Card(colour, 5).name(lang, dative) for colour in COLOURS]
    single = with_article if key.startswith(("quanto.event.", "lessons.subsets.capture.prompt")) else quanto_kinds
    return {
        "card": single + tr_cards,
        "cards": [", ".join(tr_cards[:2]), tr_cards[3], "8, 4 " + text("word.and", lang) + " 4"],
        "colour": [colour_name(colour, lang) for colour in COLOURS],
        "adjectives": [f"{text('tausch_rausch.word.odd', lang)} {Card(c, 5).name(lang).split()[0]} " for c in COLOURS],
        "words": [Card(c, 5).name(lang) for c in COLOURS],
        "article": [text("tausch_rausch.word.article", lang)],
        "partner": quanto_kinds[:2],
    }


class Localised:
    """A field value that is itself a text in the language asked for (`{task:de}`)."""

    def __format__(self, spec: str) -> str:
        return "Summe genau 9" if spec == "de" else "sum exactly 9"


def fill(count: int, defaults: dict[str, list[str]], name: str, value: str) -> dict[str, object]:
    params: dict[str, object] = {
        "count": count,
        "name": "Anna",
        "other": "Ben",
        "player": 2,
        "game": "Quanto",
        "task": Localised(),
        "reason": Localised(),
    }
    params.update({field: choices[0] for field, choices in defaults.items()})
    params[name] = value
    return params


class Default(dict):
    """Any field not set explicitly is a number other than 1 and 2, so it cannot hide a slip."""

    def __missing__(self, key: str) -> object:
        return 7


def render(key: str, lang: str, count: int, name: str = "", value: str = "") -> str:
    template = texts()[key][lang]
    if isinstance(template, dict):
        template = template["one" if count == 1 else "other"]
    return string.Formatter().vformat(template, (), Default(fill(count, variants(lang, key), name, value)))


@lru_cache(maxsize=1)
def rendered_texts() -> dict[str, list[tuple[str, str]]]:
    """Every key in each language with counts 1 and 2 and each card kind and colour:
    {lang: [(key, sentence), …]}."""
    found: dict[str, list[tuple[str, str]]] = {lang: [] for lang in LANGUAGES}
    for lang in LANGUAGES:
        for key, entry in texts().items():
            values = variants(lang, key)
            template = entry[lang]
            names = set(fields(" ".join(template.values()) if isinstance(template, dict) else template))
            for count in (1, 2):
                choices = [(name, value) for name in names & values.keys() for value in values[name]] or [("", "")]
                for name, value in choices:
                    found[lang].append((key, render(key, lang, count, name, value)))
    return found


def count_slips(sentence: str, lang: str, told: bool = False) -> list[str]:
    """The count slips in one sentence: '1 Karten', '2 Karte', and the fixed slips; in a sentence
    `told` with real numbers also a tautology ('12 = 12')."""
    slips = [
        f"1 + plural: {m.group(0)!r}"
        for m in re.finditer(rf"(?<![\d,.+−-])\b1 (?:[a-zäöüß]+ )?({PLURAL[lang]})\b", sentence)
    ]
    slips += [
        f"2 + singular: {m.group(0)!r}"
        for m in re.finditer(rf"(?<![\d,.+−-])\b2 (?:[a-zäöüß]+ )?({SINGULAR[lang]})\b(?!-)", sentence)
    ]
    slips += [f"{why}: {m.group(0)!r}" for pattern, why in SLIPS[lang] for m in re.finditer(pattern, sentence)]
    if told:
        slips += [f"tautology: {m.group(0)!r}" for m in TAUTOLOGY.finditer(sentence)]
    return slips


def test_rendered_texts_cover_every_key_count_and_card_kind():
    rendered = rendered_texts()
    for lang in LANGUAGES:
        assert {key for key, _ in rendered[lang]} == set(texts())
        sentences = [s for _, s in rendered[lang]]
        assert any("Joker" in s or "joker" in s for s in sentences)
        assert all(any(colour_name(c, lang) in s for s in sentences) for c in COLOURS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_has_a_count_or_case_slip(lang):
    wrong = [(key, sentence, slip) for key, sentence in rendered_texts()[lang] for slip in count_slips(sentence, lang)]
    assert not wrong, "\n".join(f"{key}: {sentence}  <- {slip}" for key, sentence, slip in wrong[:20])


def test_one_form_of_address_per_text():
    mixed = [
        key
        for key, entry in texts().items()
        for template in (entry["de"].values() if isinstance(entry["de"], dict) else [entry["de"]])
        if DU.search(template) and IHR.search(template)
    ]
    assert not mixed


def test_the_checks_find_the_slips_they_are_for():
    """The slips of the issue, as they were, are caught."""
    assert count_slips("Anna füllt die Hand auf (1 Karten).", "de")
    assert count_slips("Fülle deine Hand auf: du bekommst 1 neue Karten.", "de")
    assert count_slips("Gib genau 1 Handkarten und nimm die Karten von Stand 1", "de")
    assert count_slips("Die Aufgabe verlangt genau 2 Karten, gewählt sind 1.", "de")
    assert count_slips("The task asks for exactly 2 cards; 1 are chosen.", "en")
    assert count_slips("Ben refills their hand (1 cards).", "en")
    assert count_slips("blue 1 do not fulfil the task 'x':", "en")
    assert count_slips("Du erfüllst die Aufgabe mit gelbe 2 (+1).", "de")
    assert count_slips("Das Spiel kennt alle 8 erlaubte Züge.", "de")
    assert count_slips("Summe: 1 + 1 + 2 + 3 = 7; 7 ist höchstens 7.", "de")
    assert count_slips("Du spielst Joker als 9 = 9 und sammelst deinen Quanto ein.", "de")
    assert count_slips("Neues Spiel (Seed 4). Anna beginnt.", "de")
    assert count_slips("Längste Reihe in der Hand: 3-4-5 (3 Karten).", "de")
    assert count_slips("Stand 2: 2 Karte", "de")
    assert count_slips("2: jede Karte ist eins mehr als die davor ().", "de")
    assert count_slips("Nehmen (12): 12 = 12; 12 = 12", "de", told=True)
    assert count_slips("12 = 12: Spieler 3 nimmt 12", "de", told=True)
    assert not count_slips("6 + 6 = 12, 8 passt genau, 2 = 1 + 1, (4 + 8) · 5 : 2 = 30", "de", told=True)
    assert not count_slips("Die Reihenfolge ist egal; der Reihe nach. 1 + 2 Karten, 1,5 Karten.", "de")
    assert not count_slips("Stall 1 holds 1 card: you must give exactly 1 card, not 2.", "en")


# -- whole games, told from every seat ----------------------------------------------------------


def quanto_games(count: int) -> Iterator[tuple[quanto.QuantoState, list]]:
    rng = random.Random(10)
    for seed in range(count):
        state = quanto.new_game(rng.randint(2, 6), seed=seed)
        while not state.is_terminal():
            yield state, state.apply(rng.choice(state.legal_moves()))


def tausch_rausch_games(count: int) -> Iterator[tuple[tausch_rausch.TauschRauschState, list]]:
    rng = random.Random(10)
    for seed in range(count):
        state = tausch_rausch.new_game(rng.randint(2, 4), seed=seed, turn_cap=150, tasks_to_win=rng.choice([3, 5]))
        while not state.is_terminal():
            yield state, state.apply(kind_first_move(state, rng))


def told(narrate, state, events, lang, viewer) -> list[str]:
    return [narrate(event, lang, viewer) for event in events]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whole_quanto_games_are_told_without_slips_from_every_seat(lang):
    seen = set()
    you_give = "Die 1: du gibst" if lang == "de" else "The 1: you give"
    your_quanto = "deinen Quanto" if lang == "de" else "your Quanto"
    for state, events in quanto_games(25):
        kinds = [event.kind for event in events]
        seen.update(kinds)
        if "rainbow_bonus" in kinds:  # the bonus is told after the card that earns it
            assert kinds.index("rainbow_bonus") > max(
                kinds.index(k) for k in ("captured", "quanto_collected") if k in kinds
            )
        for viewer in (None, *range(state.players)):
            sentences = told(quanto.narrate, state, events, lang, viewer)
            for event, sentence in zip(events, sentences):
                assert not count_slips(sentence, lang, told=True), (sentence, count_slips(sentence, lang, told=True))
                if event.kind == "three_drew" and len(event.cards) == 1:
                    assert "davon" not in sentence and "of them" not in sentence, sentence
                if event.kind == "one_took" and viewer == event.other:
                    assert sentence.startswith(you_give), sentence
                if event.kind == "joker_took_quanto" and viewer == event.other:
                    assert your_quanto in sentence, sentence
    assert {
        "captured",
        "quanto_collected",
        "one_took",
        "three_drew",
        "rainbow_bonus",
        "joker_took_quanto",
        "hand_refilled",
        "game_over",
    } <= seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whole_tausch_rausch_games_are_told_without_slips_from_every_seat(lang):
    won = 0
    for state, events in tausch_rausch_games(12):
        kinds = [event.kind for event in events]
        for viewer in (None, *range(state.players)):
            for event, sentence in zip(events, told(tausch_rausch.narrate, state, events, lang, viewer)):
                assert not count_slips(sentence, lang, told=True), (sentence, count_slips(sentence, lang, told=True))
                if event.kind == "task_fulfilled" and "game_won" in kinds:  # no reward is drawn
                    assert "(+" not in sentence, sentence
        won += "game_won" in kinds
    assert won >= 5


def test_the_narration_of_a_joker_collect_and_of_a_single_drawn_card():
    state = quanto.from_scenario({"players": 2, "table": "3 5", "hands": ["J", "6"], "quantos": {0: (8, "4 4")}})
    collect = state.apply(quanto.Move.collect("J", "3 5", declared=8))
    assert quanto.narrate(collect[1], "de", 0).startswith("Du spielst den Joker als 8 und sammelst deinen Quanto 8 ein")
    state = quanto.from_scenario({"players": 2, "table": "5 6 7 8", "hands": ["3", "6"], "draw": "10"})
    drew = next(e for e in state.apply(quanto.Move.lay("3")) if e.kind == "three_drew")
    assert quanto.narrate(drew, "de", 0) == "Die 3: du ziehst 10 und spielst sie sofort."
    assert quanto.narrate(drew, "en", 1) == "The 3: Player 1 draws 10 and plays it."
