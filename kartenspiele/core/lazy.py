"""A read-only sequence whose items are made only when read (the engines' lazy move lists)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

T = TypeVar("T")


class LazySequence(Sequence[T]):
    """A sequence that makes its item at a position when it is read. A subclass gives
    `__len__` and `_item(position)` (for 0 ≤ position < len); indexing from the end,
    slices, iteration, `in`, equality with a list or tuple of the same items and `+` come
    from here."""

    def _item(self, position: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, position: int) -> T: ...
    @overload
    def __getitem__(self, position: slice) -> list[T]: ...
    def __getitem__(self, position: int | slice) -> T | list[T]:
        if isinstance(position, slice):
            return [self._item(i) for i in range(*position.indices(len(self)))]
        size = len(self)
        if position < 0:
            position += size
        if not 0 <= position < size:
            raise IndexError(position)
        return self._item(position)

    def __iter__(self) -> Iterator[T]:
        for position in range(len(self)):
            yield self._item(position)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, LazySequence)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[T]) -> list[T]:
        return [*self, *other]

    def __radd__(self, other: Sequence[T]) -> list[T]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"
