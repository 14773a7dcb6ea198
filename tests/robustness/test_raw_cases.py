"""The raw exceptions that fuzzing once found (issue 16), each now the project's own error."""

from __future__ import annotations

import json

import pytest

from kartenspiele import quanto, tausch_rausch
from kartenspiele.core.errors import (
    IllegalMoveError,
    KartenspieleError,
    NotationError,
    RuleOptionError,
    SaveFileError,
    ScenarioError,
    SeedError,
)
from kartenspiele.core.session import Session
from kartenspiele.i18n import texts

GAMES = {"quanto": quanto, "tausch_rausch": tausch_rausch}
GERMAN_ONLY = ("ä", "ö", "ü", "ß", "„", " nicht ", " Karte", " hast du")


def assert_both_languages(error: KartenspieleError) -> None:
    german, english = error.message("de"), error.message("en")
    assert german and english and german != english
    assert not any(word in english for word in GERMAN_ONLY), english


def save_text(session: Session, **changes: object) -> str:
    data = json.loads(session.to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text,key",
    [
        ("[" * 100_000 + "]" * 100_000, "save.too_deep"),
        ('{"format": "kartenspiele-save", "version": ' + "9" * 5000 + "}", "save.huge_number"),
        ("\udcff", "save.not_json"),
        (b"\xff\xfe{", "save.not_utf8"),
        (None, "save.not_text"),
    ],
)
def test_raw_save_file_texts(text, key):
    with pytest.raises(SaveFileError) as error:
        Session.from_json(text)
    assert error.value.key == key
    assert_both_languages(error.value)


@pytest.mark.parametrize("options", [5, [1, 2], "refill", True])
def test_options_that_are_not_a_mapping(options):
    session = Session(quanto.new_game(2, seed=1))
    data = json.loads(session.to_json())
    data["initial"]["options"] = options
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(data))
    assert "rule options" in error.value.message("en")
    assert_both_languages(error.value)
    for game, module in GAMES.items():
        options_type = module.QuantoOptions if game == "quanto" else module.TauschRauschOptions
        with pytest.raises(RuleOptionError):
            options_type.from_dict(options)
        with pytest.raises(RuleOptionError):
            module.from_scenario({"players": 2}, options=options)


def test_a_byte_order_mark_loads(tmp_path):
    session = Session(tausch_rausch.new_game(2, seed=5))
    session.apply(session.legal_moves()[0])
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + session.to_json().encode("utf-8"))
    assert Session.load(path).state == session.state
    assert Session.from_json("\ufeff" + session.to_json()).state == session.state


def test_missing_files_and_folders(tmp_path):
    for path, key in (
        (tmp_path / "nowhere.json", "save.no_file"),
        (tmp_path, "save.is_folder"),
        (tmp_path / "no" / "such" / "folder.json", "save.no_file"),
    ):
        with pytest.raises(SaveFileError) as error:
            Session.load(path)
        assert error.value.key == key
        assert_both_languages(error.value)


@pytest.mark.parametrize("value", [None, 5, 5.0, b"8", {"8": 1}])
def test_quanto_parse_cards_of_non_text(value):
    with pytest.raises(NotationError) as error:
        quanto.parse_cards(value)
    assert_both_languages(error.value)


@pytest.mark.parametrize(
    "game,token",
    [("quanto", "١"), ("quanto", "８"), ("quanto", "R١٢"), ("tausch_rausch", "ge١"), ("tausch_rausch", "ro١٠")],
)
def test_only_ascii_digits_are_card_values(game, token):
    with pytest.raises(NotationError):
        GAMES[game].parse_cards(token)


