"""Maths lessons with the card games: the logic behind the notebooks in `lessons/`.

The notebooks stay thin; each calls into one module of this package (its steps; the lesson's
computations are in `<lesson>_numbers`, its problems or widgets beside them):

* `subsets` — 1. Teilsummen (Quanto): groups, the search tree, the counting polynomial;
* `parity` — 2. Gerade und ungerade (Tausch-Rausch): parity of sums, sum bounds;
* `sequences` — 3. Folgen: runs, adjacent pairs, arithmetic sequences and their sums;
* `chance` — 4. Zufall: exact chances by counting, simulation with the engine, rewards.

Every lesson starts with `LessonBar()` (the language switch). Exercises are quizzes
(`quiz`) whose problems ask the engine to judge an answer; `facts` computes every number a
lesson's text states; `index` draws the table of the lessons (`kartenspiele.catalogue`);
`practice` is the practice widget.
"""

from .language import LessonBar, language, switch_language

__all__ = ["LessonBar", "language", "switch_language"]
