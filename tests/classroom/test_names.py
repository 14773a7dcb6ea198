"""Look-alike and invisible signs in names: nicknames of a class and names at a table.

A full-width or Cyrillic look-alike of a nickname is the same pupil (so a second pupil cannot
take it); bidirectional controls and other invisible signs are refused and change nothing;
plain names keep their keys and their behaviour."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes.classes import Classes, NicknameError, pupil_key, token_hash
from kartenspiele.classroom.people.names import LOOK_ALIKES, name_key, tidy
from kartenspiele.classroom.rooms.rooms import HAND_OVER_SECONDS, LetInNeededError, NameError_

CYRILLIC_ANA = "\u0410na"  # Cyrillic capital A, then Latin "na"
FULL_WIDTH_ANA = "\uff21\uff4e\uff41"  # "Ａｎａ"
HIDDEN = [
    *(chr(code) for code in range(0x202A, 0x202F)),  # LRE, RLE, PDF, LRO, RLO
    *(chr(code) for code in range(0x2066, 0x206A)),  # LRI, RLI, FSI, PDI
    "\u200e",  # LEFT-TO-RIGHT MARK
    "\u200f",  # RIGHT-TO-LEFT MARK
    "\u061c",  # ARABIC LETTER MARK
    "\u200b",  # ZERO WIDTH SPACE (category Cf)
    "\u00ad",  # SOFT HYPHEN (Cf)
    "\ufeff",  # ZERO WIDTH NO-BREAK SPACE (Cf)
    "\x00",  # a control character (Cc)
]


def snapshot(store) -> tuple[dict, dict]:
    """Every record and every log of the store."""
    return (
        {key: store.get(key).value for key in store.keys()},
        {log: store.read(log) for log in store.logs()},
    )


# -- the key -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Ana", "ANA", "Tom1", "Ben 2", "Jürgen", "Weiß", "Zoë", "ÆSIR", "Łukasz", "x_y-z"])
def test_plain_names_keep_their_key(name):
    assert name_key(name) == name.casefold()
    assert tidy(f"  {name} ") == name


def test_look_alikes_share_a_key_and_keep_the_typed_form():
    assert name_key(CYRILLIC_ANA) == name_key(FULL_WIDTH_ANA) == name_key("ana") == "ana"
    assert name_key("\u0391\u039d\u039d\u0391") == "anna"  # Greek capitals "ΑΝΝΑ"
    assert name_key("\u0421\u043e\u0441\u043e") == "coco"  # all Cyrillic "Сосо"
    assert name_key("Al\u0451na") == name_key("Alëna")  # Cyrillic "ё" is "ë"
    assert tidy(FULL_WIDTH_ANA) == "Ana" and tidy(CYRILLIC_ANA) == CYRILLIC_ANA
    # distinct plain names stay distinct (no ASCII-to-ASCII folding such as "1" → "l")
    assert len({name_key(name) for name in ("Tom1", "Toml", "TomI", "Emma", "Ernrna", "Ana", "Anna")}) == 7
    assert all(len(latin) == 1 and latin.isascii() and latin.isalpha() for latin in LOOK_ALIKES.values())


# -- nicknames in a class ------------------------------------------------------------------------
@pytest.fixture
def classes(store):
    return Classes(store)


@pytest.mark.parametrize("look_alike", [CYRILLIC_ANA, FULL_WIDTH_ANA, "\u0430NA"])
def test_a_look_alike_of_a_nickname_is_the_same_pupil(classes, store, look_alike):
    code = classes.open()
    ana = classes.join(code, "Ana")
    before = snapshot(store)
    with pytest.raises(NicknameError) as caught:
        classes.join(code, look_alike)
    assert caught.value.key == "class.nick.taken"
    assert snapshot(store) == before and classes.pupils(code) == ["Ana"]
    # the same pupil: Ana's page token opens her record under the look-alike too
    again = classes.resume(code, look_alike, ana.token)
    assert again.nickname == "Ana" and again.log == ana.log


def test_the_shown_nickname_is_the_typed_one_in_nfkc(classes, store):
    code = classes.open()
    assert classes.join(code, FULL_WIDTH_ANA).nickname == "Ana"
    other = classes.open()
    assert classes.join(other, CYRILLIC_ANA).nickname == CYRILLIC_ANA
    assert store.keys(f"class/{other}/pupil/") == [f"class/{other}/pupil/ana"]
    with pytest.raises(NicknameError) as caught:
        classes.join(other, "Ana")
    assert caught.value.key == "class.nick.taken"
    assert classes.pupils(other) == [CYRILLIC_ANA]


@pytest.mark.parametrize("sign", HIDDEN)
def test_invisible_signs_in_a_nickname_are_refused(classes, store, sign):
    code = classes.open()
    classes.join(code, "Ana")
    before = snapshot(store)
    with pytest.raises(NicknameError) as caught:
        classes.join(code, f"Ben{sign}ni")
    assert caught.value.key == "class.nick.hidden"
    assert "unsichtbares Zeichen" in caught.value.message("de")
    assert "invisible character" in caught.value.message("en")
    assert snapshot(store) == before


def test_plain_nicknames_behave_as_before(classes, store):
    code = classes.open()
    ana = classes.join(code, "Ana")
    assert store.get(pupil_key(code, "Ana")) is not None and pupil_key(code, "Ana") == f"class/{code}/pupil/ana"
    assert classes.join(code, "Anna").nickname == "Anna" and classes.join(code, "Tom1").nickname == "Tom1"
    assert classes.join(code, "Toml").nickname == "Toml"
    assert classes.resume(code, "ANA", ana.token).nickname == "Ana"
    with pytest.raises(NicknameError) as caught:
        classes.join(code, "<b>")
    assert caught.value.key == "class.nick.signs"


def test_a_pupil_saved_under_the_old_key_is_found(classes, store):
    """Records written before look-alikes counted (key: `casefold` of the nickname)."""
    code = classes.open()
    for nick in ("Ana", "Jürgen", "Weiß"):
        store.put(f"class/{code}/pupil/{nick.casefold()}", {"nickname": nick, "joined": 1.0, "token": token_hash(nick)})
        store.append(f"class/{code}/pupil/{nick.casefold()}/log", 1, {"kind": "seen", "at": 1.0})
        pupil = classes.resume(code, nick, nick)
        assert pupil.nickname == nick and len(classes.entries(code, nick)) == 1
        with pytest.raises(NicknameError):
            classes.join(code, nick.upper())


# -- names at a table ------------------------------------------------------------------------------
@pytest.mark.parametrize("look_alike", [CYRILLIC_ANA, FULL_WIDTH_ANA])
def test_a_look_alike_of_a_seated_name_is_that_name(rooms, store, clock, look_alike):
    room, _, _ = rooms.open("quanto", 3, ["open", "open"], "Ana", seed=3)
    before = snapshot(store)
    with pytest.raises(NameError_) as caught:
        rooms.join(room.code, look_alike)  # Ana's page is open: the name is taken
    assert caught.value.key == "room.name_taken"
    assert snapshot(store) == before
    clock.now += HAND_OVER_SECONDS
    with pytest.raises(LetInNeededError) as asked:  # Ana's page has gone: her seat, not a new one
        rooms.join(room.code, look_alike)
    assert asked.value.seat == 0 and [state.name for state in rooms.load(room.code).seats] == ["Ana", "", ""]


@pytest.mark.parametrize("sign", ["\u202e", "\u2066", "\u200f", "\u200b"])
def test_invisible_signs_in_a_room_or_seat_name_are_refused(rooms, store, sign):
    before = snapshot(store)
    with pytest.raises(NameError_) as caught:
        rooms.open("quanto", 2, ["open"], f"Ana{sign}")
    assert caught.value.key == "room.name_hidden"
    assert "unsichtbares Zeichen" in caught.value.message("de")
    assert "invisible character" in caught.value.message("en")
    assert snapshot(store) == before
    room, _, _ = rooms.open("quanto", 2, ["open"], "Ana", seed=5)
    before = snapshot(store)
    with pytest.raises(NameError_) as caught:
        rooms.join(room.code, f"{sign}neB")
    assert caught.value.key == "room.name_hidden" and snapshot(store) == before
    with pytest.raises(NameError_) as caught:
        rooms.record("quanto", 2, 7, {}, [("person", "Ana"), ("person", f"Ben{sign}")])
    assert caught.value.key == "room.name_hidden" and snapshot(store) == before


def test_plain_seat_names_behave_as_before(rooms):
    room, _, _ = rooms.open("quanto", 3, ["open", "open"], "  Ana  ", seed=3)
    _, seat, _ = rooms.join(room.code, "Anna")
    assert seat == 1
    with pytest.raises(NameError_) as caught:
        rooms.join(room.code, "ANA")
    assert caught.value.key == "room.name_taken"
    assert [state.name for state in rooms.load(room.code).seats] == ["Ana", "Anna", ""]
