"""A lesson's progress in the browser build: the browser keeps, for each lesson, the practice's
level and the exercise shown (in localStorage), so that a reload goes on where the pupil was. Served, a class keeps the pupil's evidence in the store instead.

`ProgressMemory` is a tiny anywidget with no visible content: when the page opens, the browser
sends what it kept (`progress`, with `loaded`); when the kernel changes it, the browser stores it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets

from ..catalogue import PRACTICE_LEVELS
from ..kernel import update_guard
from ..widgets.deferred_open import closed

STORAGE_KEY = "kartenspiele.progress"
MAX_NUMBER = 10_000
"""The highest exercise number the kernel takes back from the browser."""

_ESM = """
const KEY = "STORAGE_KEY";
function render({ model, el }) {
  el.style.display = "none";
  try { model.set("progress", JSON.parse(window.localStorage.getItem(KEY) || "{}")); } catch (error) {}
  model.set("loaded", true);
  model.save_changes();
  model.on("change:progress", () => {
    try { window.localStorage.setItem(KEY, JSON.stringify(model.get("progress"))); } catch (error) {}
  });
}
export default { render };
""".replace("STORAGE_KEY", STORAGE_KEY)


def progress_check(value: Any, _widget: Any) -> str | None:
    """What a browser may send: a small object of small objects (one per lesson)."""
    if not isinstance(value, dict):
        return f"not an object: {type(value).__name__}"
    return "progress too large" if update_guard.size(value, 2_000) > 2_000 else None


def entry(kept: Any) -> dict[str, Any] | None:
    """A lesson's kept progress if it is well formed: {"level", "number"}; else None."""
    if not isinstance(kept, dict) or kept.get("level") not in PRACTICE_LEVELS:
        return None
    number = kept.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_NUMBER:
        return None
    return {"level": kept["level"], "number": number}


class ProgressMemory(anywidget.AnyWidget):
    """`progress`: {lesson key: {"level", "number"}} kept in this browser."""

    _esm = _ESM
    browser_sets: ClassVar[dict[str, update_guard.Check]] = {
        "progress": progress_check,
        "loaded": update_guard.boolean,
    }
    progress = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def get(self, lesson: str) -> dict[str, Any] | None:
        return entry(self.progress.get(lesson))

    def keep(self, lesson: str, level: str, number: int) -> None:
        self.progress = {**self.progress, lesson: {"level": level, "number": number}}


_shared: ProgressMemory | None = None


def shared_progress() -> ProgressMemory:
    """The kernel's one memory of progress: the in-browser site shows every lesson in one kernel,
    and each lesson's memory would write its own copy of the whole back to the browser."""
    global _shared
    if _shared is None or closed(_shared):
        _shared = ProgressMemory()
    return _shared
