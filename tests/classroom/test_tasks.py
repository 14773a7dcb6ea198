"""A recorded task keeps words and cards and never carries markup to the teacher's screen."""

from kartenspiele.classroom.classes.tasks import MAX_CHARS, task_html, task_text
from kartenspiele.lessons import subsets


def test_a_lesson_task_keeps_its_words_and_cards():
    problem = subsets.capture_quiz().problem
    words = task_text(problem.prompt("de"))
    assert words.startswith("Du spielst die 8.") and words.endswith("[[8]]") and "<" not in words


def test_markup_in_a_task_is_shown_as_text_never_run():
    crafted = (
        "<p>Hallo</p><script>alert(1)</script><span class='ks-card' aria-label=\"<img src=x onerror=alert(1)>\">"
        "<span>7</span></span><img src=x onerror=alert(2)>"
    )
    shown = task_html(task_text(crafted))
    assert "<script" not in shown and "<img" not in shown and "&lt;" in shown
    assert task_html("[[7]] und [[<b>]]") == "<span class='ks-chip'>7</span> und <span class='ks-chip'>&lt;b&gt;</span>"
    assert len(task_text("<p>" + "x " * 2000 + "</p>")) == MAX_CHARS
