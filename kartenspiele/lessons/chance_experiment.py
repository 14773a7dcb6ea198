"""Lesson 4's experiment: a group estimates, then the engine deals hands from the group's own
seed and counts how often a task succeeds; the class's groups pool into one class result
(`classroom.classes.experiments`); many dealt hands show where the share settles.

At Grundschule level (`chance_level.in_words`) the results are counted hands: "3-mal in 100
Händen", a grid of the first 100 hands, "ungefähr 3 von 100" for the class. From Klasse 5–6 on
they are relative frequencies in per cent with a chart, the exact chance and the band in which
about 95 of 100 runs stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape
from secrets import randbelow

import ipywidgets as widgets
from IPython.display import HTML

from ..classroom.classes import experiments, pupil
from ..i18n import text
from ..lite import in_browser
from ..tausch_rausch import task_by_id
from ..widgets.plain import looks, plain, set_shown
from .chance_level import in_words, words
from .chance_numbers import exact, running_frequency, show_percent, simulate, spread, thinned
from .charts import GREEN, Line, line_chart
from .language import follow, in_both_languages, language
from .style import message
from .style import table as html_table

FIGURE_HANDS = 1000
"""The many hands dealt for the class to compare with: after n hands the share typically strays
from the chance p by about √(p(1 − p)/n); for p ≈ 2,74 % that is ±3,3 percentage points (twice
that width) after 100 hands — more than p itself — but only ±1,0 after 1000, so the curve
visibly settles onto the line; and 1000 is a number a Klasse 3 knows."""
MILESTONES = (100, 200, 500, 1000)
"""The hands after which the Grundschule table counts the hits so far."""
GROUP_SEEDS = 9000  # a group's seed is 1000–9999: short enough to read out
HANDS_PER_GROUP = 100_000  # the games of a group: seed · 100000 + 0, 1, …
GRID = 100
"""The first hands a group's grid shows, one square each (ten rows of ten)."""


