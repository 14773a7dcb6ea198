"""The teacher's part of `kartenspiele serve`: the `--teacher-code` option and the teacher's
address printed beside the pupils' one.

The code goes to every kernel Voilà starts through the environment (`roles.CODE_ENV`).
"""

from __future__ import annotations

import argparse
import os
from urllib.parse import urlencode

from ..classroom.people.roles import (
    CODE_ENV,
    CODE_PARAMETER,
    MIN_CODE_LENGTH,
    new_teacher_code,
    valid_teacher_code,
)
from ..i18n import LANGUAGES, text
from .access import is_example

DASHBOARD = "notebooks/lehrkraft.ipynb"


def teacher_code(value: str) -> str:
    """An argparse type: a usable teacher code (not a documents' example), else an error in
    German and English."""
    if not valid_teacher_code(value):
        raise argparse.ArgumentTypeError(
            " / ".join(text("teacher.error.code", lang, minimum=MIN_CODE_LENGTH) for lang in LANGUAGES)
        )
    if is_example(value):
        raise argparse.ArgumentTypeError(
            " / ".join(text("teacher.error.example", lang, code=value) for lang in LANGUAGES)
        )
    return value


def add_teacher_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--teacher-code",
        default=None,
        type=teacher_code,
        help=f"the code of the teacher's pages (at least {MIN_CODE_LENGTH} letters or digits; "
        "default: a new random code per start)",
    )


def teacher_url(base: str, code: str) -> str:
    """The address of the class dashboard with the teacher code (`base` ends with /voila/render/)."""
    return f"{base}{DASHBOARD}?{urlencode({CODE_PARAMETER: code})}"


def announce_teacher(args: argparse.Namespace, base: str) -> str:
    """Choose the teacher code, hand it to the kernels and return the line to print."""
    code = args.teacher_code or new_teacher_code()
    os.environ[CODE_ENV] = code
    return f"Lehrkraft / teacher: {teacher_url(base, code)}"
