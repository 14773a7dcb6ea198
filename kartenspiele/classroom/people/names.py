"""Names pupils type — nicknames in a class, names at a table — and when two are the same.

A name is kept as typed after Unicode NFKC (full-width letters, U+FF21 and on, are the plain
ones, "ﬁ" is "fi", mathematical bold letters are plain) with its spaces tidied. Signs nobody can see are refused
(`hidden_signs`): the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
U+061C) that turn the text after them around, zero-width and other format characters
(category Cf) and control characters (Cc).

Two names are the same when their keys (`name_key`) are: a Cyrillic or Greek letter that looks
like a Latin one counts as that letter, and case does not count (`casefold`, as before), so
"Аna" with a Cyrillic "А" is the same pupil as "Ana". The key of a name of plain letters (ASCII,
umlauts, "ß" and the other common Latin letters) is what it was before, `casefold` of the name:
records saved under it stay found.

Why a table here and not a confusables library (e.g. `confusable-homoglyphs`, which ships
Unicode's confusables.txt as 0.9 MB of JSON and has no skeleton function): the key is a store key
and must not change when a dependency updates its Unicode data (UTS #39 says skeletons are not
stable across versions); the full skeleton also maps ASCII to ASCII ("1" → "l", "m" → "rn",
"0" → "O"), which would make "Tom1" and "Toml" one pupil and change the keys of plain names; and
every kernel would load the data for a few names. `LOOK_ALIKES` is the part that matters in a
classroom, taken from confusables.txt (as `confusable-homoglyphs` 3.3.1 ships it): each Cyrillic
or Greek letter whose look-alike there is one Latin letter, written in the same case
(confusables.txt maps "І" to "l"; it looks like "I"), less those NFKC changes anyway. Other
scripts (Cherokee, Lisu …) are not covered; NFKC covers full-width and mathematical letters.
"""

from __future__ import annotations

import unicodedata

HIDDEN_CATEGORIES = frozenset({"Cf", "Cc", "Cs"})
"""Format characters (bidirectional controls, zero-width signs, soft hyphen …), control
characters and lone surrogates: none shows in a name."""

LOOK_ALIKES: dict[str, str] = {
    # Cyrillic capitals
    "А": "A",  # U+0410
    "В": "B",  # U+0412
    "Е": "E",  # U+0415
    "Ѕ": "S",  # U+0405
    "І": "I",  # U+0406
    "Ј": "J",  # U+0408
    "К": "K",  # U+041A
    "М": "M",  # U+041C
    "Н": "H",  # U+041D
    "О": "O",  # U+041E
    "Р": "P",  # U+0420
    "С": "C",  # U+0421
    "Т": "T",  # U+0422
    "У": "Y",  # U+0423
    "Х": "X",  # U+0425
    "Ь": "b",  # U+042C
    "Ѵ": "V",  # U+0474
    "Ү": "Y",  # U+04AE
    "Ӏ": "I",  # U+04C0
    "Ԍ": "G",  # U+050C
    "Ԝ": "W",  # U+051C
    # Cyrillic small letters
    "а": "a",  # U+0430
    "г": "r",  # U+0433
    "е": "e",  # U+0435
    "о": "o",  # U+043E
    "р": "p",  # U+0440
    "с": "c",  # U+0441
    "у": "y",  # U+0443
    "х": "x",  # U+0445
    "ѕ": "s",  # U+0455
    "і": "i",  # U+0456
    "ј": "j",  # U+0458
    "ѡ": "w",  # U+0461
    "ѵ": "v",  # U+0475
    "ү": "y",  # U+04AF
    "һ": "h",  # U+04BB
    "ҽ": "e",  # U+04BD
    "ӏ": "l",  # U+04CF
    "ԁ": "d",  # U+0501
    "ԛ": "q",  # U+051B
    "ԝ": "w",  # U+051D
    "ꙇ": "i",  # U+A647
    # Greek capitals
    "Α": "A",  # U+0391
    "Β": "B",  # U+0392
    "Ε": "E",  # U+0395
    "Ζ": "Z",  # U+0396
    "Η": "H",  # U+0397
    "Ι": "I",  # U+0399
    "Κ": "K",  # U+039A
    "Μ": "M",  # U+039C
    "Ν": "N",  # U+039D
    "Ο": "O",  # U+039F
    "Ρ": "P",  # U+03A1
    "Τ": "T",  # U+03A4
    "Υ": "Y",  # U+03A5
    "Χ": "X",  # U+03A7
    "Ϳ": "J",  # U+037F
    "Ϝ": "F",  # U+03DC
    "Ϻ": "M",  # U+03FA
    # Greek small letters
    "α": "a",  # U+03B1
    "γ": "y",  # U+03B3
    "ι": "i",  # U+03B9
    "ν": "v",  # U+03BD
    "ο": "o",  # U+03BF
    "ρ": "p",  # U+03C1
    "σ": "o",  # U+03C3
    "υ": "u",  # U+03C5
    "ϳ": "j",  # U+03F3
}
"""A Cyrillic or Greek letter -> the Latin letter it looks like (see the module's text)."""

_LOOK_ALIKES = str.maketrans(LOOK_ALIKES)


def tidy(name: str) -> str:
    """The name as kept: NFKC, spaces trimmed and single (whether it is allowed is not checked)."""
    return " ".join(unicodedata.normalize("NFKC", str(name)).split())


def hidden_signs(name: str) -> bool:
    """Whether the name holds a sign that cannot be seen (a bidirectional control such as
    U+202E, a zero-width or other format character, a control character)."""
    return any(unicodedata.category(sign) in HIDDEN_CATEGORIES for sign in name)


def name_key(name: str) -> str:
    """What decides whether two names are the same: NFKC, each look-alike letter as its Latin
    letter (accents kept: Cyrillic "ё" is "ë"), case ignored. For a name of Latin letters,
    digits and signs this is `casefold` of it (the key names had before look-alikes counted)."""
    letters = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", str(name)))
    return unicodedata.normalize("NFC", letters.translate(_LOOK_ALIKES).casefold())
