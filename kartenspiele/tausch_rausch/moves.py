"""Tausch-Rausch moves: small immutable values that say what a player does.

A swap names the market stall (0–4, from the left: 1, 2, 2, 2, 3 cards) and the hand cards
given; a fulfilment names the task and the cards shown. Cards are faces: any physical card
of that face in the hand will do, so moves that differ only in the copy are one move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..core.errors import IllegalMoveError, NotationError
from .cards import STALL_SIZES, Card, format_cards, parse_cards, sort_cards

SWAP = "swap"
FULFIL = "fulfil"
PASS = "pass"
KINDS = (SWAP, FULFIL, PASS)


@dataclass(frozen=True, slots=True)
class Move:
    """One move. Build it with `Move.swap(4, "ge7 ro2 bl5")`, `Move.fulfil("five-even",
    "ge2 gr4 bl6 ro8 ge10")` or `Move.pass_turn()`, or take it from `state.legal_moves()`."""

    kind: str
    stall: int | None = None
    cards: tuple[Card, ...] = ()
    task: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise IllegalMoveError("tausch_rausch.illegal.unknown_kind", kind=self.kind)
        object.__setattr__(self, "cards", sort_cards(self.cards))

    # -- construction -------------------------------------------------------------------
    @classmethod
    def listed(cls, kind: str, stall: int | None, cards: tuple[Card, ...], task: str | None) -> Move:
        """A move built by the move generator from a known kind and cards already in sorted
        order: it skips the checks of `Move(…)` (listing hundreds of swaps is the hot path)."""
        move = object.__new__(cls)
        set_field = object.__setattr__
        set_field(move, "kind", kind)
        set_field(move, "stall", stall)
        set_field(move, "cards", cards)
        set_field(move, "task", task)
        return move

    @classmethod
    def swap(cls, stall: int, cards: str | Iterable[str | Card]) -> Move:
        return cls(SWAP, stall, tuple(parse_cards(cards)))

    @classmethod
    def fulfil(cls, task: str, cards: str | Iterable[str | Card]) -> Move:
        return cls(FULFIL, None, tuple(parse_cards(cards)), task)

    @classmethod
    def pass_turn(cls) -> Move:
        return cls(PASS)

    # -- text and JSON ------------------------------------------------------------------
    def __str__(self) -> str:
        if self.kind == SWAP:
            stall = self.stall
            known = isinstance(stall, int) and 0 <= stall < len(STALL_SIZES)
            where = f"stall {stall + 1} ({STALL_SIZES[stall]} cards)" if known else f"stall {stall}"  # type: ignore[operator, index]
            return f"swap at {where}: give {format_cards(self.cards)}"
        if self.kind == FULFIL:
            return f"fulfil {self.task}: {format_cards(self.cards)}"
        return PASS

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind}
        if self.stall is not None:
            data["stall"] = self.stall
        if self.cards:
            data["cards"] = format_cards(self.cards)
        if self.task is not None:
            data["task"] = self.task
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Move:
        """The move written by `to_json`; a malformed one raises `NotationError`."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise NotationError("move.malformed", data=data)
        if set(data) - {"kind", "stall", "cards", "task"}:
            raise NotationError("move.malformed", data=data)
        stall, cards, task = data.get("stall"), data.get("cards", ""), data.get("task")
        if stall is not None and (not isinstance(stall, int) or isinstance(stall, bool)):
            raise NotationError("move.malformed", data=data)
        if not isinstance(cards, str) or (task is not None and not isinstance(task, str)):
            raise NotationError("move.malformed", data=data)
        return cls(str(data["kind"]), stall, tuple(parse_cards(cards)), task)
