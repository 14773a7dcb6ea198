"""The selection query on the pathological positions of `tests/pathological.py` (tables of
40–105 cards, many equal cards, jokers, rainbow cards, held Quantos): every ready move is
legal by the rules module (which shares no code with the query), every joinable card keeps
a goal reachable, and every statement of the texts is true about a goal of the answer.
The exact comparison with the brute-force reference runs on small tables in
`test_selection_property.py`; the timings are in `benchmarks/bench_selection.py`."""

from __future__ import annotations

import random

from kartenspiele.quanto.cards import DECK
from tests.pathological import quanto_positions

from .selection_positions import grown_selections
from .test_selection_property import NAMES, check_claims


def test_selections_on_pathological_positions_are_consistent_and_true():
    rng = random.Random(5)
    positions = list(quanto_positions())
    selections = 0
    for _, state in positions[::4]:
        for card_id in dict.fromkeys(state.playable()):
            for picked, selection in grown_selections(state, card_id, rng, limit=8):
                selections += 1
                for move in selection.ready:
                    assert state.is_legal(move), move
                if selection.joinable:
                    grown = state.selection(card_id, [*picked, selection.joinable[0]])
                    assert grown.goals
                targets = {goal.target for goal in selection.goals}
                table_left = [DECK[i].value for i in state.table if i not in picked and not DECK[i].is_joker]
                capture = any(goal.kind == "capture" for goal in selection.goals)
                for lang in ("de", "en"):
                    check_claims(
                        selection.expression(lang, NAMES),
                        lang,
                        targets,
                        table_left,
                        state,
                        capture,
                        bool(selection.goals),
                    )
                    for other, reason in list(selection.reasons.items())[:6]:
                        rest = list(table_left)
                        if not DECK[other].is_joker:
                            rest.remove(DECK[other].value)
                        check_claims(
                            reason.text(lang, NAMES), lang, targets, rest, state, capture, bool(selection.goals)
                        )
    assert len(positions) > 50 and selections > 100
