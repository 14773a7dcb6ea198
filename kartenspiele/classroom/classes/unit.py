"""A class through a whole unit: each pupil's path through the lessons, folded from `Evidence`.

Per pupil (`PupilPath`), for every lesson of the catalogue (`LessonPath`):

* the state: `NOT_STARTED` (nothing recorded), `IN_PROGRESS` (a page opened or something
  answered), `DONE` (something answered in every section that every pupil works on,
  `sections.Section.core`), `EXIT_TICKET` (every exit-ticket question answered);
* the exercises right at the first try, of those answered;
* the practice level reached (the highest level with a solved exercise) and how many there.

Across the unit: the kinds of anticipated mistakes that recur (in `RECUR` or more different
exercises; a single slip is not a pattern), each with an example answer and the right one; where
the pupil left off (lesson and section); and one suggested next step (`NextStep`): the section
that works on their most frequent recurring mistake; else the next section not yet worked on in
the lesson they are in; else the next practice level when the current one goes well; else the
exit ticket of a lesson worked through; else the next lesson.

For the class, `common_mistakes`: the kinds most pupils made, with an example and the section.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...catalogue import LESSONS, PRACTICE_LEVELS
from ...sections import EXIT_QUESTIONS, MISTAKE_SECTIONS, exit_question, lesson_sections, practice_level, section_of
from .evidence import Evidence, ExerciseRecord

NOT_STARTED, IN_PROGRESS, DONE, EXIT_TICKET = "not_started", "in_progress", "done", "exit_ticket"
STATES = (NOT_STARTED, IN_PROGRESS, DONE, EXIT_TICKET)
RECUR = 2
"""Different exercises in which a kind of mistake must show before it counts as recurring."""
LEVEL_UP_ANSWERS, LEVEL_UP_SHARE = 4, 0.75
"""Answers at a practice level, and the share right at the first try, that suggest the next level."""
COMMON_TOP = 3


@dataclass(frozen=True)
class LessonPath:
    """One pupil in one lesson."""

    lesson: str
    state: str
    first_try: int = 0
    answered: int = 0
    level: str | None = None
    level_solved: int = 0


@dataclass(frozen=True)
class Example:
    """A wrong answer that showed a mistake: the exercise, the answer and the right one."""

    exercise: str
    answer: str
    right: dict[str, str]


@dataclass(frozen=True)
class Recurring:
    """A kind of mistake a pupil made in `exercises` different exercises."""

    kind: str
    exercises: int
    example: Example

    @property
    def section(self) -> str:
        return MISTAKE_SECTIONS[self.kind]


@dataclass(frozen=True)
class NextStep:
    """What to do next: a section to (re)work (`section`), a practice level in a lesson
    (`level` with `lesson`), or a lesson to begin (`lesson` alone); `why` names the reason."""

    why: str
    lesson: str
    section: str | None = None
    level: str | None = None


@dataclass(frozen=True)
class PupilPath:
    nickname: str
    lessons: tuple[LessonPath, ...]
    recurring: tuple[Recurring, ...]
    left_off: tuple[str, str | None] | None
    next_step: NextStep | None

    def lesson(self, key: str) -> LessonPath:
        return next(path for path in self.lessons if path.lesson == key)


@dataclass(frozen=True)
class ClassMistake:
    """A kind of mistake in the class: how many pupils made it, how often, one example (no name)."""

    kind: str
    pupils: int
    times: int
    example: Example

    @property
    def section(self) -> str:
        return MISTAKE_SECTIONS[self.kind]


def _answered(record: ExerciseRecord) -> bool:
    return bool(record.tries or record.reasons)


def lesson_path(lesson: str, records: list[ExerciseRecord], visited: bool) -> LessonPath:
    """One pupil's state in `lesson` from their records of it."""
    answered = [record for record in records if record.tries]
    exits = {exit_question(record.exercise) for record in records if _answered(record)} - {None}
    worked = {found.key for record in records if _answered(record) and (found := section_of(record.exercise))}
    core = [found.key for found in lesson_sections(lesson) if found.core and found.exercises]
    if len(exits) >= EXIT_QUESTIONS:
        state = EXIT_TICKET
    elif core and all(key in worked for key in core):
        state = DONE
    elif visited or records:
        state = IN_PROGRESS
    else:
        state = NOT_STARTED
    solved_at: Counter[str] = Counter(
        level for record in records if record.solved and (level := practice_level(record.exercise))
    )
    reached = max(solved_at, key=PRACTICE_LEVELS.index, default=None)
    return LessonPath(
        lesson,
        state,
        sum(1 for record in answered if record.first_try_right),
        len(answered),
        reached,
        solved_at[reached] if reached else 0,
    )


