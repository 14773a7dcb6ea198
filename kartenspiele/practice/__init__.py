"""Practice at the pupil's level, as models with no widget in them: endless exercises from
seeded live positions (`exercises`, lesson 4's in `chance`) and a printable pack per lesson
(`pack`). The widget that works them is `kartenspiele.lessons.practice`."""

from .base import KINDS, LEVELS, Exercise
from .exercises import exercise

__all__ = ["KINDS", "LEVELS", "Exercise", "exercise"]
