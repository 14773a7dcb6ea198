"""What both games' rule options share: reading them from a mapping."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from .errors import RuleOptionError


def option_values(options_type: type, values: object) -> dict[str, Any]:
    """The option values of a mapping (None: none), checked against the fields of the
    dataclass `options_type`; a non-mapping or an unknown name raises `RuleOptionError`."""
    if values is None:
        return {}
    if not isinstance(values, Mapping):
        raise RuleOptionError("option.not_mapping", value=values)
    known = {field.name for field in fields(options_type)}
    for name in values:
        if name not in known:
            raise RuleOptionError("option.unknown", option=name, allowed=", ".join(sorted(known)))
    return dict(values)
