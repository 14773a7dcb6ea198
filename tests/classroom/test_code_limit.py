"""Guessing room codes, on both store backends: a page trying every code meets the limit
after a few wrong ones, and no code is looked up while it waits (not even a right one);
fresh pages of one address share an hourly count; other addresses and right codes are not
held up; the counts of past hours are swept."""

from __future__ import annotations

import itertools

import pytest

from kartenspiele.classroom.rooms import code_limit
from kartenspiele.classroom.rooms.code_limit import (
    ADDRESS_LIMIT,
    PAGE_LIMIT,
    PAGE_SECONDS,
    CodeLimit,
    TooManyCodesError,
)
from kartenspiele.classroom.rooms.open_limit import ADDRESS_SECONDS, forget_old_counts
from kartenspiele.classroom.rooms.room_codes import CODE_LETTERS
from kartenspiele.classroom.rooms.rooms import RoomFullError, RoomNotFoundError, Rooms


def guesses():
    """Every four-letter code in order, as a guesser would try them."""
    return ("".join(letters) for letters in itertools.product(CODE_LETTERS, repeat=4))


def flood(rooms: Rooms, tries: int, codes) -> dict[str, int]:
    outcomes = {"unknown": 0, "held": 0, "found": 0}
    for code in itertools.islice(codes, tries):
        try:
            rooms.join(code, "Eve")
            outcomes["found"] += 1
        except RoomNotFoundError:
            outcomes["unknown"] += 1
        except TooManyCodesError as error:
            outcomes["held"] += 1
            held = error
    outcomes["message"] = held.message("de") if outcomes["held"] else ""  # type: ignore[assignment]
    return outcomes


def test_a_page_guessing_codes_is_held_and_told_how_long(store, clock):
    owner = Rooms(store, clock)
    room, _, _ = owner.open("quanto", 3, ["open", "open"], "Ana")
    page = Rooms(store, clock, guesses=CodeLimit(store, clock, address="127.0.0.1"))  # loopback: per page
    codes = (code for code in guesses() if code != room.code)
    outcome = flood(page, 1000, codes)
    assert outcome["unknown"] == PAGE_LIMIT and outcome["held"] == 1000 - PAGE_LIMIT
    assert "falsche Codes" in outcome["message"] and f"in {int(PAGE_SECONDS)} Sekunden" in outcome["message"]
    with pytest.raises(TooManyCodesError):
        page.join(room.code, "Ben")  # while held, not even the right code is looked up
    clock.now += PAGE_SECONDS / 2
    with pytest.raises(TooManyCodesError) as caught:
        page.join(room.code, "Ben")
    assert caught.value.message("en").endswith(f"try again in {int(PAGE_SECONDS / 2)} seconds.")
    clock.now += PAGE_SECONDS / 2
    assert page.join(room.code, "Ben")[1] == 1  # a minute on, the right code works
    page.join(room.code, "Cem")  # right codes do not count, not even for a full room
    with pytest.raises(RoomFullError):
        page.join(room.code, "Dan")
    assert flood(page, PAGE_LIMIT, guesses())["unknown"] == PAGE_LIMIT


def test_fresh_pages_of_one_address_share_an_hourly_count(store, clock):
    found = 0
    codes = guesses()
    pages = 0
    while pages < ADDRESS_LIMIT:  # a reload for every few guesses: a fresh page each time
        page = Rooms(store, clock, guesses=CodeLimit(store, clock, address="10.0.0.9"))
        outcome = flood(page, PAGE_LIMIT, codes)
        found += outcome["unknown"]
        pages += 1
    assert found == ADDRESS_LIMIT
    held = Rooms(store, clock, guesses=CodeLimit(store, clock, address="10.0.0.9"))
    with pytest.raises(TooManyCodesError) as caught:
        held.join("AAAA", "Eve")
    assert "Minuten" in caught.value.message("de")
    other = Rooms(store, clock, guesses=CodeLimit(store, clock, address="10.0.0.10"))
    assert flood(other, 1, codes)["unknown"] == 1  # another address is not held up
    clock.now += ADDRESS_SECONDS
    assert forget_old_counts(store, clock.now) == 2  # both addresses' counts are swept
    assert store.keys(code_limit.COUNTS) == []
    assert flood(held, 1, codes)["unknown"] == 1
