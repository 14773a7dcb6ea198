"""Tausch-Rausch told in words (German and English): every event, why cards fulfil a task or
not, and what a hand still lacks.

`narrate(event, lang, viewer, names)` speaks to the viewer as "du/you" when the viewer acted
and hides cards that only the actor may see (cards drawn into a hand).
`explain_selection(task, cards, lang)` gives the step-by-step reasons of `reasons.judge`;
`explain_missing(shortfall, lang)` words the finder's `Shortfall`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.events import Event
from ..i18n import join_words, text
from .cards import Card, colour_adjective, sort_cards
from .finder import Finding, Need, Shortfall
from .reasons import judge
from .tasks import Task

PERSONAL = {"swapped", "drew", "nothing_to_draw", "task_fulfilled", "passed", "next_player", "game_won"}
SHOWN_OPTIONS = 4


def player_name(player: int, lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The name shown for a seat: a given name, or "Spieler 1" / "Player 1"."""
    if names is not None and player < len(names) and names[player]:
        return names[player]
    return text("player.name", lang, number=player + 1)


def card_list(cards: Iterable[Card], lang: str | None = None, dative: bool = False) -> str:
    """ "gelbe 2, blaue 4 und rote 9"; after "mit" (`dative`): "gelber 2, blauer 4 und roter 9"."""
    return join_words((card.name(lang, dative) for card in cards), lang)


def count_of_cards(count: int, lang: str | None = None) -> str:
    """ "1 Karte" / "3 Karten"."""
    return text("tausch_rausch.word.cards", lang, count=count)


def task_title(task_id: str | None, tasks: dict[str, Task] | None, lang: str | None) -> str:
    if task_id is None:
        return ""
    if tasks is not None and task_id in tasks:
        return tasks[task_id].title(lang)
    from .deck import DEFAULT_BY_ID

    return DEFAULT_BY_ID[task_id].title(lang) if task_id in DEFAULT_BY_ID else task_id


def narrate(
    event: Event,
    lang: str | None = None,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
    tasks: dict[str, Task] | None = None,
) -> str:
    """One event as a sentence, from the view of `viewer` (None: an onlooker). `tasks` maps the
    ids of a custom deck to its tasks (default: the default deck)."""
    kind = event.kind
    key = f"tausch_rausch.event.{kind}"
    if kind in PERSONAL:
        key += ".you" if viewer is not None and event.player == viewer else ".other"
    params = {
        "name": player_name(event.player, lang, names) if event.player is not None else "",
        "cards": card_list(event.cards, lang),
        "count": count_of_cards(event.value or 0, lang),
        "value": event.value,
        "task": task_title(event.task, tasks, lang),
    }
    if kind == "swapped":
        params["stall"] = (event.value or 0) + 1
        params["size"] = count_of_cards(len(event.cards), lang)
        params["received"] = card_list(event.groups[0] if event.groups else (), lang)
    elif kind == "task_fulfilled":
        params["cards"] = card_list(event.cards, lang, dative=True)
        if event.value is None:  # the winning task: no reward is drawn
            key = key.replace(".task_fulfilled.", ".task_won.")
    elif kind == "drew" and event.hidden and event.player != viewer:
        params["cards"] = ""
    elif kind in ("game_won", "turn_cap"):
        params["scores"] = ", ".join(
            text("tausch_rausch.score", lang, name=player_name(p, lang, names), score=s)
            for p, s in enumerate(event.scores)
        )
    return text(key, lang, **params)


def narrate_all(
    events: Iterable[Event],
    lang: str | None = None,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
    tasks: dict[str, Task] | None = None,
) -> list[str]:
    """Every event as a sentence, in order."""
    return [narrate(event, lang, viewer, names, tasks) for event in events]


# -- tasks --------------------------------------------------------------------------------


def explain_selection(task: Task, cards: Sequence[Card], lang: str | None = None) -> list[str]:
    """Why exactly these cards fulfil `task`, or why not: a headline, then one line per check."""
    steps = judge(task, cards)
    ok = all(step.ok for step in steps)
    shown = sort_cards(cards)
    headline = text(
        "tausch_rausch.explain.fulfils" if ok else "tausch_rausch.explain.fails",
        lang,
        cards=card_list(shown, lang) or "–",
        task=task.title(lang),
        count=len(shown),
    )
    return [headline, *(step.render(lang) for step in steps)]


