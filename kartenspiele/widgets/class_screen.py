"""Every page of a class's pupil follows two of the teacher's calls within seconds.

* **Pause** ("Alle Bildschirme anhalten" on the dashboard, `Classes.pause`): a calm screen
  covers the page ("Schau nach vorne"), the page under it cannot be used (`inert`: no click, no
  key, focus taken out of any text box) and stays exactly as it was; resuming lifts the screen
  and gives the focus back where it was.
* **A lesson released further** (`Classes.release_sections`): a lesson page that shows fewer
  sections than the class may now see gets a small bar at the bottom with "Weiter", which loads
  the page again with the new section (the pupil's answers are in the store; the page asks the
  lesson gate anew).

The kernel's one `ClassScreen` (`class_screen()`) stands on every pupil page: lessons, the start
page, games and tutorials. One thread per kernel (`ScreenWatch`) looks at the pupil's class
every `POLL` seconds, once the page knows its pupil (`pupil.current`); a teacher's page, a page
outside Voilà and the browser build have none. The browser sets nothing on it.
"""

from __future__ import annotations

import threading
from typing import ClassVar

import anywidget
import traitlets

from ..classroom.classes import pupil
from ..classroom.people.roles import is_teacher, served_by_voila
from ..core.errors import KartenspieleError
from ..i18n import current_language, text
from ..kernel import update_guard
from ..kernel.page_request import preheated
from ..lite import in_browser
from .plain import plain_layout

POLL = 1.0
"""Seconds between two looks at the class: a pause reaches every page within about 1–2 s."""

_ESM = """
const ID = "ks-class-screen", BAR = "ks-more-bar";
function part(id, make) {
  let found = document.getElementById(id);
  if (!found) { found = make(); found.id = id; document.body.appendChild(found); }
  return found;
}
function render({ model, el }) {
  el.classList.add("ks-class-screen-anchor");
  el.style.display = "none";
  const screen = part(ID, () => {
    const made = document.createElement("div");
    made.setAttribute("role", "alertdialog");
    made.setAttribute("aria-modal", "true");
    made.hidden = true;
    made.innerHTML = "<div class='ks-pause-card'><div class='ks-pause-eyes' aria-hidden='true'><i></i><i></i></div>" +
      "<h1 class='ks-pause-title'></h1><p class='ks-pause-text'></p></div>";
    return made;
  });
  const bar = part(BAR, () => {
    const made = document.createElement("div");
    made.setAttribute("role", "status");
    made.hidden = true;
    made.innerHTML = "<span class='ks-more-text'></span><button type='button' class='ks-more-button'></button>";
    made.querySelector("button").addEventListener("click", () => window.location.reload());
    return made;
  });
  const draw = () => {
    const paused = model.get("paused");
    screen.querySelector(".ks-pause-title").textContent = model.get("title");
    screen.querySelector(".ks-pause-text").textContent = model.get("text");
    if (paused && screen.hidden) {
      window.__ksFocus = document.activeElement;
      if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
    }
    screen.hidden = !paused;
    for (const child of document.body.children) {
      if (child !== screen && child.id !== "ks-lost") { child.inert = paused; }
    }
    if (!paused && window.__ksFocus) {
      const back = window.__ksFocus;
      window.__ksFocus = null;
      if (back.focus) { back.focus({ preventScroll: true }); }
    }
    bar.querySelector(".ks-more-text").textContent = model.get("more_text");
    bar.querySelector(".ks-more-button").textContent = model.get("more_button");
    bar.hidden = !model.get("more") || paused;
  };
  draw();
  model.on("change", draw);
}
export default { render };
"""