@pytest.mark.parametrize(
    "scenario",
    [
        {"players": 2, "table": 5},
        {"players": 2, "hands": [8, None]},
        {"players": 2, "draw": b"8"},
        {"players": 2, "table": [8, 4]},
        {"players": 2, "to_move": True},
        {"players": 2, "last_capturer": False},
        {"players": 2, "quantos": {0: ("9", "4 5")}},
        {"players": 2, "hands": {True: "5"}},
    ],
)
def test_quanto_scenarios_with_wrong_types(scenario):
    with pytest.raises(ScenarioError) as error:
        quanto.from_scenario(scenario)
    assert_both_languages(error.value)


@pytest.mark.parametrize("tasks", [[["five-even"]], [{"a": 1}], [5], ["five-even", None]])
def test_tausch_rausch_task_ids_that_are_not_text(tasks):
    for key in ("open_tasks", "task_pile"):
        with pytest.raises(ScenarioError):
            tausch_rausch.from_scenario({"players": 2, key: tasks})
    with pytest.raises(ScenarioError):
        tausch_rausch.from_scenario({"players": 2, "fulfilled": {0: tasks}})


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "seed", [10**5000, -1, 2**63, True, 1.5, "7"], ids=["huge", "-1", "2**63", "True", "1.5", "text"]
)
def test_seeds_out_of_range(game, seed):
    with pytest.raises(SeedError) as error:
        GAMES[game].new_game(2, seed=seed)
    assert_both_languages(error.value)
    assert len(error.value.message("en")) < 200


def test_english_messages_quote_no_german_reason():
    session = Session(quanto.from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8", "5"]}))
    session.apply(quanto.Move.capture("8", "8 4 4"))
    data = json.loads(session.to_json())
    data["moves"][0] = {"kind": "capture", "card": "3", "takes": "3"}
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(data))
    assert_both_languages(error.value)
    assert "3" in error.value.message("en")
    with pytest.raises(ScenarioError) as error:
        quanto.from_scenario({"players": 2, "table": "5 Q"})
    assert_both_languages(error.value)


def test_every_new_text_is_free_of_german_in_english():
    for key, entry in texts().items():
        if key.startswith(("save.", "seed.", "move.", "option.")):
            forms = entry["en"].values() if isinstance(entry["en"], dict) else [entry["en"]]
            for form in forms:
                assert not any(word in form for word in GERMAN_ONLY), key


@pytest.mark.parametrize(
    "move",
    [
        quanto.Move("joker_quanto", quanto.Card(None), declared=13, target=1),
        quanto.Move("capture", quanto.Card(8), quanto.parse_cards("8"), chip=99, target=-7),
        quanto.Move("refill_hand", target=10**9),
        quanto.Move("refill_table", chip=5),
        quanto.Move("extend", quanto.Card(4), declared=4),
        quanto.Move("capture", quanto.Card(None), quanto.parse_cards("8"), declared=True),
        quanto.Move("lay", "8"),
    ],
)
def test_quanto_moves_with_meaningless_fields_are_rejected(move):
    state = quanto.from_scenario(
        {"players": 2, "table": "8 3", "hands": ["8 J 4", "6"], "quantos": {1: (9, "4 5")}, "draw": "5 5 5"}
    )
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as error:
        state.apply(move)
    assert error.value.key in ("move.extra_field", "move.field_type")
    assert_both_languages(error.value)
    assert state.to_dict() == before


def test_from_scenario_options_not_a_mapping():
    for module in GAMES.values():
        with pytest.raises(RuleOptionError):
            module.from_scenario({"players": 2}, options=5)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("player", [2, -1, "0", True, None, 1.0])
def test_views_of_players_who_do_not_exist(game, player):
    state = GAMES[game].new_game(2, seed=1)
    with pytest.raises(KartenspieleError) as error:
        state.view(player)
    assert error.value.key == "player.no_such"
    assert_both_languages(error.value)


@pytest.mark.parametrize("table_ids", [None, 5, "12", b"1"])
def test_quanto_selection_with_table_cards_that_are_no_list(table_ids):
    state = quanto.new_game(2, seed=1)
    with pytest.raises(IllegalMoveError):
        state.selection(state.hands[0][0], table_ids)
