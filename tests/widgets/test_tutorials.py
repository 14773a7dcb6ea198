"""The rules tutorials: every lesson can be carried out by clicks, in both languages; wrong
tries are explained and change nothing."""

import pytest

from kartenspiele.quanto.cards import DECK
from kartenspiele.widgets import QuantoTutorial, TauschRauschTutorial

from .helpers import press_quanto_move, press_tausch_rausch_move


def finish(tutorial, press):
    """Carry out the current lesson: the hint's move for every step."""
    game = tutorial.engine()
    for step in tutorial.lesson.steps:
        move = next(m for m in tutorial.legal_moves() if step.matches(m, game))
        press(tutorial.table, move)
    assert tutorial.done


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(
    "kind,press", [(QuantoTutorial, press_quanto_move), (TauschRauschTutorial, press_tausch_rausch_move)]
)
def test_every_lesson_can_be_done_by_clicks(kind, press, lang):
    tutorial = kind(lang=lang)
    titles = set()
    for index in range(len(tutorial.lessons)):
        assert tutorial.index == index and not tutorial.done
        assert tutorial.next_button.disabled and not tutorial.hint_button.disabled
        finish(tutorial, press)
        assert "✔" in tutorial.text.value and "ks-say-good" in tutorial.table.message.value
        assert tutorial.table.banner.value, "the move is told with its arithmetic"
        titles.add(tutorial.words("title"))
        if index < len(tutorial.lessons) - 1:
            assert not tutorial.next_button.disabled
            tutorial.next_button.click()
    assert len(titles) == len(tutorial.lessons)
    assert tutorial.next_button.disabled
    game = f"{tutorial.game_key}.ipynb" + ("" if lang == "de" else "?lang=en")
    assert f"<a class='ks-home' href='{game}' target='_self'>" in tutorial.text.value  # on into a real game


def test_a_wrong_capture_is_told_with_its_arithmetic_and_undone():
    tutorial = QuantoTutorial(lesson=2)  # several groups: 8 takes 8 and 4 + 4
    state = tutorial.table.state
    wrong = next(m for m in state.legal_moves() if m.kind == "capture" and len(m.takes) == 1)
    before = state.to_dict()
    press_quanto_move(tutorial.table, wrong)
    message = tutorial.table.message.value
    assert "8 passt genau: du nimmst 8." in message and "Da geht noch mehr" in message
    assert tutorial.table.state.to_dict() == before and not tutorial.done


def test_picking_a_card_that_does_not_fit_is_explained():
    tutorial = QuantoTutorial(lesson=1, lang="en")  # 8 with the table 2 6 9 11
    table = tutorial.table
    eight = next(i for i in table.state.hands[0] if DECK[i].value == 8)
    table.hand_row.press(eight)
    nine = next(spec.key for spec in table.table_row.specs if spec.label == "9")
    table.table_row.press(nine)
    assert "9 is more than 8." in table.message.value


def test_hint_marks_the_cards_and_the_lesson_chooser_jumps():
    tutorial = TauschRauschTutorial(lang="en")
    tutorial.chooser.value = 3
    assert tutorial.index == 3 and "Lesson 4 of" in tutorial.text.value
    tutorial.hint_button.click()
    assert len(tutorial.table.picked) == 4 and "Hint" in tutorial.table.message.value
    tutorial.again_button.click()
    assert tutorial.table.picked == [] and tutorial.index == 3
    tutorial.language.value = "de"
    assert "Lektion 4 von" in tutorial.text.value and tutorial.table.names[0] == "Spieler 1"
