"""A generated class for screenshots and the dashboard benchmark: seeded, plausible answers."""

from __future__ import annotations

import random

from kartenspiele.classroom.classes.classes import Classes, Pupil
from kartenspiele.classroom.rooms.rooms import OPEN, Rooms

ANIMALS = (
    "Fuchs",
    "Dachs",
    "Eule",
    "Igel",
    "Luchs",
    "Otter",
    "Biber",
    "Falke",
    "Hase",
    "Wolf",
    "Reh",
    "Specht",
    "Lama",
    "Panda",
    "Koala",
    "Tiger",
    "Zebra",
    "Robbe",
    "Marder",
    "Elch",
)
EXERCISES = (
    [f"subsets.ways#{n}" for n in range(1, 6)]
    + [f"subsets.capture#{n}" for n in range(1, 5)]
    + [f"subsets.best#{n}" for n in range(1, 4)]
    + [f"parity.sum#{n}" for n in range(1, 5)]
    + [f"sequences.count#{n}" for n in range(1, 4)]
    + [f"chance.likely#{n}" for n in range(1, 4)]
)
REASONS = (
    "Zwei ungerade Zahlen ergeben zusammen eine gerade Zahl.",
    "Weil 8 + 7 schon 15 ist und es nur kleiner werden kann.",
    "Ich habe die Karten der Größe nach gelegt und keine vergessen.",
)


ENGLISH_WORDS = {"Ja": "Yes", "Nein": "No"}


def lesson_of(exercise: str) -> str:
    return exercise.split(".", 1)[0]


def generate(classes: Classes, pupils: int, exercises: int, seed: int = 1) -> str:
    """Open a class with `pupils` pupils who worked on the first `exercises` exercises."""
    return generate_pupils(classes, pupils, exercises, seed)[0]


def generate_lesson(classes: Classes, rooms: Rooms, pupils: int, seed: int = 1) -> str:
    """A class at the end of lesson 1: `pupils` pupils with answers, a reason each (some), the
    three exit-ticket questions answered and a few rooms played by pairs of them."""
    rng = random.Random(seed)
    code, joined = generate_pupils(classes, pupils, 12, seed)
    for pupil in joined:
        if rng.random() < 0.7:
            reason = {"kind": "reason", "lesson": "subsets", "exercise": "subsets.reason.cut#1"}
            classes.record(pupil, {**reason, "text": rng.choice(REASONS)})
        for question, right, wrong in (("exit1", "6", "5"), ("exit2", "Ja", "Nein"), ("exit3", "9", "7")):
            answers = [rng.choice((wrong, wrong, "4"))] if rng.random() < 0.35 else []
            for answer in [*answers, right]:
                entry = {"kind": "attempt", "lesson": "subsets", "exercise": f"subsets.{question}#1"}
                words = {"de": answer, "en": ENGLISH_WORDS.get(answer, answer)}  # as the lessons' quizzes record
                entry |= {"answer": answer, "answer_words": words, "ok": answer == right, "seconds": 12.0}
                classes.record(pupil, entry)
    for first, second in zip(joined[:6:2], joined[1:6:2]):
        room, _, _ = rooms.open("quanto", 2, [OPEN], first.nickname, member=first.member)
        rooms.join(room.code, second.nickname, member=second.member)
    return code


