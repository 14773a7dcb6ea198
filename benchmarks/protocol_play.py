"""A pupil's game at the protocol level: start a game with a seed at instant pace and play
moves as the browser tests do (`tests/e2e/driver.play_quanto_turn`, the room tests' Tausch-Rausch
turn), with a `ProtocolPage`."""

from __future__ import annotations

from protocol_pupil import PageError, ProtocolPage

from kartenspiele.widgets.pacing import SPEEDS

TAKING = tuple(f"ks-do-{kind}" for kind in ("capture", "form", "extend", "collect", "joker_quanto"))


async def start_game(page: ProtocolPage, seed: int, timeout: float) -> None:
    """The new-game panel: the seed, the computer at instant pace, then Start."""
    field = page.find("ks-setup", name="BoundedIntTextModel", enabled=False)
    if not field:
        raise PageError("the new-game panel has no seed field")
    await page.update(field[0], {"value": seed})
    speed = page.find("ks-toolbar", name="DropdownModel", enabled=False)
    if not speed:
        raise PageError("the toolbar has no pace choice")
    await page.update(speed[0], {"index": list(SPEEDS).index("instant")})
    await page.click(page.first("ks-setup", own="ks-start"), timeout)
    await wait_for_turn(page, timeout)


async def wait_for_turn(page: ProtocolPage, timeout: float) -> bool:
    """Wait until the pupil may act or the game is over; returns whether it is over."""
    await page.wait_until(lambda: page.marked("ks-your-turn") or page.marked("ks-over"), timeout)
    return page.marked("ks-over")


async def quanto_turn(page: ProtocolPage, clicks: list[float], timeout: float) -> int:
    """A hand card, table cards that fit until a move that takes is offered (else lay the
    card); refill when the hand is empty. Each tap waits for its answer; returns how many taps
    were answered with a message (refused) instead."""
    if not page.find("ks-hand-cards", enabled=False):  # a turn drawn by the watcher: the actions come too
        await page.wait_until(lambda: bool(page.find("ks-actions", own="ks-side")), timeout)
        return int(await page.click(page.first("ks-actions", own="ks-side"), timeout, clicks))
    refused = int(await page.click(page.first("ks-hand-cards"), timeout, clicks))
    if not page.find("ks-hand-cards", own="ks-selected"):
        return refused  # the tap was refused (it says why): the turn is looked at again
    while True:
        taking = [m for m in page.find("ks-actions") if set(TAKING) & set(page.classes(m))]
        if taking:
            return refused + await page.click(taking[0], timeout, clicks)
        joinable = page.find("ks-table-cards", own="ks-joinable")
        if not joinable:
            break
        refused += await page.click(joinable[0], timeout, clicks)
    while selected := page.find("ks-table-cards", own="ks-selected"):
        refused += await page.click(selected[0], timeout, clicks)
    lay = page.find("ks-actions", own="ks-do-lay") or page.find("ks-table", own="ks-action-go")
    if not lay:  # more moves than buttons: they are listed, "ks-action-go" plays the chosen one
        raise PageError("neither a lay button nor a listed move")
    return refused + await page.click(lay[0], timeout, clicks)


async def tausch_rausch_turn(page: ProtocolPage, clicks: list[float], timeout: float) -> int:
    """Take the hint (it picks the cards and marks the stall or task), then press the mark;
    returns how many taps were refused."""
    refused = await page.click(page.first("ks-toolbar", icon="lightbulb-o"), timeout, clicks)
    return refused + await page.click(page.first("ks-table", own="ks-hinted"), timeout, clicks)


TURNS = {"quanto": quanto_turn, "tausch_rausch": tausch_rausch_turn}


async def play(page: ProtocolPage, game: str, seed: int, moves: int, timeout: float) -> tuple[int, list[float]]:
    """Start a game and play up to `moves` moves; returns (moves played, click-to-update s)."""
    clicks: list[float] = []
    await start_game(page, seed, timeout)
    played = 0
    while played < moves:
        if await wait_for_turn(page, timeout):  # over before `moves`: a new game, as a pupil would
            await page.click(
                page.first("ks-toolbar", icon="plus"), timeout, clicks, until=lambda: bool(page.find("ks-setup"))
            )
            seed += 1000
            await start_game(page, seed, timeout)
            continue
        await TURNS[game](page, clicks, timeout)
        played += 1
    return played, clicks