def recurring_mistakes(records: list[ExerciseRecord]) -> tuple[Recurring, ...]:
    """The kinds of mistakes in `RECUR` or more different exercises, the most frequent first."""
    seen: dict[str, list[Example]] = {}
    for record in sorted(records, key=lambda r: r.last_at):
        first = {kind: answer for kind, answer in reversed(record.mistakes)}  # each kind once per exercise
        for kind, answer in first.items():
            if kind in MISTAKE_SECTIONS:
                seen.setdefault(kind, []).append(Example(record.exercise, answer, record.right))
    found = [Recurring(kind, len(examples), examples[0]) for kind, examples in seen.items() if len(examples) >= RECUR]
    return tuple(sorted(found, key=lambda item: (-item.exercises, item.kind)))


def next_step(
    paths: tuple[LessonPath, ...], recurring: tuple[Recurring, ...], records: list[ExerciseRecord], current: str | None
) -> NextStep | None:
    """The suggested next step (see the module docstring); None when nothing is left."""
    if recurring:
        top = recurring[0]
        return NextStep("mistake", top.section.split(".")[0], section=top.section)
    by_key = {path.lesson: path for path in paths}
    if current in by_key and by_key[current].state == IN_PROGRESS:
        worked = {found.key for record in records if _answered(record) and (found := section_of(record.exercise))}
        for found in lesson_sections(current):
            if found.core and found.exercises and found.key not in worked:
                return NextStep("continue", current, section=found.key)
    for path in paths:
        if path.level is None:
            continue
        at_level = [
            r for r in records if r.tries and r.lesson == path.lesson and practice_level(r.exercise) == path.level
        ]
        right = sum(1 for r in at_level if r.first_try_right)
        higher = PRACTICE_LEVELS.index(path.level) + 1
        going_well = len(at_level) >= LEVEL_UP_ANSWERS and right >= LEVEL_UP_SHARE * len(at_level)
        if going_well and higher < len(PRACTICE_LEVELS):
            return NextStep("level_up", path.lesson, section=f"{path.lesson}.practice", level=PRACTICE_LEVELS[higher])
    for path in paths:
        if path.state == DONE:
            return NextStep("exit_ticket", path.lesson, section=f"{path.lesson}.sicherung")
    for path in paths:
        if path.state == NOT_STARTED:
            return NextStep("begin", path.lesson)
    return None


def pupil_path(evidence: Evidence, nickname: str, records: list[ExerciseRecord] | None = None) -> PupilPath:
    """One pupil's path through the unit (`records`: theirs, if already picked out)."""
    if records is None:
        records = [record for (nick, _), record in evidence.records.items() if nick == nickname]
    visited = evidence.visited.get(nickname, set())
    paths = tuple(
        lesson_path(lesson.key, [r for r in records if r.lesson == lesson.key], lesson.key in visited)
        for lesson in LESSONS
    )
    recurring = recurring_mistakes(records)
    where = evidence.where.get(nickname)
    left_off = None
    if where is not None and where.lesson:
        found = section_of(where.exercise) if where.exercise else None
        left_off = (where.lesson, found.key if found else None)
    return PupilPath(
        nickname, paths, recurring, left_off, next_step(paths, recurring, records, where.lesson if where else None)
    )


def unit_paths(evidence: Evidence, pupils: list[str]) -> list[PupilPath]:
    """Every pupil's path, in the order of `pupils` (also those who did nothing yet)."""
    by_pupil: dict[str, list[ExerciseRecord]] = {}
    for (nickname, _), record in evidence.records.items():
        by_pupil.setdefault(nickname, []).append(record)
    return [pupil_path(evidence, nickname, by_pupil.get(nickname, [])) for nickname in pupils]


def common_mistakes(evidence: Evidence, top: int = COMMON_TOP) -> list[ClassMistake]:
    """The kinds of mistakes most pupils of the class made (then: most often), with an example."""
    pupils: dict[str, set[str]] = {}
    times: Counter[str] = Counter()
    examples: dict[str, Example] = {}
    for (nickname, _), record in sorted(evidence.records.items(), key=lambda item: item[1].last_at):
        for kind, answer in record.mistakes:
            if kind not in MISTAKE_SECTIONS:
                continue
            pupils.setdefault(kind, set()).add(nickname)
            times[kind] += 1
            examples.setdefault(kind, Example(record.exercise, answer, record.right))
    ranked = sorted(pupils, key=lambda kind: (-len(pupils[kind]), -times[kind], kind))
    return [ClassMistake(kind, len(pupils[kind]), times[kind], examples[kind]) for kind in ranked[:top]]
