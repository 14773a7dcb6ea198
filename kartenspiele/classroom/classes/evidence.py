"""The evidence of a class: what each pupil did, folded from their logs into records.

Log entries (written by `pupil.record`), each with `at` (seconds since the epoch):

* `{"kind": "seen", "lesson": L}` — a page of lesson L was opened;
* `{"kind": "attempt", "lesson": L, "exercise": E, "answer": "…", "ok": bool, "seconds": s}`
  (with `"answer_words": {"de": …, "en": …}` where an answer is words, such as a choice's label)
  — an answer to exercise E after `s` seconds on it (see `pupil.Stopwatch`);
  — practice answers also carry `"right": {"de": …, "en": …}` (the right answer as a pupil writes it) and,
  for a wrong answer that shows an anticipated mistake, `"mistake": KIND` (`sections.MISTAKE_SECTIONS`);
* `{"kind": "hint", "lesson": L, "exercise": E, "seconds": s}` — the hint (or the solution) was
  shown, `s` seconds into the problem;
* `{"kind": "reason", "lesson": L, "exercise": E, "text": "…"}` — a "Begründe" answer;
* attempts and reasons also carry `"task": {"de": "…", "en": "…"}`, the task's words with its
  cards marked `[[8]]` (`tasks.task_text`), for the dashboard's board;
* `{"kind": "game", "game": G, "result": "…", "moves": n, "seconds": s}` — a finished game.

`Evidence` folds entries one at a time (the dashboard reads only new ones) into one
`ExerciseRecord` per pupil and exercise: right at the first try or not, tries, hints, time
spent, the wrong answers and the reasons given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

FIRST_TRY = "first"
AFTER_TRIES = "after"
NOT_YET = "open"
GIVEN = "given"  # a reason was written: it is read, not marked right or wrong
UNTOUCHED = "none"


@dataclass
class ExerciseRecord:
    """One pupil's work on one exercise."""

    lesson: str
    exercise: str
    tries: int = 0
    first_try_right: bool | None = None
    solved: bool = False
    hints: int = 0
    seconds: float = 0.0
    wrong: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    mistakes: list[tuple[str, str]] = field(default_factory=list)  # (kind, the wrong answer that showed it)
    right: dict[str, str] = field(default_factory=dict)  # the right answer per language (practice)
    last_at: float = 0.0  # when the pupil last worked on it (seconds since the epoch)

    @property
    def status(self) -> str:
        if self.first_try_right:
            return FIRST_TRY
        if self.solved:
            return AFTER_TRIES
        if self.reasons and not self.tries:
            return GIVEN
        return NOT_YET if self.tries or self.hints or self.reasons else UNTOUCHED


@dataclass(frozen=True)
class GameRecord:
    nickname: str
    game: str
    result: str
    moves: int
    seconds: float
    at: float = 0.0  # when it ended (seconds since the epoch)


@dataclass
class Whereabouts:
    lesson: str | None = None
    exercise: str | None = None
    at: float = 0.0


class Evidence:
    """Everything a class did so far, folded from the pupils' log entries."""

    def __init__(self) -> None:
        self.records: dict[tuple[str, str], ExerciseRecord] = {}
        self.where: dict[str, Whereabouts] = {}
        self.visited: dict[str, set[str]] = {}  # nickname -> the lessons whose pages they opened
        self.games: list[GameRecord] = []
        self.exercises: dict[str, str] = {}  # exercise -> lesson, in the order first seen
        self.tasks: dict[str, dict[str, str]] = {}  # exercise -> its task's text per language
        self.answer_words: dict[tuple[str, str], dict[str, str]] = {}  # (exercise, answer) -> per language

    def add(self, nickname: str, entry: dict[str, Any]) -> None:
        """Fold one log entry of `nickname` in."""
        kind = entry.get("kind")
        where = self.where.setdefault(nickname, Whereabouts())
        where.at = max(where.at, float(entry.get("at", 0.0)))
        if kind == "game":
            self.games.append(
                GameRecord(
                    nickname,
                    str(entry["game"]),
                    str(entry["result"]),
                    int(entry["moves"]),
                    float(entry.get("seconds", 0.0)),
                    float(entry.get("at", 0.0)),
                )
            )
            return
        lesson = entry.get("lesson")
        if lesson:
            where.lesson = lesson
            self.visited.setdefault(nickname, set()).add(str(lesson))
        exercise = entry.get("exercise")
        if not exercise or kind not in ("attempt", "hint", "reason"):
            if kind == "seen" and lesson:  # (the start page is seen without a lesson: the place stays)
                where.exercise = None
            return
        where.exercise = exercise
        self.exercises.setdefault(exercise, lesson or "")
        task = entry.get("task")
        if isinstance(task, dict) and exercise not in self.tasks:
            self.tasks[exercise] = {str(lang): str(words) for lang, words in task.items()}
        record = self.records.setdefault((nickname, exercise), ExerciseRecord(lesson or "", exercise))
        record.last_at = max(record.last_at, float(entry.get("at", 0.0)))
        if kind == "hint":
            record.hints += 1
        elif kind == "reason":
            record.reasons.append(str(entry["text"]))
        elif not record.solved:
            if isinstance(entry.get("right"), dict) and not record.right:
                record.right = {str(lang): str(words) for lang, words in entry["right"].items()}
            record.tries += 1
            record.seconds = max(record.seconds, float(entry.get("seconds", 0.0)))
            if record.first_try_right is None:
                record.first_try_right = bool(entry["ok"])
            if entry["ok"]:
                record.solved = True
            else:
                record.wrong.append(str(entry["answer"]))
                if isinstance(entry.get("mistake"), str):
                    record.mistakes.append((entry["mistake"], str(entry["answer"])))
                words = entry.get("answer_words")
                if isinstance(words, dict):
                    self.answer_words[(exercise, str(entry["answer"]))] = {str(k): str(v) for k, v in words.items()}

    def add_all(self, entries: Iterable[tuple[str, dict[str, Any]]]) -> Evidence:
        for nickname, entry in entries:
            self.add(nickname, entry)
        return self

    def record(self, nickname: str, exercise: str) -> ExerciseRecord | None:
        return self.records.get((nickname, exercise))

    def common_wrong(self, exercise: str, top: int = 3, lang: str | None = None) -> list[tuple[str, int]]:
        """The most common wrong answers to an exercise (each pupil's answer counted once), in
        `lang` where an answer is words (as recorded otherwise)."""
        counts: Counter[str] = Counter()
        for (_, key), record in self.records.items():
            if key == exercise:
                counts.update(list(dict.fromkeys(record.wrong)))
        return [(self.answer_in(exercise, answer, lang), count) for answer, count in counts.most_common(top)]

    def answer_in(self, exercise: str, answer: str, lang: str | None) -> str:
        """A recorded answer in `lang` (a choice's label in the dashboard's language)."""
        return self.answer_words.get((exercise, answer), {}).get(lang or "", answer)

    def answers(self, exercise: str) -> list[str]:
        """Every wrong answer and every reason given to an exercise, without names."""
        found: list[str] = []
        for _, record in sorted(item for item in self.records.items() if item[0][1] == exercise):
            found += record.reasons + record.wrong
        return found
