"""Browser tests: one Voilà server for the whole session, one headless Chromium per module."""

from pathlib import Path

import pytest

from tests.redis_server import RedisServer

from .driver import CHROMIUM, SCREENSHOTS, TEACHER_CODE, VoilaServer, launch_browser


def pytest_collection_modifyitems(items):
    """Skip the browser tests, saying why, where Debian's Chromium is not installed."""
    if Path(CHROMIUM).exists():
        return
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.skip(reason=f"Chromium is not installed at {CHROMIUM}"))


@pytest.fixture(scope="session")
def voila():
    # One browser opens many pages from one address here; the per-device cap has its own test.
    server = VoilaServer(extra=("--max-per-client", "0"))
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """`kartenspiele serve` with a teacher code and its own SQLite store (`store_url`), per module."""
    url = f"sqlite:///{tmp_path_factory.mktemp('store') / 'store.db'}"
    voila = VoilaServer(teacher_code=TEACHER_CODE, env={"KARTENSPIELE_STORE": url})
    voila.store_url = url
    try:
        voila.wait_ready()
        yield voila
    finally:
        voila.stop()


@pytest.fixture(scope="module")
def browser():
    """Chromium for one module. Playwright's sync API keeps its event loop running on this
    thread while it is open; a table built by a later, non-browser test in the same worker would
    put its computer moves on that loop's timers, which never fire."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="de-DE")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def shots():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="module")
def redis_store():
    """A Redis server of the module's own, on a free loopback port."""
    with RedisServer() as server:
        yield server
