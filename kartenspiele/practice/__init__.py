"""Practice at the pupil's level: endless exercises from seeded live positions (`exercises`),
a widget to work them (`widget`) and a printable pack per lesson (`pack`)."""

from .exercises import KINDS, LEVELS, Exercise, exercise
from .widget import Practice

__all__ = ["KINDS", "LEVELS", "Exercise", "Practice", "exercise"]
