"""Login cards on SQLite and Redis: a pupil comes back on any device, by the QR key or by nickname
and secret, and stays one pupil (one log, one mark in rooms); secrets are stored only as salted
hashes; a reset ends the old card's devices; free joining can be switched off; bad input
changes nothing; the cards go with the class ("Klasse löschen" and the retention sweep)."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes.cards import DIGITS, WORDS, CardRefusedError, LoginCards, normal_secret
from kartenspiele.classroom.classes.classes import ClassEndedError, ClassError, Classes, NicknameError
from kartenspiele.classroom.rooms.rooms import OPEN, Rooms

from .test_deletion_scan import everything


def test_a_card_brings_the_pupil_back_on_any_device_as_one_pupil(store):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    mia, ben = cards.make(code, ["Mia", "Ben"], kind=WORDS)
    assert classes.pupils(code) == ["Mia", "Ben"]  # the roster knows them before they come
    tablet = cards.enter_by_key(code, mia.card_id, mia.key)  # week 1: the QR code
    classes.record(tablet, {"kind": "seen", "lesson": "subsets"})
    laptop = cards.enter("mia", mia.secret.upper().replace(" ", "-"))  # week 2: typed, no code, any case
    classes.record(laptop, {"kind": "seen", "lesson": "parity"})
    assert tablet.token != laptop.token and tablet.member == laptop.member
    assert classes.resume(code, "Mia", tablet.token).member == laptop.member  # both devices go on
    assert [entry["lesson"] for _, entry in classes.entries(code, "Mia")] == ["subsets", "parity"]
    assert classes.pupils(code) == ["Mia", "Ben"]  # no new row
    assert dict(classes.roster(code))["Mia"] == tablet.member  # the dashboard finds her rooms by it
    room, _, _ = Rooms(store).open("quanto", 2, [OPEN], "Mia", member=laptop.member)
    assert Rooms(store).load(room.code).seats[0].member in {member for _, member in classes.roster(code)}
    assert cards.enter("Ben", ben.secret, code=code).nickname == "Ben"


def test_wrong_secrets_keys_and_nicknames_are_refused_alike(store):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    (mia,) = cards.make(code, ["Mia"], kind=DIGITS)
    assert len(mia.secret) == 4 and mia.secret.isdigit()
    wrong = "0000" if mia.secret != "0000" else "1111"
    for attempt in (
        lambda: cards.enter("Mia", wrong),
        lambda: cards.enter("Nobody", mia.secret),
        lambda: cards.enter("Mia", mia.secret, code="XXXXX"),
        lambda: cards.enter_by_key(code, mia.card_id, mia.key + "x"),
        lambda: cards.enter_by_key(code, "nosuchid", mia.key),
        lambda: cards.enter_by_key(code, "../pupil", mia.key),
    ):
        with pytest.raises(CardRefusedError) as refused:
            attempt()
        assert (
            refused.value.message("de") == "Spitzname oder Geheimwort stimmen nicht. Schau noch einmal auf deine Karte."
        )
    assert store.get(f"class/{code}/pupil/mia").value["devices"] == []  # nothing was let in


def test_only_salted_hashes_are_stored(store, store_url):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    made = cards.make(code, ["Mia", "Ben", "Cem"], kind=WORDS)
    stored = "\n".join(everything(store_url))
    for card in made:
        assert card.key not in stored
        for form in (card.secret, normal_secret(card.secret)):
            assert form not in stored
    values = [store.get(f"class/{code}/card/{card.card_id}").value for card in made]
    assert len({value["salt"] for value in values}) == 3  # a salt per card
    twins = cards.make(code, ["Dana", "Emil"], kind=DIGITS)
    twin_values = [store.get(f"class/{code}/card/{card.card_id}").value for card in twins]
    assert twin_values[0]["secret"] != twin_values[1]["secret"]  # even the same digits hash apart


def test_a_reset_card_ends_the_old_devices_and_keeps_the_work(store):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    (old,) = cards.make(code, ["Mia"])
    device = cards.enter_by_key(code, old.card_id, old.key)
    classes.record(device, {"kind": "seen", "lesson": "subsets"})
    new = cards.reset(code, "mia")
    assert new.card_id == old.card_id and new.secret != old.secret and new.key != old.key
    with pytest.raises(ClassEndedError):
        classes.record(device, {"kind": "seen", "lesson": "parity"})
    for attempt in (lambda: cards.enter("Mia", old.secret), lambda: cards.enter_by_key(code, old.card_id, old.key)):
        with pytest.raises(CardRefusedError):
            attempt()
    again = cards.enter("Mia", new.secret)
    assert again.member == device.member and len(classes.entries(code, "Mia")) == 1
    with pytest.raises(ClassError):
        cards.reset(code, "Nobody")


def test_free_joining_stays_possible_and_can_be_switched_off(store):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    cards.make(code, ["Mia"])
    with pytest.raises(NicknameError) as kept:
        classes.join(code, "MIA")
    assert "Login-Karte" in kept.value.message("de")
    assert classes.join(code, "Guest").nickname == "Guest"  # a one-off guest, as before
    classes.allow_free_join(code, False)
    assert not classes.free_join(code)
    with pytest.raises(ClassError) as off:
        classes.join(code, "Another")
    assert "Login-Karte" in off.value.message("de")
    assert classes.pupils(code) == ["Mia", "Guest"]
    (late,) = cards.make(code, ["Late"])  # cards still work with free joining off
    assert cards.enter("Late", late.secret).nickname == "Late"


def test_bad_input_changes_nothing(store):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    classes.join(code, "Mia")
    before = sorted(store.keys(""))
    for nicknames in (["Ben", "Mia"], ["Ben", "ben"], ["Ben", "x" * 40], ["Ben", "<script>"], ["  "], []):
        with pytest.raises(NicknameError):
            cards.make(code, nicknames)
    with pytest.raises(ClassError):
        cards.make(code, ["Ben"], kind="emoji")
    with pytest.raises(ClassError):
        cards.make("NOPE1", ["Ben"])
    assert sorted(store.keys("")) == before


def test_generated_nicknames_are_new_to_the_class(store):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    names = cards.generated_nicknames(code, 30, "de")
    assert len({name.casefold() for name in names}) == 30
    made = cards.make(code, names)
    assert [card.nickname for card in made] == names
    assert not set(cards.generated_nicknames(code, 10, "en")) & set(names)
    with pytest.raises(ClassError):
        cards.generated_nicknames(code, 0)


def test_deleting_the_class_takes_its_cards(store, store_url):
    classes = Classes(store)
    cards = LoginCards(classes)
    code = classes.open()
    (mia,) = cards.make(code, ["Mianne"])
    assert any(mia.card_id in item for item in everything(store_url))
    classes.delete(code)
    assert not [item for item in everything(store_url) if mia.card_id in item or "Mianne" in item or code in item]
    with pytest.raises(CardRefusedError):
        cards.enter("Mianne", mia.secret)


def test_the_retention_sweep_takes_the_cards_with_the_class(store, store_url, clock):
    classes = Classes(store, clock=clock)
    cards = LoginCards(classes)
    old, kept = classes.open(), classes.open()
    (mia,) = cards.make(old, ["Mianne"])
    (ben,) = cards.make(kept, ["Benedikt"])
    clock.now += 20 * 86_400
    classes.record(cards.enter("Benedikt", ben.secret), {"kind": "seen", "lesson": "subsets"})
    clock.now += 11 * 86_400
    assert classes.delete_expired(30) == [old]
    assert not [item for item in everything(store_url) if mia.card_id in item or "Mianne" in item or old in item]
    assert cards.enter("Benedikt", ben.secret).nickname == "Benedikt"
    with pytest.raises(CardRefusedError):
        cards.enter("Mianne", mia.secret)
