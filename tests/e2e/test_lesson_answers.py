"""Nothing answered before the pupils try, through `kartenspiele serve`: each lesson at the
Grundschule and the Klasse 5–6 level, opened by a pupil of a class.

Before the teacher reveals anything, neither the page's HTML nor any websocket message its
kernel sent holds one of the lesson's answers: the sentences said with an answer table, the
rule paragraphs, the tables themselves, the Merksatz (at either level, in either language).
Once the teacher reveals the lesson's sections, every answer is on the page within 5 seconds,
with the Merksatz of the class's level, and no line of a revealed answer was there before.
Lesson 4 at Grundschule speaks in words and counted hands: no per cent, no band of 95 in 100.

One server for the module (`class_server`), one class per level.
"""

from __future__ import annotations

import html
import re
import time
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from kartenspiele.catalogue import LESSONS, merksatz_key
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.classes.reveals import sections_of
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.i18n import text
from kartenspiele.lessons import subsets
from kartenspiele.lessons.subsets_numbers import group_text, groups

from .driver import Received

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # minutes of browser walks: `make test-slow`

LOAD = 180_000
LEVELS = ("grundschule", "klasse56")
ANSWERS: dict[str, tuple[str, ...]] = {
    "subsets": ("lessons.answer.groups", "lessons.answer.captures", "lessons.answer.largest"),
    "parity": (
        "lessons.answer.sums.why",
        "lessons.answer.sums.rule",
        "lessons.answer.odd_sums",
        "lessons.answer.high",
        "lessons.answer.low",
        "lessons.answer.mirror",
    ),
    "sequences": ("lessons.answer.arithmetic",),
    "chance": ("lessons.answer.many", "lessons.answer.many.grundschule"),
}
"""The sentences (i18n keys) that answer each lesson's questions."""
SHOWN: dict[tuple[str, str], tuple[str, ...]] = {
    ("subsets", "grundschule"): ("lessons.answer.groups", "lessons.answer.largest"),
    ("subsets", "klasse56"): ("lessons.answer.groups", "lessons.answer.largest"),
    ("parity", "grundschule"): ("lessons.answer.sums.why", "lessons.answer.sums.rule"),
    ("parity", "klasse56"): ("lessons.answer.sums.why", "lessons.answer.sums.rule", "lessons.answer.odd_sums"),
    ("sequences", "grundschule"): (),
    ("sequences", "klasse56"): ("lessons.answer.arithmetic",),
    ("chance", "grundschule"): ("lessons.answer.many.grundschule",),
    ("chance", "klasse56"): ("lessons.answer.many",),
}
"""Answer sentences each lesson shows, once revealed, at each level (besides its Merksatz)."""
GROUPS_OF_8 = ", ".join(group_text(group) for group in groups(subsets.LESSON_VALUES, 8))
"""The answer row of lesson 1's table of the groups for 8."""
OUTLOOK_ANSWERS: dict[str, tuple[str, ...]] = {
    "subsets": tuple(text("lessons.subsets.coefficient", lang, power="x⁸", count=4, target=8) for lang in ("de", "en")),
    "chance": ("333/12166",),
}
"""What an outlook shows again of a revealed answer (lesson 1's number in front of x⁸, lesson 4's
reduced fraction): on the page from Klasse 5–6 on, and only with the reveal."""
NO_PER_CENT = ("Prozent", "per cent", "Streifen", "95 von 100")
"""Lesson 4 at Grundschule says none of these (and shows no "%")."""
LONG = 25
"""A revealed line at least this long must not have been on the page before the reveal."""
GENERAL = {text("lessons.chance.compare.same", lang) for lang in ("de", "en")}
"""Lines of a revealed answer that answer nothing: lesson 4's outlook opens its other counts
(7-card hands, high cards; no estimate asks for them) with the same sentence."""


