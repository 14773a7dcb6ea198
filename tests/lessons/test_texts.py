"""The lessons' texts live in `i18n/lessons.json` (and `lessons12.json` / `lessons34.json`, lessons 1–2 / 3–4 of the
active lessons): all keys `lessons.…`, all of them used. The shared lesson pieces build some
keys from the lesson's name (`DYNAMIC`; a practice level's own Merksatz, `….merksatz.grundschule`,
is picked by `catalogue.merksatz_key`); the dashboard reads the exercise titles."""

import json
import re
from importlib import resources
from pathlib import Path

import kartenspiele.lessons


def _table(name: str) -> dict:
    return json.loads(resources.files("kartenspiele").joinpath(f"i18n/{name}").read_text(encoding="utf-8"))


TABLE = {**_table("lessons.json"), **_table("lessons12.json"), **_table("lessons34.json")}
SHARED = {key: entry for key, entry in _table("activity.json").items() if key.startswith("lessons.")}
LEVEL_OWN = re.compile(r"(lessons\.[\w.\-]+)\.(grundschule|klasse56|knobeln)$")
"""A practice level's own words for a text (picked by `catalogue.level_key`)."""
DYNAMIC = re.compile(
    r"lessons\.\w+\.(merksatz(\.(grundschule|klasse56|knobeln))?|reason\.\w+(\.example(\.grundschule)?|\.title)?|exit\d\.title|practice\.\w+\.title|watch\.title)$"
)
ACCESS = {
    key: entry
    for key, entry in json.loads(
        resources.files("kartenspiele").joinpath("i18n/access.json").read_text(encoding="utf-8")
    ).items()
    if key.startswith("lessons.")
}
CODE = "\n".join(path.read_text(encoding="utf-8") for path in Path(kartenspiele.lessons.__file__).parent.glob("*.py"))


def test_every_key_is_a_lessons_key():
    assert TABLE and all(key.startswith("lessons.") for key in TABLE)


def test_every_key_is_used_and_every_used_key_exists():
    literal = set(re.findall(r"[\"'](lessons\.[\w.\-]+)[\"']", CODE))
    prefixes = set(re.findall(r"f[\"'](lessons\.[\w.\-]*)\{", CODE)) - {"lessons."}  # `DYNAMIC` instead
    known = set(TABLE) | set(ACCESS) | set(SHARED)  # screen-reader texts live in access.json
    assert literal <= known, literal - known
    unused = {
        key
        for key in known
        if key not in literal and not any(key.startswith(p) for p in prefixes) and not DYNAMIC.match(key)
    }
    level_own = {
        key for key in unused if LEVEL_OWN.match(key) and (LEVEL_OWN.match(key)[1] in literal or DYNAMIC.match(key))
    }
    assert not unused - level_own  # a level's own words for a used key (`catalogue.level_key`) are used
    assert all(LEVEL_OWN.match(key)[1] in known for key in known if LEVEL_OWN.match(key))