def _article(word: str, lang: str | None) -> str:
    """ "eine" in German; "a" or "an" (before a vowel sound) in English."""
    vowel = word[:1] in "aeiou8"
    return text("tausch_rausch.word.article_vowel" if vowel else "tausch_rausch.word.article", lang)


def need_text(need: Need, task: Task, lang: str | None = None) -> str:
    """One need in words: "eine blaue 5", "2 ungerade Karten", "a card of at least 8"."""
    colour = [colour_adjective(need.colour, lang)] if need.colour else []
    if len(need.values) == 1 and need.at_least is None and need.at_most is None:
        words = " ".join([*colour, str(need.values[0])])
        if need.count == 1:
            return text("tausch_rausch.need.value_one", lang, words=words, article=_article(words, lang))
        return text("tausch_rausch.need.value_many", lang, words=words, count=need.count)
    parity = [text(f"tausch_rausch.word.{task.parity.which}", lang)] if task.parity else []
    adjectives = " ".join([*parity, *colour])
    allowed = [v for v in range(1, 11) if task.allows_value(v)]
    values = list(need.values)
    start = allowed.index(values[0])
    if allowed[start : start + len(values)] != values:
        listed = f"{', '.join(str(v) for v in values[:-1])} {text('tausch_rausch.word.or', lang)} {values[-1]}"
        restriction = text("tausch_rausch.need.showing", lang, values=listed)
    elif values == allowed:
        restriction = ""
    elif values[0] == allowed[0]:
        restriction = text("tausch_rausch.need.at_most", lang, value=values[-1])
    elif values[-1] == allowed[-1]:
        restriction = text("tausch_rausch.need.at_least", lang, value=values[0])
    else:
        restriction = text("tausch_rausch.need.between", lang, low=values[0], high=values[-1])
    total = ""
    low, high = need.at_least, need.at_most
    if low is not None or high is not None:
        kind = "exactly" if low == high else "at_least" if high is None else "at_most" if low is None else "between"
        total = text(f"tausch_rausch.need.sum_{kind}", lang, low=low, high=high)
    key = "tausch_rausch.need.card_one" if need.count == 1 else "tausch_rausch.need.card_many"
    noun = text(
        key,
        lang,
        adjectives=f"{adjectives} " if adjectives else "",
        count=need.count,
        article=_article(adjectives or "card", lang),
    )
    return f"{noun}{restriction}{total}"


def explain_missing(shortfall: Shortfall, lang: str | None = None) -> str:
    """What a hand lacks for a task: "Es fehlt noch: eine 5 oder eine 8."."""
    options = list(
        dict.fromkeys(  # options that keep different cards may read the same
            join_words((need_text(need, shortfall.task, lang) for need in option.needs), lang)
            for option in shortfall.options
        )
    )
    shown = f" {text('tausch_rausch.word.or', lang)} ".join(options[:SHOWN_OPTIONS])
    if len(options) > SHOWN_OPTIONS:
        shown += " " + text("tausch_rausch.explain.more_options", lang, count=len(options) - SHOWN_OPTIONS)
    return text("tausch_rausch.explain.missing", lang, needs=shown)


def explain_finding(finding: Finding, lang: str | None = None) -> list[str]:
    """The finder's answer in words: the ways (and why the first one works), or what is missing."""
    if finding.missing is not None:
        return [explain_missing(finding.missing, lang)]
    ways = [card_list(way, lang) for way in finding.ways]
    lines = [text("tausch_rausch.explain.ways", lang, count=len(ways), task=finding.task.title(lang))]
    lines.extend(f"• {way}" for way in ways[:SHOWN_OPTIONS])
    if len(ways) > SHOWN_OPTIONS:
        lines.append(text("tausch_rausch.explain.more_ways", lang, count=len(ways) - SHOWN_OPTIONS))
    lines.extend(explain_selection(finding.task, finding.ways[0], lang)[1:])
    return lines