def answer_sentences(lesson: str) -> list[str]:
    """Every answer sentence and Merksatz line of `lesson`, in both languages and at both levels."""
    keys = [*ANSWERS[lesson], *(merksatz_key(lesson, level) for level in LEVELS)]
    found = [line for key in keys for lang in ("de", "en") for line in text(key, lang).split("\n")]
    return found + ([GROUPS_OF_8] if lesson == "subsets" else []) + list(OUTLOOK_ANSWERS.get(lesson, ()))


def plain(raw: str) -> str:
    """`raw` (HTML, or JSON messages holding HTML) as text: JSON escapes read, tags dropped,
    entities read and white space made single spaces."""
    raw = re.sub(r"\\u([0-9a-fA-F]{4})", lambda match: chr(int(match.group(1), 16)), raw)
    raw = raw.replace('\\"', '"').replace("\\n", " ").replace("\\t", " ")
    raw = re.sub(r"<[a-zA-Z/!][^<>]*>", " ", raw)
    return " ".join(html.unescape(raw).split())


def seen(page, received: Received) -> str:
    """All the page holds and all its kernel sent, as `plain` text."""
    sent = "\n".join(m if isinstance(m, str) else m.decode("utf-8", "replace") for m in received.messages(page))
    return plain(page.content()) + "\n" + plain(sent)


@pytest.fixture(scope="module")
def classes(class_server):
    """A class per level (each lesson set to that level), and the `Classes` that runs them."""
    classes = Classes(open_store(class_server.store_url))
    codes = {}
    for level in LEVELS:
        codes[level] = classes.open()
        for lesson in LESSONS[:4]:
            classes.set_level(codes[level], lesson.key, level)
    return classes, codes


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", LESSONS[:4], ids=lambda lesson: lesson.key)
def test_no_answer_reaches_a_pupil_before_the_reveal(class_server, browser, classes, lesson, level):
    classes, codes = classes
    code = codes[level]
    pupil = classes.join(code, f"Kind{lesson.key[:3]}")
    query = "?" + urlencode({"klasse": code, "spitzname": pupil.nickname, "kind": pupil.token})
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    received = Received(context)
    page = context.new_page()
    try:
        page.goto(class_server.url(f"lessons/{lesson.file}{query}"), timeout=LOAD)
        expect(page.locator(".ks-sicherung")).to_be_visible(timeout=LOAD)  # the lesson's last widget
        page.wait_for_timeout(1_000)  # a late widget message would have come by now
        reveals = page.locator(".ks-reveal")
        assert reveals.count() >= 2 and page.locator(".ks-reveal-note").count() == reveals.count()
        before = seen(page, received)
        assert "Sicherung" in before and "Traceback" not in before  # the page is there to be read
        leaked = [line for line in answer_sentences(lesson.key) if line.strip() and line in before]
        assert leaked == [], (lesson.key, level)

        for section in sections_of(lesson.key):
            classes.reveal(code, section)
        revealed = time.monotonic()
        expect(page.locator(".ks-reveal-note")).to_have_count(0, timeout=5_000)
        merksatz = text(merksatz_key(lesson.key, level), "de").split("\n")
        expect(page.locator(".ks-merksatz")).to_contain_text(merksatz[-1], timeout=5_000)
        after = plain(page.inner_text("body"))
        for key in SHOWN[lesson.key, level]:
            assert plain(text(key, "de")) in after, key
        assert time.monotonic() - revealed <= 5.0
        assert all(plain(line) in after for line in merksatz)
        if level == "klasse56":  # the outlooks are on the page: they show the answer again now
            assert all(plain(line) in after for line in OUTLOOK_ANSWERS.get(lesson.key, ())[:1]), lesson.key
        lines = [plain(line) for item in reveals.all() for line in item.inner_text().split("\n")]
        new = [line for line in lines if len(line) >= LONG and line not in GENERAL]
        assert new and [line for line in new if line in before] == [], (lesson.key, level)
        if lesson.key == "chance" and level == "grundschule":
            assert "%" not in after and not any(word in before + after for word in NO_PER_CENT)
        page.screenshot(path=f"test-output/screenshots/lesson_answers_{lesson.key}_{level}.png")
    finally:
        context.close()
