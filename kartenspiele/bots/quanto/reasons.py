"""Why the planner's Quanto move is good, in words: what it takes, what it keeps back.

The sentences are built from the texts `bots.quanto.*` and `bots.hint.*`; cards are named
as in the narration (`quanto.explain`), sums written out ("4 + 4 = 8").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...i18n import text
from ...quanto.cards import DECK, Card
from ...quanto.explain import card_list, card_name, group_sum, groups_sum, player_name
from ...quanto.moves import CAPTURE, COLLECT, EXTEND, FORM, LAY, PASS, PLAYS, REFILL_HAND, Move
from ...quanto.view import QuantoView
from ..planner import Decision


def explain(view: QuantoView, decision: Decision, lang: str) -> str:
    """The reason for `decision.move`: what the move does, what it keeps, how it was found."""
    return " ".join(sentences(view, decision, lang))


def sentences(view: QuantoView, decision: Decision, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The reason's sentences, what the move does first (other players by `names`, if given)."""
    move = decision.move
    state = view.sample_state(random.Random(0))  # only open cards matter to what follows
    said = [_what(state, move, lang, names)]
    kept = _kept(view, move, lang)
    if kept:
        said.append(kept)
    said.append(_how(decision, lang))
    return said


def _what(state, move: Move, lang: str, names: Sequence[str] | None = None) -> str:
    player = state.to_move
    kind = move.kind
    if kind == PASS:
        return text("bots.quanto.pass", lang)
    if kind == REFILL_HAND:
        count = min(state.hand_size - len(state.hands[player]), len(state.draw))
        return text("bots.quanto.refill_hand", lang, count=count)
    if kind not in PLAYS:
        return text("bots.quanto.refill_table", lang, size=state.table_size)
    card = move.card
    if kind == LAY:
        return _lay(state, card, lang)
    plan = state.check(move)
    chip = plan.value
    joker = ".joker" if card.is_joker else ""
    taken = [face for group in plan.groups for face in group]
    if kind == CAPTURE:
        sentence = text(
            f"bots.quanto.capture{joker}",
            lang,
            cards=card_list(taken, lang),
            card=card_name(card, lang),
            value=chip,
            arith=groups_sum(plan.groups, chip, lang),
            count=len(move.takes) + 1,
        )
    elif kind == FORM:
        arith = "; ".join(
            [
                group_sum((card, *plan.partner), chip, lang),
                *([groups_sum(plan.groups, chip, lang)] if plan.groups else []),
            ]
        )
        sentence = text(
            "bots.quanto.form",
            lang,
            card=card_name(card, lang),
            chip=chip,
            partner=card_name(plan.partner[0], lang),
            arith=arith,
            count=len(move.takes) + 1,
        )
    elif kind == EXTEND:
        arith = "; ".join(
            [
                group_sum((card, *plan.partner), chip, lang),
                *([groups_sum(plan.groups, chip, lang)] if plan.groups else []),
            ]
        )
        sentence = text(
            "bots.quanto.extend",
            lang,
            card=card_name(card, lang),
            chip=chip,
            arith=arith,
            count=len(state.stacks[player]) + len(move.takes) + 1,
        )
    elif kind == COLLECT:
        sentence = text(
            f"bots.quanto.collect{joker}",
            lang,
            card=card_name(card, lang),
            chip=chip,
            count=len(state.stacks[player]) + len(move.takes) + 1,
        )
    else:  # JOKER_QUANTO
        other = move.target
        sentence = text(
            "bots.quanto.joker_quanto",
            lang,
            chip=chip,
            other=player_name(other, lang, names),
            count=len(state.stacks[other]) + 1,
        )
    if plan.bonus is not None:
        sentence += " " + text("bots.quanto.bonus", lang, card=card_name(plan.bonus, lang))
    return sentence


def _lay(state, card: Card, lang: str) -> str:
    if card.value == 1:
        count = sum(1 for other in range(state.players) if other != state.to_move and state.win[other])
        return text("bots.quanto.lay_one", lang, count=count)
    if card.value == 2 and len(state.playable()) > 1 and state.phase != "after_three":
        return text("bots.quanto.lay_two", lang)
    if card.value == 3 and state.draw:
        return text("bots.quanto.lay_three", lang)
    takes_something = any(move.kind in PLAYS and move.kind != LAY for move in state.legal_moves())
    key = "bots.quanto.lay_choice" if takes_something else "bots.quanto.lay_stuck"
    return text(key, lang, card=card_name(card, lang))


def _kept(view: QuantoView, move: Move, lang: str) -> str:
    """A sentence about the most useful hand card the move keeps back, if any."""
    if view.phase == "after_three" or move.kind == PASS:
        return ""
    hand = [DECK[i] for i in view.hand]
    if move.card is not None and move.card in hand:
        hand.remove(move.card)
    chip = view.chips[view.player]
    if move.kind == COLLECT:
        chip = None
    if any(card.is_joker for card in hand):
        return text("bots.quanto.keep_joker", lang)
    chip_cards = [card for card in hand if chip is not None and card.value == chip]
    if chip_cards:
        return text("bots.quanto.keep_chip", lang, card=card_name(chip_cards[0], lang), chip=chip)
    rainbows = [card for card in hand if card.rainbow]
    if rainbows:
        return text("bots.quanto.keep_rainbow", lang, card=card_name(rainbows[0], lang))
    return ""


def _how(decision: Decision, lang: str) -> str:
    """How the move was found: the only move, or best by some margin over the sampled deals."""
    if len(decision.values) < 2:
        return text("bots.hint.only_move", lang)
    ranked = sorted((value for _, value in decision.values), reverse=True)
    if round(ranked[0] - ranked[1], 1) == 0:
        return text("bots.hint.planned_tie", lang, samples=decision.samples)
    return text("bots.hint.planned", lang, samples=decision.samples)
