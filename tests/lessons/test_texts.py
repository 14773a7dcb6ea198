"""The lessons' texts live in `i18n/lessons.json`: all keys `lessons.…`, all of them used."""

import json
import re
from importlib import resources
from pathlib import Path

import kartenspiele.lessons

TABLE = json.loads(resources.files("kartenspiele").joinpath("i18n/lessons.json").read_text(encoding="utf-8"))
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
    prefixes = set(re.findall(r"f[\"'](lessons\.[\w.\-]*)\{", CODE))
    known = set(TABLE) | set(ACCESS)  # the lessons' screen-reader texts live in access.json
    assert literal <= known, literal - known
    unused = {key for key in known if key not in literal and not any(key.startswith(p) for p in prefixes)}
    assert not unused
