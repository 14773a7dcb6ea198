"""The guide's set-up chapter says only what the code does: every command and option it names
exists (read from the commands' own `--help`), the examples parse, and the numbers, labels and
files it quotes are the package's."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from kartenspiele.catalogue import PRACTICE_LEVELS
from kartenspiele.classroom.people.hub_role import DEFAULT_GROUP
from kartenspiele.classroom.people.roles import valid_teacher_code
from kartenspiele.classroom.rooms.room_codes import LIFETIME_SECONDS
from kartenspiele.cli import COMMANDS
from kartenspiele.i18n import text
from kartenspiele.lessons.teacher import notes
from kartenspiele.practice.pack import EXERCISES_PER_SHEET
from kartenspiele.serve import build_parser
from kartenspiele.serving.access import MIN_PASSWORD, is_example, strong_enough
from kartenspiele.serving.room_sweep import KEEP_CLASSES_DAYS

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = notes("guide_setup")
GERMAN, _, ENGLISH = CHAPTER.partition("<details>")
COMMAND = re.compile(r"`(?:\.venv/bin/|\.venv\\Scripts\\python -m |\.venv/bin/python -m )?kartenspiele (\w+)([^`]*)`")
OPTION = re.compile(r"`(--[a-z-]+)(?: ([^`]*))?`")


@cache
def help_options(command: str) -> frozenset[str]:
    """The options `kartenspiele COMMAND --help` lists."""
    shown = subprocess.run(
        [sys.executable, "-m", "kartenspiele.cli", command, "--help"], capture_output=True, text=True, timeout=120
    )
    assert shown.returncode == 0, shown.stderr
    return frozenset(re.findall(r"(--[a-z][a-z-]+)", shown.stdout))


def test_every_command_named_exists_and_its_example_parses():
    named = COMMAND.findall(CHAPTER)
    assert {command for command, _ in named} == {"serve", "print", "backup", "restore"}
    for command, rest in named:
        assert command in COMMANDS
        assert set(re.findall(r"--[a-z-]+", rest)) <= help_options(command), rest
        if command == "serve":
            parsed = build_parser().parse_args(shlex.split(rest))
            assert parsed.host == "0.0.0.0" and strong_enough(parsed.password)
        if command == "print":
            lesson, *options = shlex.split(rest)
            assert lesson in {"1", "2", "3", "4"}
            assert not options or options[1] in PRACTICE_LEVELS


@pytest.mark.parametrize("option, value", sorted(set(OPTION.findall(CHAPTER))))
def test_every_option_named_alone_exists(option, value):
    if option == "--teacher-code":  # named alone, or the guide's example code: serve refuses it ("choose your own")
        assert not value or (valid_teacher_code(value) and is_example(value))
    elif option in help_options("serve"):
        vars(build_parser().parse_args([option, *shlex.split(value)]))
    else:
        assert option in help_options("print"), option


def test_the_numbers_quoted_are_the_code_s():
    assert build_parser().get_default("port") == 8866 and "8866" in GERMAN and "8866" in ENGLISH
    assert KEEP_CLASSES_DAYS == 30 and "30 Tage" in GERMAN and "30 days" in ENGLISH
    assert MIN_PASSWORD == 8 and "mindestens 8 Zeichen" in GERMAN and "at least 8 characters" in ENGLISH
    assert LIFETIME_SECONDS == 14 * 86_400 and "zwei Wochen" in GERMAN and "two weeks" in ENGLISH
    assert EXERCISES_PER_SHEET == 8 and "8 Aufgaben je Niveau" in GERMAN and "8 exercises per level" in ENGLISH
    assert DEFAULT_GROUP == "teachers" and "`teachers`" in GERMAN and "`teachers`" in ENGLISH


def test_the_labels_and_files_quoted_are_the_app_s():
    for key in ("dash.open", "dash.delete", "dash.board.project", "activity.pack.make"):
        assert f"„{text(key, 'de')}“" in GERMAN and f'"{text(key, "en")}"' in ENGLISH, key
    assert (
        text("class.ended", "de", code="…").startswith("Die Klasse … ist beendet")
        and "„Die Klasse … ist beendet“" in GERMAN
    )
    for path in re.findall(r"`((?:deploy|docs)/[^`]+)`", CHAPTER):
        assert (ROOT / path).is_file(), path
    assert re.search(r"^serve:", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert "Lehrkraft / teacher:" in (ROOT / "kartenspiele" / "serving" / "teacher.py").read_text()
