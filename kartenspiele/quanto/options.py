"""Quanto's rule variants, with the defaults of `rules/quanto.md`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from ..core.errors import RuleOptionError
from ..core.options import option_values

REFILL_MODES = ("choice", "auto")


@dataclass(frozen=True)
class QuantoOptions:
    """`refill`: "choice" (refilling table or hand is an action) or "auto" (both are refilled
    after every turn). `lay_only_if_stuck`: laying a card is allowed only when no other
    play is possible."""

    refill: str = "choice"
    lay_only_if_stuck: bool = False

    def __post_init__(self) -> None:
        if self.refill not in REFILL_MODES:
            raise RuleOptionError(
                "option.bad_value", option="refill", value=self.refill, allowed=", ".join(REFILL_MODES)
            )
        if not isinstance(self.lay_only_if_stuck, bool):
            raise RuleOptionError(
                "option.bad_value", option="lay_only_if_stuck", value=self.lay_only_if_stuck, allowed="True, False"
            )

    @classmethod
    def from_dict(cls, values: Mapping[str, object] | None) -> QuantoOptions:
        """Options from a mapping; an unknown name raises `RuleOptionError`."""
        return cls(**option_values(cls, values))

    def to_dict(self) -> dict[str, object]:
        return asdict(self)