def generate_pupils(classes: Classes, pupils: int, exercises: int, seed: int = 1) -> tuple[str, list[Pupil]]:
    """`generate`, with the pupils as they joined (their tokens included)."""
    rng = random.Random(seed)
    joined = []
    code = classes.open()
    chosen = [
        EXERCISES[i % len(EXERCISES)] if i < len(EXERCISES) else f"{EXERCISES[i % len(EXERCISES)]}{i}"
        for i in range(exercises)
    ]
    for number in range(pupils):
        nickname = f"{ANIMALS[number % len(ANIMALS)]} {number // len(ANIMALS) + 1}"
        pupil = classes.join(code, nickname)
        joined.append(pupil)
        reach = rng.randint(len(chosen) // 2, len(chosen))
        lesson = None
        for exercise in chosen[:reach]:
            if lesson_of(exercise) != lesson:
                lesson = lesson_of(exercise)
                classes.record(pupil, {"kind": "seen", "lesson": lesson})
            roll = rng.random()
            if rng.random() < 0.2:
                classes.record(pupil, {"kind": "hint", "lesson": lesson, "exercise": exercise})
            wrong = 0 if roll < 0.55 else (rng.randint(1, 3) if roll < 0.9 else rng.randint(1, 2))
            for attempt in range(wrong):
                classes.record(
                    pupil,
                    {
                        "kind": "attempt",
                        "lesson": lesson,
                        "exercise": exercise,
                        "answer": str(rng.choice((3, 5, 6, 7, 9))),
                        "ok": False,
                        "seconds": 5.0 * (attempt + 1),
                    },
                )
            if roll < 0.9:
                classes.record(
                    pupil,
                    {
                        "kind": "attempt",
                        "lesson": lesson,
                        "exercise": exercise,
                        "answer": "4",
                        "ok": True,
                        "seconds": 5.0 * (wrong + 1),
                    },
                )
            if exercise.startswith("parity") and rng.random() < 0.3:
                classes.record(
                    pupil, {"kind": "reason", "lesson": lesson, "exercise": exercise, "text": rng.choice(REASONS)}
                )
    return code, joined


UNIT_QUIZZES = {
    "subsets": ("subsets.ways", "subsets.capture", "subsets.watch"),
    "parity": ("parity.sum", "select.title.parity", "can", "parity.watch"),
    "sequences": ("sequences.count", "select.title.runs", "sequences.sum", "sequences.watch"),
    "chance": ("chance.likely", "chance.reward", "chance.estimate", "chance.watch"),
}
"""The quizzes a generated pupil works on in each lesson (those every pupil works on)."""


def generate_unit(classes: Classes, pupils: int, seed: int = 1) -> str:
    """A class at the end of a four-lesson unit: every pupil opened each lesson, answered its
    quizzes (three problems each, some wrong first), practised at one or two levels with the
    anticipated mistakes a wrong answer shows (`sections.MISTAKE_SECTIONS`), and most handed in
    the exit ticket; the later lessons are a little less far along."""
    from kartenspiele.sections import MISTAKE_SECTIONS

    rng = random.Random(seed)
    code = classes.open()
    kinds = {lesson: [k for k, s in MISTAKE_SECTIONS.items() if s.startswith(f"{lesson}.")] for lesson in UNIT_QUIZZES}
    for number in range(pupils):
        pupil = classes.join(code, f"{ANIMALS[number % len(ANIMALS)]} {number + 1}")
        habit = rng.random() < 0.4  # some pupils keep making one mistake
        for index, (lesson, quizzes) in enumerate(UNIT_QUIZZES.items()):
            classes.record(pupil, {"kind": "seen", "lesson": lesson})
            if rng.random() < 0.1 * index:
                continue  # not this far yet
            for quiz in quizzes:
                for problem in range(1, 4):
                    answer = {"kind": "attempt", "lesson": lesson, "exercise": f"{quiz}#{problem}", "seconds": 9.0}
                    if rng.random() < 0.3:
                        classes.record(pupil, {**answer, "answer": "7", "ok": False})
                    classes.record(pupil, {**answer, "answer": "5", "ok": True})
            favourite = rng.choice(kinds[lesson])
            for level in ("grundschule", "klasse56")[: rng.randint(1, 2)]:
                for problem in range(1, 5):
                    answer = {"kind": "attempt", "lesson": lesson, "exercise": f"{lesson}.practice.{level}#{problem}"}
                    answer |= {"seconds": 20.0, "right": {"de": "6", "en": "6"}}
                    if habit or rng.random() < 0.25:
                        kind = favourite if habit else rng.choice(kinds[lesson])
                        classes.record(pupil, {**answer, "answer": "4", "ok": False, "mistake": kind})
                    classes.record(pupil, {**answer, "answer": "6", "ok": True})
            if rng.random() < 0.8:
                for question in (1, 2, 3):
                    exit_answer = {"kind": "attempt", "lesson": lesson, "exercise": f"{lesson}.exit{question}#1"}
                    classes.record(pupil, {**exit_answer, "answer": "3", "ok": rng.random() < 0.7, "seconds": 15.0})
    return code
