"""Why the planner's Tausch-Rausch move is good, in words: which task it fulfils or aims at,
what it gives and takes at the market, which cards it keeps back.

What a hand still lacks is worded by the engine's finder (`tausch_rausch.explain`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import text
from ...tausch_rausch.cards import Card
from ...tausch_rausch.explain import card_list, count_of_cards, explain_missing
from ...tausch_rausch.finder import missing
from ...tausch_rausch.moves import FULFIL, SWAP, Move
from ...tausch_rausch.tasks import Task
from ...tausch_rausch.view import TauschRauschView
from ..planner import Decision
from .distance import closeness
from .heuristics import without
from .position import from_view


def explain(view: TauschRauschView, decision: Decision, lang: str) -> str:
    """The reason for `decision.move`: the task it serves, the cards it keeps, how it was found."""
    return " ".join(sentences(view, decision, lang))


def sentences(view: TauschRauschView, decision: Decision, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The reason's sentences, what the move does first (no other player is named: `names` is
    taken as for Quanto's reasons)."""
    move = decision.move
    hand, stalls, tasks = from_view(view)
    if move.kind == FULFIL:
        said = _fulfil(view, hand, tasks, move, lang)
    elif move.kind == SWAP:
        said = _swap(hand, stalls[move.stall], tasks, move, lang)
    else:
        said = [text("bots.tausch_rausch.pass", lang)]
    if not _wins(view, move):
        said.append(_how(view, decision, lang))
    return [sentence for sentence in said if sentence]


def _wins(view: TauschRauschView, move: Move) -> bool:
    """Whether `move` fulfils the task that wins the game."""
    return move.kind == FULFIL and len(view.fulfilled[view.viewer]) + 1 >= view.options.tasks_to_win


def _fulfil(view: TauschRauschView, hand: Sequence[Card], tasks: list[Task], move: Move, lang: str) -> list[str]:
    task = next(task for task in tasks if task.id == move.task)
    number = len(view.fulfilled[view.viewer]) + 1
    if _wins(view, move):
        return [text("bots.tausch_rausch.fulfil_wins", lang, task=task.title(lang), cards=card_list(move.cards, lang))]
    sentences = [  # what to do first (the Tipp's line), then what it brings (behind "Warum?")
        text("bots.tausch_rausch.fulfil", lang, task=task.title(lang), cards=card_list(move.cards, lang)),
        text("bots.tausch_rausch.fulfil_then", lang, number=number, drawn=count_of_cards(task.reward, lang)),
    ]
    rest = without(hand, move.cards)
    others = [other for other in tasks if other.id != task.id]
    sentences.append(_kept(rest, rest, others, lang))
    return sentences


def _swap(hand: Sequence[Card], received: Sequence[Card], tasks: list[Task], move: Move, lang: str) -> list[str]:
    after = [*without(hand, move.cards), *received]
    sentences = [
        text(
            "bots.tausch_rausch.swap",
            lang,
            stall=move.stall + 1,
            give=card_list(move.cards, lang),
            received=card_list(received, lang),
        )
    ]
    target = _aim(hand, after, tasks)
    if target is not None:
        shortfall = missing(target, after)
        if shortfall is None:
            sentences.append(text("bots.tausch_rausch.aim_ready", lang, task=target.title(lang)))
        else:
            sentences.append(
                text("bots.tausch_rausch.aim", lang, task=target.title(lang), missing=explain_missing(shortfall, lang))
            )
    kept = without(hand, move.cards)
    sentences.append(_kept(kept, after, tasks if target is None else [target], lang))
    return sentences


def _aim(before: Sequence[Card], after: Sequence[Card], tasks: list[Task]) -> Task | None:
    """The task the swap brings closest (fewest cards missing after it), if it brings one closer."""
    gains = [
        (closeness(task, after)[0], -(closeness(task, before)[0] - closeness(task, after)[0]), -task.reward, index)
        for index, task in enumerate(tasks)
    ]
    _, lost, _, index = min(gains)
    return tasks[index] if lost < 0 else None


def _kept(kept: Sequence[Card], hand: Sequence[Card], tasks: list[Task], lang: str) -> str:
    """ "Die … behältst du für „…“." for the closest task that cards of `kept` serve."""
    ranked = sorted(tasks, key=lambda task: (closeness(task, hand)[0], -task.reward))
    for task in ranked:
        needed, toward = closeness(task, hand)
        pool = list(kept)
        cards = []
        for card in toward:
            if card in pool:
                pool.remove(card)
                cards.append(card)
        if cards and needed < task.count:
            return text("bots.tausch_rausch.keep", lang, cards=card_list(cards, lang), task=task.title(lang))
    return ""


def _how(view: TauschRauschView, decision: Decision, lang: str) -> str:
    """How the move was found: the only move, a task before any swap, or best on the sampled deals."""
    if len(decision.values) >= 2:
        best = max(value for _, value in decision.values)
        chosen = dict(decision.values)[decision.move]
        key = "bots.hint.planned_best" if chosen >= best else "bots.hint.planned_kept"
        return text(key, lang, samples=decision.samples)
    if len(view.legal_moves()) == 1:
        return text("bots.hint.only_move", lang)
    return text("bots.tausch_rausch.task_first", lang)