def frequency_chart(
    task_id: str,
    size: int,
    own: Sequence[bool],
    lang: str,
    pooled: Sequence[tuple[int, float]] = (),
    band: bool = False,
) -> str:
    """The running share of hits of `own` hands (and of the class, if given) beside the exact
    chance; with `band`, the shaded region in which about 95 of 100 runs stay."""
    chance = exact(task_id, size)
    line_y = 100 * float(chance)
    frequency = [100 * value for value in running_frequency(own)]
    x_max = max(len(own), max((hands for hands, _ in pooled), default=0), 10)
    lines = [Line(thinned(frequency), text("lessons.chance.plot.frequency", lang))] if own else []
    if pooled:
        lines.append(
            Line(
                [(0, 100 * pooled[0][1]), *((h, 100 * f) for h, f in pooled)][1:],
                text("lessons.chance.plot.class", lang),
                GREEN,
                3,
                "3 3",
            )
        )
    funnel = (
        [
            (x, max(0.0, line_y - spread(chance, x)), line_y + spread(chance, x))
            for x in range(10, x_max + 1, max(1, x_max // 200))
        ]
        if band
        else []
    )
    tail = frequency[len(frequency) // 10 :] or [line_y]
    y_max = max(3 * line_y, max(tail) * 1.15, *(100 * f * 1.15 for _, f in pooled[len(pooled) // 3 :]))
    alt = text(
        "lessons.access.simulation_alt",
        lang,
        task=task_by_id(task_id).title(lang),
        games=len(own),
        chance=show_percent(chance, lang),
    )
    return line_chart(
        lines,
        x_max=x_max,
        y_max=y_max,
        x_label=text("lessons.chance.plot.games", lang, size=size),
        y_label=text("lessons.chance.plot.percent", lang),
        title=task_by_id(task_id).title(lang),
        alt=alt,
        lang=lang,
        reference=(line_y, text("lessons.chance.plot.exact", lang, chance=show_percent(chance, lang))),
        band=funnel,
        band_label=text("lessons.chance.plot.band", lang) if band else "",
    )


def hits_grid(hits: Sequence[bool], lang: str) -> str:
    """The first `GRID` hands as ten rows of ten squares, a hit filled: counting, not per cent."""
    shown = list(hits[:GRID])
    cells = "".join(f"<span class='ks-hand{' ks-hit' if hit else ''}'></span>" for hit in shown)
    label = escape(text("lessons.chance.grid", lang, hands=len(shown), hits=sum(shown)))
    return f"<div class='ks-hands' role='img' aria-label='{label}'>{cells}</div>"


@in_both_languages
def many_hands(task_id: str = "five-even", games: int = FIGURE_HANDS, lang: str | None = None, size: int = 5) -> HTML:
    """What many dealt hands show, once the class has estimated: at Grundschule level how many
    hits after 100, 200, … hands and "about so many of 100"; from Klasse 5–6 on the relative
    frequency, the exact chance and the band in which about 95 of 100 runs stay."""
    lang = lang or language()
    hits = simulate(task_id, games, size)
    if in_words():
        head = [
            text("lessons.chance.column.hands", lang),
            text("lessons.chance.column.hits", lang),
            text("lessons.chance.column.per_hundred", lang),
        ]
        rows = [(n, sum(hits[:n]), round(100 * sum(hits[:n]) / n)) for n in MILESTONES if n <= games]
        said = escape(text("lessons.answer.many.grundschule", lang))
        return HTML(f"<p>{said}</p>{html_table(head, rows)}")
    said = escape(text("lessons.answer.many", lang))
    return HTML(f"<p>{said}</p>{frequency_chart(task_id, size, hits, lang, band=True)}")


def group_seed() -> int:
    """A new seed for a group: 1000–9999, different on every page."""
    return 1000 + randbelow(GROUP_SEEDS)


class Simulation(widgets.VBox):
    """A group's experiment: write an estimate first, then deal hands with the engine (100 or
    1000 at a time, from the group's own seed) and compare. "Von vorn" starts again with a new
    seed. In a class each batch is recorded and the class's pooled result is shown beside the
    group's."""

    BATCHES = (100, 1000)

    def __init__(self, task_id: str = "five-even", size: int = 5, seed: int | None = None) -> None:
        super().__init__(**looks(widgets.VBox))
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.task_id = task_id
        self.size = size
        self.title = plain(widgets.HTML)
        self.seed_line = plain(widgets.HTML)
        self.estimate_label = plain(widgets.HTML)
        self.estimate_box = plain(widgets.Text, layout=widgets.Layout(width="6em"))
        self.estimate_box.observe(lambda change: self.set_estimate(change["new"]), "value")
        self.buttons = [plain(widgets.Button, icon="random") for _ in self.BATCHES]
        for button, games in zip(self.buttons, self.BATCHES):
            button.add_class("ks-main-action")
            button.on_click(lambda _, games=games: self.deal(games))
        self.reset_button = plain(widgets.Button, icon="fast-backward")
        self.reset_button.on_click(lambda _: self.reset())
        self.class_button = plain(widgets.Button, icon="users")
        self.class_button.on_click(lambda _: self.redraw())
        self.result = plain(widgets.HTML)
        self.chart = plain(widgets.HTML)
        self.children = (
            self.title,
            self.seed_line,
            plain(widgets.HBox, [self.estimate_label, self.estimate_box]),
            plain(widgets.HBox, [*self.buttons, self.reset_button, self.class_button]),
            self.result,
            self.chart,
        )
        self.reset(seed)
        follow(self)

    @property
    def experiment(self) -> str:
        return f"chance.sim.{self.task_id}.{self.size}"

    def reset(self, seed: int | None = None) -> None:
        """Start again (a new seed unless one is given); the estimate is asked again."""
        self.seed = group_seed() if seed is None else seed
        self.hits: list[bool] = []
        self.estimate: int | None = None
        self.estimate_box.value = ""
        self.redraw()

    def set_estimate(self, raw: str) -> None:
        """The group's estimate: how many hits in 100 hands (a whole number 0–100)."""
        value = raw.strip()
        self.estimate = int(value) if value.isdigit() and int(value) <= 100 else None
        self.redraw()

    def deal(self, games: int) -> None:
        """Deal `games` more hands from the group's seed and check each with the task finder."""
        if self.estimate is None:
            return
        first = self.seed * HANDS_PER_GROUP + len(self.hits)
        batch = simulate(self.task_id, games, self.size, first)
        self.hits.extend(batch)
        experiments.record_batch(self.experiment, self.seed, games, sum(batch))
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        self.title.value = (
            f"<h3>{escape(text('lessons.chance.sim.title', lang, size=self.size))}</h3>"
            f"<p>{escape(task_by_id(self.task_id).title(lang))}</p>"
        )
        self.seed_line.value = f"<p>{escape(text('lessons.chance.sim.seed', lang, seed=self.seed))}</p>"
        self.estimate_label.value = escape(text("lessons.chance.sim.estimate", lang))
        self.estimate_box.disabled = bool(self.hits)
        for button, games in zip(self.buttons, self.BATCHES):
            button.description = text("lessons.chance.sim.deal", lang, games=games)
            button.disabled = self.estimate is None
        self.reset_button.description = text("lessons.chance.sim.reset", lang)
        in_class = pupil.current() is not None
        self.class_button.description = words("lessons.chance.sim.class_refresh", lang)
        set_shown(self.class_button, in_class)
        if not self.hits:
            key = "lessons.chance.sim.none" if self.estimate is None else "lessons.chance.sim.ready"
            self.result.value = message(text(key, lang, estimate=self.estimate or 0))
            self.chart.value = ""
            return
        batches = experiments.class_batches(self.experiment) if in_class else []
        self.result.value = message(self.headline(lang), self.lines(lang, batches, in_class), None)
        pooled = experiments.pooled_curve(batches)
        if in_words():
            self.chart.value = hits_grid(self.hits, lang)
        else:
            self.chart.value = frequency_chart(self.task_id, self.size, self.hits, lang, pooled)

    def headline(self, lang: str) -> str:
        games, hits = len(self.hits), sum(self.hits)
        share = show_percent(Fraction(hits, games), lang)
        return words("lessons.chance.sim.result", lang, games=games, count=hits, frequency=share)

    def lines(self, lang: str, batches: list, in_class: bool) -> list[str]:
        """The estimate against the first 100 hands, the exact chance (from Klasse 5–6 on), and
        the class's pooled result (or, alone, how a class would pool)."""
        found = [text("lessons.chance.sim.estimated", lang, count=self.estimate, hits=sum(self.hits[:100]))]
        if not in_words():
            found.append(
                text("lessons.chance.sim.exact", lang, chance=show_percent(exact(self.task_id, self.size), lang))
            )
        if batches:
            hands, hits = sum(batch.hands for batch in batches), sum(batch.hits for batch in batches)
            groups = len({(batch.group, batch.seed) for batch in batches})
            found.append(
                words(
                    "lessons.chance.sim.class",
                    lang,
                    count=groups,
                    hands=hands,
                    hits=hits,
                    frequency=show_percent(Fraction(hits, hands), lang),
                    per_hundred=round(100 * hits / hands),
                )
            )
        elif not in_class and not in_browser():  # the browser build has no classes
            found.append(words("lessons.chance.sim.alone", lang))
        return found

    def activities(self) -> dict[str, int]:
        """The group's experiment: estimate, deal, compare (`timing`)."""
        return {"experiment": 1}

    def __repr__(self) -> str:
        return f"Simulation({self.task_id!r}, size={self.size})"
