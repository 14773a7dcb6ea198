"""Playing the tables with the keyboard only: every action below is a key press; the page is
only read (where the focus is, which buttons are offered) to decide which key to press."""

from __future__ import annotations

from .driver import STEP_TIMEOUT_MS, ticks, wait_for_turn_or_end

GROUP_JS = """(sel) => { const a = document.activeElement; if (!a) return null;
  const g = a.closest(sel); return g ? [...g.classList].find(c => %s.includes(c)) || 'other' : null; }"""
GROUPS = ["ks-table-cards", "ks-market", "ks-tasks", "ks-actions", "ks-hand-cards", "ks-result-buttons"]
GROUP_SELECTOR = ", ".join("." + g for g in GROUPS)


class Keyboard:
    """Presses keys on a page and counts them."""

    def __init__(self, page) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str, redraw: bool = False) -> None:
        """Press `key`; with `redraw`, wait until the table was redrawn after it."""
        before = ticks(self.page) if redraw else 0
        self.page.keyboard.press(key)
        self.presses += 1
        if redraw:
            self.page.wait_for_function(
                "(before) => Number(document.querySelector('.ks-table .ks-tick').textContent || 0) > before",
                arg=before,
                timeout=STEP_TIMEOUT_MS,
            )

    def group(self) -> str | None:
        """The row of cards or buttons that holds the focus (None: none of them)."""
        return self.page.evaluate(GROUP_JS % GROUPS, GROUP_SELECTOR)

    def focused_has(self, cls: str) -> bool:
        return bool(
            self.page.evaluate("(c) => !!document.activeElement && document.activeElement.classList.contains(c)", cls)
        )

    def wait_focus_in(self, *groups: str) -> str:
        """Wait until the focus is in one of `groups` (the page moves it there by itself)."""
        selector = ", ".join("." + g for g in groups)
        self.page.wait_for_function(
            "(sel) => !!document.activeElement && !!document.activeElement.closest(sel)",
            arg=selector,
            timeout=STEP_TIMEOUT_MS * 3,
        )
        return self.group() or ""

    def go_to_row(self, row: str, limit: int = 6) -> None:
        """Arrow up/down until the focus is in `row`."""
        order = [g for g in GROUPS if self.page.locator(f".{g} button:not([disabled])").count()]
        for _ in range(limit):
            here = self.group()
            if here == row:
                return
            self.press("ArrowUp" if order.index(row) < order.index(here) else "ArrowDown")
        raise AssertionError(f"the arrow keys did not reach {row}")

    def go_to(self, cls: str, limit: int = 20) -> bool:
        """Arrow right within the row until the focused button has class `cls`."""
        for _ in range(limit):
            if self.focused_has(cls):
                return True
            self.press("ArrowRight")
        return False


def quanto_turn(keys: Keyboard) -> None:
    """One turn of Quanto by keys: the focus starts in the hand (or on the actions when the hand
    is empty); pick the first card, add table cards that fit until a move that takes is
    offered, then P; otherwise take the table cards back and lay the card (P)."""
    page = keys.page
    if keys.wait_focus_in("ks-hand-cards", "ks-actions") == "ks-actions":
        keys.press("Enter", redraw=True)
        return
    keys.press("Space", redraw=True)
    taking = ", ".join(
        f".ks-actions button.ks-do-{k}" for k in ("capture", "form", "extend", "collect", "joker_quanto")
    )
    while not page.locator(taking).count() and page.locator(".ks-table-cards button.ks-joinable").count():
        keys.go_to_row("ks-table-cards")
        assert keys.go_to("ks-joinable")
        keys.press("Space", redraw=True)
    if not page.locator(taking).count():
        while page.locator(".ks-table-cards button.ks-selected").count():
            keys.go_to_row("ks-table-cards")
            assert keys.go_to("ks-selected")
            keys.press("Space", redraw=True)
    keys.press("p", redraw=True)


def tausch_rausch_turn(keys: Keyboard) -> None:
    """One turn of Tausch-Rausch by keys: pick hand cards from the left (→, Space) until a stall
    or task takes them (marked ready), then P."""
    page = keys.page
    keys.wait_focus_in("ks-hand-cards")
    count = page.locator(".ks-hand-cards button").count()
    for index in range(count):
        if index:
            keys.press("ArrowRight")
        keys.press("Space", redraw=True)
        if page.locator("button.ks-ready").count():
            keys.press("p", redraw=True)
            return
    raise AssertionError("no stall or task was ready for the whole hand")


def play_whole_game(keys: Keyboard, turn, limit: int = 400) -> int:
    """Play the person's turns by keys until the game is over; returns the number of turns."""
    turns = 0
    while not wait_for_turn_or_end(keys.page):
        turn(keys)
        turns += 1
        if turns > limit:
            raise AssertionError("the game did not end")
    return turns


def start_by_keys(keys: Keyboard, seed: int) -> None:
    """Set the computer to "sofort", type the seed and start, with Tab, arrows and Enter."""
    page = keys.page
    for _ in range(40):
        if page.evaluate("() => document.activeElement && document.activeElement.tagName === 'SELECT'"):
            break
        keys.press("Tab")
    keys.press("End")
    for _ in range(40):
        if page.evaluate("() => document.activeElement && document.activeElement.type === 'number'"):
            break
        keys.press("Tab")
    keys.press("Control+a")
    page.keyboard.type(str(seed))
    keys.presses += len(str(seed))
    for _ in range(40):
        keys.press("Tab")
        if keys.focused_has("ks-start"):
            break
    keys.press("Enter")
    page.wait_for_selector(".ks-main", timeout=STEP_TIMEOUT_MS)