CSS = """
#ks-class-screen { position: fixed; inset: 0; z-index: 9000; background: #EAF2F8; display: flex;
  align-items: center; justify-content: center; font-family: 'DejaVu Sans', sans-serif; color: #1D2A3A; }
#ks-class-screen[hidden], #ks-more-bar[hidden] { display: none; }
#ks-class-screen .ks-pause-card { text-align: center; padding: 32px 48px; }
#ks-class-screen .ks-pause-eyes { display: flex; gap: 14px; justify-content: center; }
#ks-class-screen .ks-pause-eyes i { width: 54px; height: 54px; border-radius: 50%; background: #fff;
  border: 4px solid #1D2A3A; position: relative; }
#ks-class-screen .ks-pause-eyes i::after { content: ""; position: absolute; width: 20px; height: 20px;
  border-radius: 50%; background: #1D2A3A; left: 17px; top: 6px; }
#ks-class-screen .ks-pause-title { font-size: 44px; margin: 12px 0; }
#ks-class-screen .ks-pause-text { font-size: 22px; max-width: 32em; line-height: 1.4; }
#ks-more-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 8000; background: #FFF4D6;
  border-top: 3px solid #C77700; padding: 10px 20px; display: flex; gap: 16px; align-items: center;
  font-family: 'DejaVu Sans', sans-serif; font-size: 18px; color: #1D2A3A; }
#ks-more-bar button { font-size: 18px; min-height: 44px; padding: 8px 20px; border-radius: 10px;
  border: 2px solid #3A6EA5; background: #3A6EA5; color: #fff; cursor: pointer; }
"""


class ClassScreen(anywidget.AnyWidget):
    """The pause screen and the "Weiter" bar of one page (set by the kernel only)."""

    _esm = _ESM
    _css = CSS
    browser_sets: ClassVar[dict[str, update_guard.Check]] = {}
    paused = traitlets.Bool(False).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)
    more = traitlets.Bool(False).tag(sync=True)
    more_text = traitlets.Unicode("").tag(sync=True)
    more_button = traitlets.Unicode("").tag(sync=True)

    def __init__(self) -> None:
        super().__init__(layout=plain_layout())
        self.lesson: str | None = None
        self.shown_sections: int | None = None
        self.watch: ScreenWatch | None = None

    def showing(self, lesson: str, sections: int | None) -> None:
        """This page shows `sections` sections of `lesson` (None: all): offer "Weiter" when the
        class may see more."""
        self.lesson, self.shown_sections = lesson, sections

    def follow(self, info: dict) -> None:
        """Follow the class document `info` (`Classes.info`) in the page's language now."""
        lang = current_language()
        more = False
        if self.lesson is not None and self.shown_sections is not None:
            allowed = (info.get("sections") or {}).get(self.lesson)
            more = allowed is None or (isinstance(allowed, int) and allowed > self.shown_sections)
        with self.hold_sync():
            self.title = text("pause.title", lang)
            self.text = text("pause.text", lang)
            self.more_text = text("pause.more", lang)
            self.more_button = text("pause.more.button", lang)
            self.paused = bool(info.get("paused"))
            self.more = more

    def quiet(self) -> None:
        """No class (left, or deleted): nothing covers the page."""
        if self.paused or self.more:
            with self.hold_sync():
                self.paused = self.more = False


class ScreenWatch:
    """Looks at the page's class every `every` seconds and tells its `ClassScreen`."""

    def __init__(self, screen: ClassScreen, every: float = POLL) -> None:
        self.screen, self.every = screen, every
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="kartenspiele-class-screen", daemon=True)
        self.thread.start()

    def look(self) -> None:
        session = pupil.current()
        if session is None or session.ended:
            self.screen.quiet()
            return
        try:
            info = session.classes.info(session.pupil.code)
        except KartenspieleError:
            self.screen.quiet()  # the class is gone (its page says so), or the store is away
            return
        self.screen.follow(info)

    def _run(self) -> None:
        while preheated() and not self.stopped.wait(self.every):
            pass  # a kernel started ahead of time: wait for its page
        if not served_by_voila() or is_teacher():
            return  # a teacher's page is never paused
        if self.stopped.wait(self.every):
            return
        if pupil.current() is None:
            pupil.from_address()  # a page that does not ask itself (a tutorial): the class it was opened with
        while not self.stopped.wait(self.every):
            try:
                self.look()
            except Exception:  # noqa: BLE001 — a page's screen never ends its kernel's thread
                continue

    def stop(self) -> None:
        self.stopped.set()


_screen: list[ClassScreen] = []


def class_screen() -> ClassScreen:
    """The kernel's one `ClassScreen` (watched in a served pupil's kernel)."""
    if not _screen:
        screen = ClassScreen()
        if (served_by_voila() or preheated()) and not in_browser():
            screen.watch = ScreenWatch(screen)
        _screen.append(screen)
    return _screen[0]
