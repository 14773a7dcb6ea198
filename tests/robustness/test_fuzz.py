"""Fuzzing every public entry point: bad input raises the project's own error, nothing else.

Each test feeds Hypothesis-generated input (JSON-like data, odd Python objects, huge
integers, deep nesting, invalid text) to one entry point. The only exceptions allowed are
`KartenspieleError` subclasses, with a message in both languages; a state given bad input
stays as it was. `FUZZ_EXAMPLES` (environment) raises the number of inputs per test.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kartenspiele import quanto, tausch_rausch
from kartenspiele.core.errors import KartenspieleError
from kartenspiele.core.session import Session

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
GAMES = {"quanto": quanto, "tausch_rausch": tausch_rausch}

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 130),
    st.integers(),
    st.integers(0, 1).map(lambda k: (-1) ** k * 10 ** (5000 - 4600 * k)),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.sampled_from(
        [
            "8",
            "R8",
            "J",
            "ge7",
            "ro10",
            "١",
            "８",
            "2 4 4 8",
            "five-even",
            "capture",
            "swap",
            "lay",
            "choice",
            "auto",
            "turn",
            "quanto",
            "tausch_rausch",
            "\x00",
            "\ud800",
        ]
    ),
)
DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(
            st.one_of(
                st.text(max_size=10),
                st.integers(-2, 8),
                st.sampled_from(
                    [
                        "players",
                        "hands",
                        "table",
                        "draw",
                        "to_move",
                        "kind",
                        "card",
                        "takes",
                        "stall",
                        "cards",
                        "task",
                        "declared",
                        "chip",
                        "target",
                        "refill",
                        "tasks_to_win",
                        "turn_cap",
                        "deck",
                        "open_tasks",
                        "fulfilled",
                        "quantos",
                        "win",
                        "out",
                        "stalls",
                        "discard",
                        "task_pile",
                        "turn",
                    ]
                ),
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=15,
)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def assert_own_error(call, *args, **kwargs):
    """Run `call`; any exception must be the project's own, readable in both languages."""
    try:
        return call(*args, **kwargs)
    except KartenspieleError as error:
        german, english = error.message("de"), error.message("en")
        assert german and english
        return None


def sample_state(game: str, seed: int):
    """A position some random moves into a game (the same for the same seed)."""
    module = GAMES[game]
    state = module.new_game(2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(seed % 25):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(value=DATA)
def test_parse_cards(game, value):
    assert_own_error(GAMES[game].parse_cards, value)
    assert_own_error(GAMES[game].Card.parse, value)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=DATA, seed=st.integers(0, 40))
def test_move_json_applied_to_a_position(game, data, seed):
    module = GAMES[game]
    move = assert_own_error(module.Move.from_json, data)
    if move is None:
        return
    state = sample_state(game, seed)
    before = state.to_dict()
    if assert_own_error(state.apply, move) is None:
        assert state.to_dict() == before


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(values=DATA)
def test_options(game, values):
    module = GAMES[game]
    options = module.QuantoOptions if game == "quanto" else module.TauschRauschOptions
    assert_own_error(options.from_dict, values)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(
    players=DATA,
    seed=DATA,
    options=st.dictionaries(
        st.sampled_from(["refill", "lay_only_if_stuck", "tasks_to_win", "turn_cap", "deck", "x"]), DATA, max_size=2
    ),
)
def test_new_game(game, players, seed, options):
    assert_own_error(GAMES[game].new_game, players, seed, **options)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(scenario=DATA, seed=DATA, options=DATA)
def test_scenarios(game, scenario, seed, options):
    assert_own_error(GAMES[game].from_scenario, scenario, seed, options)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(
    scenario=st.fixed_dictionaries(
        {},
        optional={
            "players": st.integers(1, 7),
            "to_move": DATA,
            "turn": DATA,
            "last_capturer": DATA,
            "hands": DATA,
            "table": DATA,
            "draw": DATA,
            "stalls": DATA,
            "discard": DATA,
            "open_tasks": DATA,
            "task_pile": DATA,
            "fulfilled": DATA,
            "quantos": DATA,
            "win": DATA,
            "out": DATA,
        },
    )
)
def test_scenarios_with_known_keys(game, scenario):
    keys = {"quanto": quanto.scenario.KEYS, "tausch_rausch": tausch_rausch.scenario.KEYS}[game]
    scenario = {key: value for key, value in scenario.items() if key in keys}
    assert_own_error(GAMES[game].from_scenario, scenario)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(
    seed=st.integers(0, 30), path=st.lists(st.one_of(st.text(max_size=8), st.integers(0, 20)), max_size=3), value=DATA
)
def test_tampered_save_files(game, seed, path, value):
    """A real save file with one value replaced somewhere inside."""
    data = json.loads(Session(sample_state(game, seed)).to_json())
    node = data
    for step in path[:-1]:
        child = (
            node.get(step)
            if isinstance(node, dict)
            else (node[step] if isinstance(step, int) and isinstance(node, list) and step < len(node) else None)
        )
        if not isinstance(child, (dict, list)):
            break
        node = child
    if path:
        last = path[-1]
        if isinstance(node, dict):
            node[last if isinstance(last, str) else str(last)] = value
        elif isinstance(last, int) and last < len(node):
            node[last] = value
    try:
        text = json.dumps(data)
    except (TypeError, ValueError, RecursionError):
        return  # not JSON (bytes, NaN are written, huge ints are not): nothing to save
    assert_own_error(Session.from_json, text)


@FUZZ
@given(
    raw=st.one_of(
        st.binary(max_size=200),
        st.text(max_size=200),
        DATA,
        st.builds(deep, st.integers(1, 200_000)),
        st.sampled_from(["\ufeff{}", "1" * 5000, '{"format": "kartenspiele-save", "version": ' + "9" * 5000 + "}"]),
    )
)
def test_save_file_text(raw):
    assert_own_error(Session.from_json, raw)


@FUZZ
@given(raw=st.binary(max_size=300))
def test_save_file_bytes_on_disk(raw, tmp_path_factory):
    path = tmp_path_factory.mktemp("save") / "game.json"
    path.write_bytes(raw)
    assert_own_error(Session.load, path)
