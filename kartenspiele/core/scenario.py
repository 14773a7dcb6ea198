"""What both games' hand-written scenarios share: checking the keys, handing out the
physical cards by face, and entries given per player (or per stall)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from .errors import KartenspieleError, ScenarioError


def check_keys(scenario: object, keys: set[str]) -> Mapping[str, Any]:
    """`scenario` if it is a mapping with only the known `keys`."""
    if not isinstance(scenario, Mapping):
        raise ScenarioError("scenario.not_mapping")
    unknown = set(scenario) - keys
    if unknown:
        raise ScenarioError(
            "scenario.unknown_key", keys=", ".join(sorted(map(str, unknown))), allowed=", ".join(sorted(keys))
        )
    return scenario


def players_given(scenario: Mapping[str, Any]) -> object:
    """The number of players: given, or the length of a list of hands."""
    hands = scenario.get("hands")
    return scenario.get("players", len(hands) if isinstance(hands, (list, tuple)) else None)


def is_player(value: object, players: int) -> bool:
    """`value` is the number of one of `players` players (0, 1, …; not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


class CardPool:
    """The physical cards (ids into `deck`) not yet placed, handed out by face."""

    def __init__(self, deck: Sequence[Hashable], parse: Callable[[Any], list[Any]]) -> None:
        self.deck = deck
        self.parse = parse
        self.free: dict[Hashable, list[int]] = {}
        for card_id, face in enumerate(deck):
            self.free.setdefault(face, []).append(card_id)

    def take(self, cards: object, where: str) -> list[int]:
        """The ids of `cards` (notation; None: none), taken out of the pool."""
        try:
            faces = self.parse(cards if cards is not None else "")
        except KartenspieleError as error:
            raise ScenarioError("scenario.bad_cards", where=where, reason=error) from error
        ids = []
        for face in faces:
            if not self.free.get(face):
                raise ScenarioError("scenario.too_many", card=face.notation, count=self.deck.count(face))
            ids.append(self.free[face].pop(0))
        return ids

    def rest(self) -> list[int]:
        """The ids still free, in order."""
        return sorted(i for ids in self.free.values() for i in ids)


def per_slot(value: object, slots: int, name: str, stalls: bool = False) -> dict[int, Any]:
    """A list with one entry (or None) per player (stall), or a mapping player (stall) → entry."""
    if value is None:
        return {}
    if isinstance(value, (list, tuple)) and len(value) == slots:
        return {slot: entry for slot, entry in enumerate(value) if entry is not None}
    if isinstance(value, Mapping):
        for slot in value:
            if not is_player(slot, slots):
                if stalls:
                    raise ScenarioError("tausch_rausch.scenario.no_such_stall", stall=slot, last=slots - 1)
                raise ScenarioError("scenario.no_such_player", player=slot, players=slots)
        return dict(value)
    if stalls:
        raise ScenarioError("tausch_rausch.scenario.per_stall", name=name, stalls=slots)
    raise ScenarioError("scenario.per_player", name=name, players=slots)
